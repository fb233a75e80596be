import { ApiPropertyOptional } from '@nestjs/swagger';

/**
 * Body of `POST /rest/bug_user_last_visit[/{id}]`. Documentation only: the
 * handler reads the raw body and applies Bugzilla's parameter rules itself
 * (52 for a non-numeric id, 53 for a value of the wrong JSON type).
 */
export class UpdateLastVisitDto {
  @ApiPropertyOptional({
    description: 'Bug IDs to mark as visited now, after the path id if one is given. Required when the path has no id.',
    type: 'integer',
    isArray: true,
    example: [1, 2],
  })
  ids?: number[];

  @ApiPropertyOptional({ description: 'Fields to return (`id`, `last_visit_ts`).', type: [String] })
  include_fields?: string[];

  @ApiPropertyOptional({ description: 'Fields to leave out.', type: [String] })
  exclude_fields?: string[];
}
