import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** `classifications`: id 1 is `Unclassified`. */
@Entity({ name: 'classifications' })
export class Classification {
  @PrimaryGeneratedColumn({ name: 'id', type: 'smallint' })
  id: number;

  @Column({ name: 'name', type: 'varchar', length: 64 })
  name: string;

  @Column({ name: 'description', type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'sortkey', type: 'smallint', default: 0 })
  sortkey: number;
}
