import { Module } from '@nestjs/common';
import { ProductModule } from '../products/product.module.js';
import { ClassificationAdminService } from './classification-admin.service.js';
import { ClassificationsController } from './classifications.controller.js';
import { ClassificationsService } from './classifications.service.js';

/** Classifications: Bugzilla's Classification.get (filtered by the product visibility policy) and their administration. */
@Module({
  imports: [ProductModule],
  controllers: [ClassificationsController],
  providers: [ClassificationsService, ClassificationAdminService],
  exports: [ClassificationsService],
})
export class ClassificationModule {}
