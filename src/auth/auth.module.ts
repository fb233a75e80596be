import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessPolicy } from './access-policy.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthGuard } from './auth.guard.js';
import { CallerService } from './caller.service.js';
import { SessionController } from './session.controller.js';
import { SessionService } from './session.service.js';
import { GroupGroupMap } from './entities/group-group-map.entity.js';
import { Group } from './entities/group.entity.js';
import { LoginCookie } from './entities/login-cookie.entity.js';
import { Profile } from './entities/profile.entity.js';
import { UserApiKey } from './entities/user-api-key.entity.js';
import { UserGroupMap } from './entities/user-group-map.entity.js';

/** Users, their keys, login cookies and groups. */
export const AUTH_ENTITIES = [Profile, UserApiKey, LoginCookie, Group, UserGroupMap, GroupGroupMap];

@Global()
@Module({
  imports: [TypeOrmModule.forFeature(AUTH_ENTITIES)],
  controllers: [SessionController],
  providers: [CallerService, AccessPolicy, SessionService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [CallerService, AccessPolicy, SessionService],
})
export class AuthModule {}
