import { Module } from '@nestjs/common';
import { ProductAdminController } from './product-admin.controller.js';
import { ProductAdminService } from './product-admin.service.js';
import { ProductVisibility } from './product-visibility.js';
import { ProductsController } from './products.controller.js';
import { ProductsService } from './products.service.js';

/** Products: the three id lists and reading (ProductsController), creating and updating (ProductAdminController). */
@Module({
  controllers: [ProductsController, ProductAdminController],
  providers: [ProductVisibility, ProductsService, ProductAdminService],
  exports: [ProductVisibility],
})
export class ProductModule {}
