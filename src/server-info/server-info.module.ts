import { Module } from '@nestjs/common';
import { ServerInfoController } from './server-info.controller.js';
import { ServerInfoService } from './server-info.service.js';

/** What clients ask about the installation itself: its timezone, its parameters, its last audited change. */
@Module({
  controllers: [ServerInfoController],
  providers: [ServerInfoService],
  exports: [ServerInfoService],
})
export class ServerInfoModule {}
