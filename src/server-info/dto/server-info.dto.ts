import { ApiProperty } from '@nestjs/swagger';

/** Response shapes of Bugzilla.timezone, Bugzilla.parameters and Bugzilla.last_audit_time. */

export class TimezoneDto {
  @ApiProperty({ example: '+0000', description: 'The offset of every time the API answers with: always UTC.' })
  timezone: string;
}

export class ParametersDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { maintainer: 'bugmaster@example.com', requirelogin: '0' },
    description:
      'Parameter name → value, every value a string. Anonymous callers get `maintainer` and `requirelogin`; ' +
      "logged-in users the 31 parameters of Bugzilla's PARAMETERS_LOGGED_IN; members of `tweakparams` every parameter.",
  })
  parameters: Record<string, string>;
}

export class LastAuditTimeDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2026-11-23T08:30:34Z',
    description: 'The newest `audit_log.at_time` of the given classes (UTC); null when there is none.',
  })
  last_audit_time: string | null;
}

export class BugzillaVersionDto {
  @ApiProperty({ example: '5.2', description: 'The Bugzilla release this service is compatible with.' })
  version: string;
}

export class ExtensionsDto {
  @ApiProperty({
    type: 'object',
    properties: {},
    additionalProperties: false,
    example: {},
    description: 'Installed extensions by name: none.',
  })
  extensions: Record<string, never>;
}

export class ServerTimeDto {
  @ApiProperty({ format: 'date-time', example: '2026-11-23T08:30:34Z', description: "The database's clock, UTC." })
  db_time: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-23T08:30:34Z', description: "The web server's clock, UTC." })
  web_time: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-23T08:30:34Z', description: 'The same, in UTC.' })
  web_time_utc: string;

  @ApiProperty({ example: 'UTC' })
  tz_name: string;

  @ApiProperty({ example: '+0000' })
  tz_offset: string;

  @ApiProperty({ example: 'UTC' })
  tz_short_name: string;
}
