import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoryGroupMap } from './entities/category-group-map.entity.js';
import { Classification } from './entities/classification.entity.js';
import { FlagExclusion } from './entities/flag-exclusion.entity.js';
import { FlagInclusion } from './entities/flag-inclusion.entity.js';
import { FlagType } from './entities/flag-type.entity.js';
import { GroupControlMap } from './entities/group-control-map.entity.js';
import { Milestone } from './entities/milestone.entity.js';
import { Product } from './entities/product.entity.js';
import { SeriesCategory } from './entities/series-category.entity.js';
import { Series } from './entities/series.entity.js';
import { Version } from './entities/version.entity.js';
import { GroupControlsController } from './group-controls.controller.js';
import { GroupControlsListService } from './group-controls-list.service.js';
import { GroupControlsService } from './group-controls.service.js';
import { ProductAdminController } from './product-admin.controller.js';
import { ProductAdminPolicy } from './product-admin-policy.js';
import { ProductAdminService } from './product-admin.service.js';
import { ProductDeletionService } from './product-deletion.service.js';
import { ProductHistoryController } from './product-history.controller.js';
import { ProductHistoryService } from './product-history.service.js';
import { ProductValueAdminController } from './product-value-admin.controller.js';
import { ProductValueAdminService } from './product-value-admin.service.js';
import { ProductVisibility } from '../catalogue/product-visibility.js';
import { ProductsController } from './products.controller.js';
import { ProductsService } from './products.service.js';

/** The tables products own: products, their versions and milestones, group controls, flag types, series. */
export const PRODUCT_ENTITIES = [
  Classification,
  Product,
  Version,
  Milestone,
  FlagType,
  FlagInclusion,
  FlagExclusion,
  GroupControlMap,
  Series,
  SeriesCategory,
  CategoryGroupMap,
];

/**
 * Products: the three id lists and reading (ProductsController), creating and updating
 * (ProductAdminController), their versions and milestones (ProductValueAdminController).
 */
@Module({
  imports: [TypeOrmModule.forFeature(PRODUCT_ENTITIES)],
  controllers: [
    ProductsController,
    ProductAdminController,
    ProductValueAdminController,
    GroupControlsController,
    ProductHistoryController,
  ],
  providers: [
    ProductVisibility,
    ProductAdminPolicy,
    ProductsService,
    ProductAdminService,
    ProductValueAdminService,
    GroupControlsService,
    GroupControlsListService,
    ProductDeletionService,
    ProductHistoryService,
  ],
  exports: [ProductVisibility, ProductAdminPolicy, ProductValueAdminService],
})
export class ProductModule {}
