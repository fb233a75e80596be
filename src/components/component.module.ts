import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProductModule } from '../products/product.module.js';
import { ComponentAdminService } from './component-admin.service.js';
import { ComponentsController } from './components.controller.js';
import { ComponentsService } from './components.service.js';
import { ComponentCc } from './entities/component-cc.entity.js';
import { Component } from './entities/component.entity.js';

/** The tables components own. */
export const COMPONENT_ENTITIES = [Component, ComponentCc];

/** Components: create, read, update, delete; the product rules come from ProductModule. */
@Module({
  imports: [TypeOrmModule.forFeature(COMPONENT_ENTITIES), ProductModule],
  controllers: [ComponentsController],
  providers: [ComponentAdminService, ComponentsService],
  exports: [ComponentAdminService, ComponentsService],
})
export class ComponentModule {}
