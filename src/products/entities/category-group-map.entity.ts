import { Entity, PrimaryColumn } from 'typeorm';

/** `category_group_map`: unique on (category_id, group_id). */
@Entity({ name: 'category_group_map' })
export class CategoryGroupMap {
  @PrimaryColumn({ name: 'category_id', type: 'smallint' })
  categoryId: number;

  @PrimaryColumn({ name: 'group_id', type: 'int' })
  groupId: number;
}
