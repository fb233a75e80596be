import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.js';

/** `components`: unique on (product_id, name). */
@Entity({ name: 'components' })
export class Component {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id: number;

  @Column({ name: 'name', type: 'varchar', length: 64 })
  name: string;

  @Column({ name: 'product_id', type: 'smallint' })
  productId: number;

  /** profiles.userid of the default assignee. */
  @Column({ name: 'initialowner', type: 'int' })
  initialowner: number;

  /** profiles.userid of the default QA contact, if any. */
  @Column({ name: 'initialqacontact', type: 'int', nullable: true })
  initialqacontact: number | null;

  @Column({ name: 'description', type: 'text' })
  description: string;

  @BooleanColumn('isactive', { default: true })
  isactive: boolean;
}
