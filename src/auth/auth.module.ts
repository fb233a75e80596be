import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessPolicy } from './access-policy.js';
import { AuthGuard } from './auth.guard.js';
import { CallerService } from './caller.service.js';
import { SessionController } from './session.controller.js';
import { SessionService } from './session.service.js';

@Global()
@Module({
  controllers: [SessionController],
  providers: [CallerService, AccessPolicy, SessionService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [CallerService, AccessPolicy, SessionService],
})
export class AuthModule {}
