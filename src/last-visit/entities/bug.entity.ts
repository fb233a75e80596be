import { Column, Entity, PrimaryGeneratedColumn, type ValueTransformer } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.js';

/** decimal(7,2) comes back as a string from mysql2 unless told otherwise; always a number here. */
const decimalTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: unknown) => (value === null || value === undefined ? value : Number(value)),
};

/**
 * `bugs` with Bugzilla 5.2's full column set. This service only reads it (who is
 * involved, which product/component); bugs are written by Bugzilla itself.
 */
@Entity({ name: 'bugs' })
export class Bug {
  @PrimaryGeneratedColumn({ name: 'bug_id', type: 'int' })
  bugId: number;

  @Column({ name: 'assigned_to', type: 'int' })
  assignedTo: number;

  @Column({ name: 'bug_file_loc', type: 'text', default: '' })
  bugFileLoc: string;

  @Column({ name: 'bug_severity', type: 'varchar', length: 64 })
  bugSeverity: string;

  @Column({ name: 'bug_status', type: 'varchar', length: 64 })
  bugStatus: string;

  @Column({ name: 'creation_ts', type: Date, nullable: true })
  creationTs: Date | null;

  @Column({ name: 'delta_ts', type: Date })
  deltaTs: Date;

  @Column({ name: 'short_desc', type: 'varchar', length: 255 })
  shortDesc: string;

  @Column({ name: 'op_sys', type: 'varchar', length: 64 })
  opSys: string;

  @Column({ name: 'priority', type: 'varchar', length: 64 })
  priority: string;

  @Column({ name: 'product_id', type: 'smallint' })
  productId: number;

  @Column({ name: 'rep_platform', type: 'varchar', length: 64 })
  repPlatform: string;

  @Column({ name: 'reporter', type: 'int' })
  reporter: number;

  @Column({ name: 'version', type: 'varchar', length: 64 })
  version: string;

  @Column({ name: 'component_id', type: 'int' })
  componentId: number;

  @Column({ name: 'resolution', type: 'varchar', length: 64, default: '' })
  resolution: string;

  @Column({
    name: 'target_milestone',
    type: 'varchar',
    length: 64,
    default: '---',
  })
  targetMilestone: string;

  @Column({ name: 'qa_contact', type: 'int', nullable: true })
  qaContact: number | null;

  @Column({ name: 'status_whiteboard', type: 'text', default: '' })
  statusWhiteboard: string;

  @Column({ name: 'lastdiffed', type: Date, nullable: true })
  lastdiffed: Date | null;

  @BooleanColumn('everconfirmed')
  everconfirmed: boolean;

  @BooleanColumn('reporter_accessible', { default: true })
  reporterAccessible: boolean;

  @BooleanColumn('cclist_accessible', { default: true })
  cclistAccessible: boolean;

  @Column({
    name: 'estimated_time',
    type: 'decimal',
    precision: 7,
    scale: 2,
    default: 0,
    transformer: decimalTransformer,
  })
  estimatedTime: number;

  @Column({
    name: 'remaining_time',
    type: 'decimal',
    precision: 7,
    scale: 2,
    default: 0,
    transformer: decimalTransformer,
  })
  remainingTime: number;

  @Column({ name: 'deadline', type: Date, nullable: true })
  deadline: Date | null;
}
