import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BugVisibility } from './bug-visibility.js';
import { LastVisitController } from './last-visit.controller.js';
import { LastVisitService } from './last-visit.service.js';
import { BugGroupMap } from './entities/bug-group-map.entity.js';
import { BugUserLastVisit } from './entities/bug-user-last-visit.entity.js';
import { Bug } from './entities/bug.entity.js';
import { Cc } from './entities/cc.entity.js';

/** Bugs as far as last visits need them, their CC lists and groups, and the visits. */
export const LAST_VISIT_ENTITIES = [Bug, Cc, BugGroupMap, BugUserLastVisit];

/** Bug last visits (SPEC §6). */
@Module({
  imports: [TypeOrmModule.forFeature(LAST_VISIT_ENTITIES)],
  controllers: [LastVisitController],
  providers: [LastVisitService, BugVisibility],
  exports: [BugVisibility],
})
export class LastVisitModule {}
