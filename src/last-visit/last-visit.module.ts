import { Module } from '@nestjs/common';
import { BugVisibility } from './bug-visibility.js';
import { LastVisitController } from './last-visit.controller.js';
import { LastVisitService } from './last-visit.service.js';

/** Bug last visits (SPEC §6). */
@Module({
  controllers: [LastVisitController],
  providers: [LastVisitService, BugVisibility],
  exports: [BugVisibility],
})
export class LastVisitModule {}
