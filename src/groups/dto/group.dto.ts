import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Shapes of Bugzilla's Group.get (`GET /rest/group`), for the OpenAPI document. */

export class GroupDto {
  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ example: 'reviewers' })
  name: string;

  @ApiProperty({ example: 'May grant reviews' })
  description: string;

  @ApiPropertyOptional({ description: 'Only for members of `creategroups`.' })
  is_active?: boolean;

  @ApiPropertyOptional({ description: 'Only for members of `creategroups`.' })
  is_bug_group?: boolean;

  @ApiPropertyOptional({
    description: 'Only for members of `creategroups`: the regular expression of automatic members.',
  })
  user_regexp?: string;

  @ApiPropertyOptional({
    type: 'array',
    items: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        real_name: { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        can_login: { type: 'boolean' },
        email_enabled: { type: 'boolean' },
        login_denied_text: { type: 'string' },
      },
      required: ['id', 'real_name', 'name', 'email', 'can_login', 'email_enabled', 'login_denied_text'],
    },
    description:
      'With `membership=1`: the members (directly, or through groups that are members of it), by login. Visible ' +
      'to members of `editusers` or `creategroups` and on the groups the caller can bless (32000 otherwise).',
  })
  membership?: {
    id: number;
    real_name: string;
    name: string;
    email: string;
    can_login: boolean;
    email_enabled: boolean;
    login_denied_text: string;
  }[];
}

export class GroupListDto {
  @ApiProperty({
    type: [GroupDto],
    description:
      'Those asked for by `ids` (system groups first, then bug groups, each by name), then by `names` in the ' +
      'order given; with neither, every group (members of `editusers` or `creategroups`) or the groups the ' +
      'caller can bless.',
  })
  groups: GroupDto[];
}
