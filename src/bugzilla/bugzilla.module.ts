import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { BugzillaExceptionFilter } from './error-envelope.js';

/**
 * What every endpoint shares: the error envelope filter. (If-Match's interceptor is put on the
 * write routes that declare it, by `@IfMatch`: no read pays for it.) No global pipe: every handler
 * takes its query and body as plain objects and checks them with Bugzilla's own rules and messages
 * in its service (a check per parameter, first failure wins, as Bugzilla's), so a validation pipe
 * would have nothing to validate — yet Nest would run it, a promise per parameter, on every request.
 */
@Module({
  providers: [{ provide: APP_FILTER, useClass: BugzillaExceptionFilter }],
})
export class BugzillaModule {}
