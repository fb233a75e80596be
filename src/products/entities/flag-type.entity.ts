import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.js';

/** `flagtypes`: `target_type` is 'b' (bug) or 'a' (attachment). */
@Entity({ name: 'flagtypes' })
export class FlagType {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id: number;

  @Column({ name: 'name', type: 'varchar', length: 50 })
  name: string;

  @Column({ name: 'description', type: 'text' })
  description: string;

  @Column({ name: 'cc_list', type: 'varchar', length: 200, nullable: true })
  ccList: string | null;

  @Column({ name: 'target_type', type: 'varchar', length: 1, default: 'b' })
  targetType: string;

  @BooleanColumn('is_active', { default: true })
  isActive: boolean;

  @BooleanColumn('is_requestable', { default: false })
  isRequestable: boolean;

  @BooleanColumn('is_requesteeble', { default: false })
  isRequesteeble: boolean;

  @BooleanColumn('is_multiplicable', { default: false })
  isMultiplicable: boolean;

  @Column({ name: 'sortkey', type: 'smallint', default: 0 })
  sortkey: number;

  @Column({ name: 'grant_group_id', type: 'int', nullable: true })
  grantGroupId: number | null;

  @Column({ name: 'request_group_id', type: 'int', nullable: true })
  requestGroupId: number | null;
}
