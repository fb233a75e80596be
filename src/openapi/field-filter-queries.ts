import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';

/**
 * The `include_fields` / `exclude_fields` pair every Bugzilla read takes (src/bugzilla/field-filter.ts),
 * as OpenAPI query parameters: repeatable strings, described for the route at hand.
 */
export function FieldFilterQueries(include: string, exclude = 'Fields to leave out.') {
  const list = (name: string, description: string) =>
    ApiQuery({ name, required: false, isArray: true, type: String, description });
  return applyDecorators(list('include_fields', include), list('exclude_fields', exclude));
}
