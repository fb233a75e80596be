import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Answers of the session endpoints (SPEC §3), for the OpenAPI document. */

export class LoginTokenDto {
  @ApiProperty({ type: 'integer', example: 1, description: "The user's id." })
  id: number;

  @ApiProperty({ example: '1-AbCdEfGhIj', description: 'Send it as `Bugzilla_token` (or `X-BUGZILLA-TOKEN`).' })
  token: string;
}

export class NullResultDto {
  // OpenAPI 3.0 has no null type: a nullable string whose only value is null.
  @ApiProperty({ type: String, nullable: true, enum: [null], example: null, description: 'Always null.' })
  result: null;
}

export class BooleanResultDto {
  @ApiProperty({ example: true })
  result: boolean;
}

export class WhoamiDto {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ example: 'admin@example.com', description: 'The login name.' })
  name: string;

  @ApiProperty({ example: 'Admin' })
  real_name: string;

  @ApiProperty({ example: 'admin@example.com' })
  login: string;
}

export class UserDto {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ example: 'admin@example.com', description: 'The login name.' })
  name: string;

  @ApiProperty({ example: 'Admin' })
  real_name: string;

  @ApiPropertyOptional({ example: 'admin@example.com', description: 'Logged-in callers only.' })
  email?: string;

  @ApiPropertyOptional({ example: true, description: 'Whether the account is enabled; logged-in callers only.' })
  can_login?: boolean;

  @ApiPropertyOptional({
    type: 'array',
    items: {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' }, description: { type: 'string' } },
      required: ['id', 'name', 'description'],
    },
    description:
      "The groups the user is in (directly or inherited; system groups first, then bug groups, by name), as Bugzilla's " +
      "User.get gives them: only when `include_fields` names `groups`, and only on the caller's own entry.",
  })
  groups?: { id: number; name: string; description: string }[];
}

export class UserListDto {
  @ApiProperty({ type: [UserDto], description: 'Those asked for by name (request order), then by id, once each.' })
  users: UserDto[];
}
