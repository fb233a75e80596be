import { FieldFilterQueries } from '../openapi/field-filter-queries.js';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, LoginExempt, NoLoginCheck } from '../auth/auth.decorators.js';
import {
  BugzillaVersionDto,
  ExtensionsDto,
  LastAuditTimeDto,
  ParametersDto,
  ServerTimeDto,
  TimezoneDto,
} from './dto/server-info.dto.js';
import { type ServerTime, ServerInfoService } from './server-info.service.js';

/** Bugzilla 5.2's `Bugzilla.*` methods over REST: version, extensions, time, timezone, parameters, last_audit_time. */
@ApiTags('server')
@Controller('rest')
export class ServerInfoController {
  constructor(private readonly info: ServerInfoService) {}

  @Get('version')
  @LoginExempt()
  @NoLoginCheck()
  @ApiOperation({ summary: 'The Bugzilla version this service is compatible with.' })
  @ApiOkResponse({ type: BugzillaVersionDto })
  version(): { version: string } {
    return this.info.version();
  }

  @Get('extensions')
  @ApiOperation({ summary: 'Installed Bugzilla extensions (none).' })
  @ApiOkResponse({ type: ExtensionsDto })
  extensions(): { extensions: Record<string, never> } {
    return this.info.extensions();
  }

  @Get('time')
  @ApiOperation({ summary: "The database's and the server's current time (UTC)." })
  @ApiOkResponse({ type: ServerTimeDto })
  time(): Promise<ServerTime> {
    return this.info.time();
  }

  @Get('timezone')
  @LoginExempt()
  @NoLoginCheck()
  @ApiOperation({ summary: 'The timezone of the times the API answers with (UTC).' })
  @ApiOkResponse({ type: TimezoneDto })
  timezone(): TimezoneDto {
    return this.info.timezone();
  }

  @Get('parameters')
  @LoginExempt()
  @ApiOperation({
    summary: "The site's Bugzilla parameters the caller may read, as strings.",
    description:
      'Anonymous callers (also when `requirelogin` is on) get `maintainer` and `requirelogin`; logged-in users ' +
      'the parameters the web UI shows them; members of `tweakparams` all of them. Credentials that are sent are checked.',
  })
  @FieldFilterQueries('Parameters to return.', 'Parameters to leave out.')
  @ApiOkResponse({ type: ParametersDto })
  parameters(@CurrentUser() user: AuthUser, @Query() query: Record<string, unknown>): ParametersDto {
    return this.info.parameters(user, query);
  }

  @Get('last_audit_time')
  @ApiOperation({
    summary: 'When the audit log last changed for the given classes (all classes when none is given).',
    description:
      'Clients use it to tell whether their cached product lists are stale. Classes are Bugzilla class names.',
  })
  @ApiQuery({
    name: 'class',
    required: false,
    isArray: true,
    type: String,
    description: 'Bugzilla class names, e.g. `Bugzilla::Product`; others are ignored.',
  })
  @ApiOkResponse({ type: LastAuditTimeDto })
  lastAuditTime(@Query() query: Record<string, unknown>): Promise<LastAuditTimeDto> {
    return this.info.lastAuditTime(query.class);
  }
}
