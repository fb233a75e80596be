import { Entity, PrimaryColumn } from 'typeorm';

/**
 * `flagexclusions`: which products/components a flag type is excluded from
 * (NULL means any). Bugzilla has no primary key here, only the unique key
 * (type_id, product_id, component_id), which stands in for one. Read these rows
 * with the query builder's raw results: product_id and component_id may be NULL
 * (TypeORM does not allow a nullable primary column, so the metadata says NOT NULL).
 */
@Entity({ name: 'flagexclusions' })
export class FlagExclusion {
  @PrimaryColumn({ name: 'type_id', type: 'int' })
  typeId: number;

  @PrimaryColumn({ name: 'product_id', type: 'smallint' })
  productId: number | null;

  @PrimaryColumn({ name: 'component_id', type: 'int' })
  componentId: number | null;
}
