import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.js';

/** `products`. */
@Entity({ name: 'products' })
export class Product {
  @PrimaryGeneratedColumn({ name: 'id', type: 'smallint' })
  id: number;

  @Column({ name: 'name', type: 'varchar', length: 64 })
  name: string;

  @Column({ name: 'classification_id', type: 'smallint', default: 1 })
  classificationId: number;

  @Column({ name: 'description', type: 'text' })
  description: string;

  @BooleanColumn('isactive', { default: true })
  isactive: boolean;

  @Column({
    name: 'defaultmilestone',
    type: 'varchar',
    length: 64,
    default: '---',
  })
  defaultmilestone: string;

  @BooleanColumn('allows_unconfirmed', { default: true })
  allowsUnconfirmed: boolean;
}
