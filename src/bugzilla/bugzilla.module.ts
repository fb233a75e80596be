import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { BugzillaExceptionFilter } from './error-envelope.js';
import { IfMatchInterceptor } from './if-match.js';
import { createValidationPipe } from './validation.pipe.js';

/** What every endpoint shares: the error envelope filter, the validation pipe, and If-Match on writes. */
@Module({
  providers: [
    { provide: APP_FILTER, useClass: BugzillaExceptionFilter },
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_INTERCEPTOR, useClass: IfMatchInterceptor },
  ],
})
export class BugzillaModule {}
