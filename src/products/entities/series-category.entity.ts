import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** `series_categories`: names of series categories and subcategories (unique). */
@Entity({ name: 'series_categories' })
export class SeriesCategory {
  @PrimaryGeneratedColumn({ name: 'id', type: 'smallint' })
  id: number;

  @Column({ name: 'name', type: 'varchar', length: 64 })
  name: string;
}
