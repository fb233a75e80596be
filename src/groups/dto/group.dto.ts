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
