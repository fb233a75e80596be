import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { ClosedSchema } from '../../openapi/closed-schema.js';
import { ID_LIST_OR_ONE } from '../../openapi/request-forms.js';

/** Shapes of the flag type routes (Bugzilla's FlagType.get/create/update), for the OpenAPI document. */

export class FlagTypeInfoDto {
  @ApiProperty({ example: 3 })
  id: number;

  @ApiProperty({ example: 'review' })
  name: string;

  @ApiProperty({ example: 'Code review' })
  description: string;

  @ApiProperty({ enum: ['bug', 'attachment'] })
  type: string;

  @ApiProperty({
    type: [String],
    example: ['X', '?', '+', '-'],
    description:
      'What the caller may set: `X` always, `?` when the type is requestable and the caller may request ' +
      '(request group), `+` and `-` when the caller may grant (grant group).',
  })
  values: string[];

  @ApiProperty()
  is_active: boolean;

  @ApiProperty({ description: "Whether a specific person can be asked (Bugzilla's spelling)." })
  is_requesteeble: boolean;

  @ApiProperty()
  is_multiplicable: boolean;

  @ApiPropertyOptional({
    type: [String],
    description: 'The components of this product the type is limited to; absent when it applies to the whole product.',
  })
  inclusions?: string[];

  @ApiPropertyOptional({
    type: [String],
    description: 'Excluded components of this product; only when no inclusion applies to this product.',
  })
  exclusions?: string[];
}

export class FlagTypesOfProductDto {
  @ApiProperty({ type: [FlagTypeInfoDto], description: 'Flag types for bugs, by sort key, then name.' })
  bug: FlagTypeInfoDto[];

  @ApiProperty({ type: [FlagTypeInfoDto], description: 'Flag types for attachments, by sort key, then name.' })
  attachment: FlagTypeInfoDto[];
}

/** Inclusions and exclusions: product names, and `{"Product": ["Component", ...]}` objects. */
const CLUSIONS: ApiPropertyOptions = {
  type: 'array',
  items: {
    oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }],
  },
};

export class CreateFlagTypeDto {
  @ApiProperty({ example: 'review', description: '1-50 characters, no white space or comma.' })
  name: string;

  @ApiProperty({ example: 'Code review' })
  description: string;

  @ApiPropertyOptional({ enum: ['bug', 'attachment'], default: 'bug' })
  target_type?: string;

  @ApiPropertyOptional({
    ...CLUSIONS,
    example: ['WholeProduct', { OtherProduct: ['ComponentA'] }],
    description:
      'Where the type applies: product names (the whole product) and `{"Product": ["Component", ...]}` ' +
      'objects. Default: every product. Members of `editcomponents` through a product only may name ' +
      'the products they administer, and must give this list.',
  })
  inclusions?: unknown[];

  @ApiPropertyOptional({
    ...CLUSIONS,
    description: 'Where the type does not apply, in the form of `inclusions`. Default: nowhere.',
  })
  exclusions?: unknown[];

  @ApiPropertyOptional({ example: 1, default: 1, description: '0 to 32767.' })
  sortkey?: number;

  @ApiPropertyOptional({ default: true })
  is_active?: boolean;

  @ApiPropertyOptional({ default: true })
  is_requestable?: boolean;

  @ApiPropertyOptional({ default: true, description: 'Stored as `is_requesteeble`.' })
  is_specifically_requestable?: boolean;

  @ApiPropertyOptional({ default: true })
  is_multiplicable?: boolean;

  @ApiPropertyOptional({
    example: 'qa@example.com',
    description: 'Addresses to notify of requests, separated by commas or spaces (at most 200 characters).',
  })
  cc_list?: string;

  @ApiPropertyOptional({ description: 'Name of the group allowed to grant or deny; none: everyone.' })
  grant_group?: string;

  @ApiPropertyOptional({ description: 'Name of the group allowed to request; none: everyone.' })
  request_group?: string;
}

export class CreatedFlagTypeDto {
  @ApiProperty({ example: 7 })
  id: number;
}

@ClosedSchema()
export class UpdateFlagTypeDto {
  @ApiPropertyOptional({
    ...ID_LIST_OR_ONE,
    description: 'Flag type ids to update (one id alone too); replaces the id of the path.',
  })
  ids?: number[];

  @ApiPropertyOptional({ type: [String], description: 'Flag type names: every type of each name is updated.' })
  names?: string[];

  @ApiPropertyOptional()
  name?: string;

  @ApiPropertyOptional()
  description?: string;

  @ApiPropertyOptional({ ...CLUSIONS, description: 'Replaces the inclusion list (same form as on create).' })
  inclusions?: unknown[];

  @ApiPropertyOptional({ ...CLUSIONS, description: 'Replaces the exclusion list (same form as on create).' })
  exclusions?: unknown[];

  @ApiPropertyOptional()
  sortkey?: number;

  @ApiPropertyOptional()
  is_active?: boolean;

  @ApiPropertyOptional()
  is_requestable?: boolean;

  @ApiPropertyOptional()
  is_specifically_requestable?: boolean;

  @ApiPropertyOptional()
  is_multiplicable?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'null or blank: none.' })
  cc_list?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Group name; blank or null: no group.' })
  grant_group?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Group name; blank or null: no group.' })
  request_group?: string | null;
}

export class FlagTypeFieldChangeDto {
  @ApiProperty({ type: String, nullable: true, example: '0' })
  removed: string | null;

  @ApiProperty({ type: String, nullable: true, example: '1' })
  added: string | null;
}

export class FlagTypeChangesDto {
  @ApiProperty({ example: 7 })
  id: number;

  @ApiProperty({ example: 'review', description: 'The name after the update.' })
  name: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/FlagTypeFieldChangeDto' },
    example: { is_active: { removed: '1', added: '0' }, inclusions: { removed: '0', added: '1' } },
    description:
      'What changed, by column (`name, description, cc_list, sortkey, is_active, is_requestable, ' +
      'is_requesteeble, is_multiplicable, grant_group_id, request_group_id`); values as strings, booleans ' +
      '"0"/"1". A given inclusion or exclusion list always reports `{"removed":"0","added":"1"}`.',
  })
  changes: Record<string, FlagTypeFieldChangeDto>;
}

export class UpdatedFlagTypesDto {
  @ApiProperty({ type: [FlagTypeChangesDto] })
  flagtypes: FlagTypeChangesDto[];
}

export class DeletedFlagTypeDto {
  @ApiProperty({ example: 7, description: 'Id of a deleted flag type.' })
  id: number;
}

export class DeletedFlagTypesDto {
  @ApiProperty({ type: [DeletedFlagTypeDto] })
  flagtypes: DeletedFlagTypeDto[];
}

/** A flag type as `GET /rest/flag_type?ids=` shows it: every field in the form FlagType.update takes. */
export class FlagTypeRulesDto {
  @ApiProperty({ example: 7 })
  id: number;

  @ApiProperty({ example: 'review' })
  name: string;

  @ApiProperty({ example: 'Code review' })
  description: string;

  @ApiProperty({ enum: ['bug', 'attachment'] })
  target_type: string;

  @ApiProperty({ example: 1 })
  sortkey: number;

  @ApiProperty()
  is_active: boolean;

  @ApiProperty()
  is_requestable: boolean;

  @ApiProperty({ description: 'Stored as `is_requesteeble`.' })
  is_specifically_requestable: boolean;

  @ApiProperty()
  is_multiplicable: boolean;

  @ApiProperty({ example: 'qa@example.com', description: 'As stored; empty: nobody.' })
  cc_list: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Name of the group that may grant or deny; null: everyone.',
  })
  grant_group: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Name of the group that may request; null: everyone.' })
  request_group: string | null;

  @ApiProperty({
    ...CLUSIONS,
    example: ['WholeProduct', { OtherProduct: ['ComponentA', 'ComponentB'] }],
    description:
      'Where the type applies, in the form PUT takes back: `"Product"` for a whole product, ' +
      '`{"Product": ["Component", ...]}` for components of one, `"__Any__"` for every product; by product name. ' +
      'Members of `editcomponents` see the rules on every product they can see; product-level admins ' +
      'only those on the products they administer (PUT keeps the others).',
  })
  inclusions: unknown[];

  @ApiProperty({ ...CLUSIONS, description: 'Where the type does not apply, in the form of `inclusions`.' })
  exclusions: unknown[];
}

export class FlagTypesRulesDto {
  @ApiProperty({
    type: [FlagTypeRulesDto],
    description: 'One per type asked for, in the order asked (ids, then names).',
  })
  flagtypes: FlagTypeRulesDto[];
}
