import { Module } from '@nestjs/common';
import { ProductModule } from '../products/product.module.js';
import { FlagTypeDeletionService } from './flag-type-deletion.service.js';
import { FlagTypeRulesReadService } from './flag-type-rules-read.service.js';
import { FlagTypesController } from './flag-types.controller.js';
import { FlagTypesService } from './flag-types.service.js';

/** Flag types (Bugzilla's FlagType.get/create/update, and deletion), using the product visibility policy. */
@Module({
  imports: [ProductModule],
  controllers: [FlagTypesController],
  providers: [FlagTypesService, FlagTypeDeletionService, FlagTypeRulesReadService],
  exports: [FlagTypesService],
})
export class FlagTypeModule {}
