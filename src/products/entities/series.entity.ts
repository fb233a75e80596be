import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.js';

/** `series`: a chart data series. Unique on (category, subcategory, name). */
@Entity({ name: 'series' })
export class Series {
  @PrimaryGeneratedColumn({ name: 'series_id', type: 'int' })
  seriesId: number;

  @Column({ name: 'creator', type: 'int', nullable: true })
  creator: number | null;

  @Column({ name: 'category', type: 'smallint' })
  category: number;

  @Column({ name: 'subcategory', type: 'smallint' })
  subcategory: number;

  @Column({ name: 'name', type: 'varchar', length: 64 })
  name: string;

  @Column({ name: 'frequency', type: 'smallint' })
  frequency: number;

  @Column({ name: 'query', type: 'text' })
  query: string;

  @BooleanColumn('is_public', { default: false })
  isPublic: boolean;
}
