import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../boolean-column.js';

/** `resolution`: the resolution field's values ('' is "no resolution"). */
@Entity({ name: 'resolution' })
export class Resolution {
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
}
