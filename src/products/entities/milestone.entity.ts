import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.js';

/** `milestones`: unique on (product_id, value). */
@Entity({ name: 'milestones' })
export class Milestone {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id: number;

  @Column({ name: 'product_id', type: 'smallint' })
  productId: number;

  @Column({ name: 'value', type: 'varchar', length: 64 })
  value: string;

  @Column({ name: 'sortkey', type: 'smallint', default: 0 })
  sortkey: number;

  @BooleanColumn('isactive', { default: true })
  isactive: boolean;
}
