import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../boolean-column.js';

/** `bug_status`: the bug status field's values. */
@Entity({ name: 'bug_status' })
export class BugStatus {
  @PrimaryGeneratedColumn({ name: 'id', type: 'smallint' })
  id: number;

  @Column({ name: 'value', type: 'varchar', length: 64 })
  value: string;

  @Column({ name: 'sortkey', type: 'smallint', default: 0 })
  sortkey: number;

  @BooleanColumn('isactive', { default: true })
  isactive: boolean;

  @Column({ name: 'visibility_value_id', type: 'smallint', nullable: true })
  visibilityValueId: number | null;

  @BooleanColumn('is_open', { default: true })
  isOpen: boolean;
}
