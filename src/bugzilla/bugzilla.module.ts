import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { BugzillaExceptionFilter } from './error-envelope.js';
import { createValidationPipe } from './validation.pipe.js';

/**
 * What every endpoint shares: the error envelope filter and the validation pipe. (If-Match's
 * interceptor is put on the write routes that declare it, by `@IfMatch`: no read pays for it.)
 */
@Module({
  providers: [
    { provide: APP_FILTER, useClass: BugzillaExceptionFilter },
    { provide: APP_PIPE, useFactory: createValidationPipe },
  ],
})
export class BugzillaModule {}
