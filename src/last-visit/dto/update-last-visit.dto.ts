import { ApiPropertyOptional } from '@nestjs/swagger';
import { FIELD_NAMES, ID_LIST } from '../../openapi/request-forms.js';

/**
 * Body of `POST /rest/bug_user_last_visit[/{id}]`. Documentation only: the
 * handler reads the raw body and applies Bugzilla's parameter rules itself
 * (52 for a non-numeric id, 53 for a value of the wrong JSON type).
 */
export class UpdateLastVisitDto {
  @ApiPropertyOptional({
    description:
      'Bug IDs to mark as visited now, after the path id if one is given (a JSON array; null: none). ' +
      'Required when the path has no id.',
    ...ID_LIST,
    nullable: true,
    example: [1, 2],
  })
  ids?: number[];

  @ApiPropertyOptional({
    description: 'Fields to return (`id`, `last_visit_ts`): an array, or one string of names separated by commas.',
    ...FIELD_NAMES,
  })
  include_fields?: string[];

  @ApiPropertyOptional({ description: 'Fields to leave out, in the form of `include_fields`.', ...FIELD_NAMES })
  exclude_fields?: string[];
}
