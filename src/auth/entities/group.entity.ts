import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.js';

/** `groups` (a reserved word in MySQL 8: always quote it in raw SQL). `name` is unique. */
@Entity({ name: 'groups' })
export class Group {
  @PrimaryGeneratedColumn({ name: 'id', type: 'int' })
  id: number;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'description', type: 'text' })
  description: string;

  @BooleanColumn('isbuggroup')
  isbuggroup: boolean;

  @Column({ name: 'userregexp', type: 'text', default: '' })
  userregexp: string;

  @BooleanColumn('isactive', { default: true })
  isactive: boolean;

  @Column({ name: 'icon_url', type: 'text', nullable: true })
  iconUrl: string | null;
}
