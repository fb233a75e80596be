import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.js';

/** `versions`: unique on (product_id, value). */
@Entity({ name: 'versions' })
export class Version {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id: number;

  @Column({ name: 'value', type: 'varchar', length: 64 })
  value: string;

  @Column({ name: 'product_id', type: 'smallint' })
  productId: number;

  @BooleanColumn('isactive', { default: true })
  isactive: boolean;
}
