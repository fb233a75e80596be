import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { FieldChangeDto } from './product-write.dto.js';

/** The shapes of a product's group controls (SPEC §10), for the OpenAPI document; the service validates the raw JSON. */

const CONTROLS = ['NA', 'Shown', 'Default', 'Mandatory'];

/** A control in a request: its name in any letter case, or Bugzilla's number 0..3 (a JSON number or its text). */
const CONTROL_INPUT: ApiPropertyOptions = {
  anyOf: [
    { type: 'string', enum: CONTROLS },
    {
      type: 'string',
      pattern:
        '^\\s*([Nn][Aa]|[Ss][Hh][Oo][Ww][Nn]|[Dd][Ee][Ff][Aa][Uu][Ll][Tt]|[Mm][Aa][Nn][Dd][Aa][Tt][Oo][Rr][Yy]|[0-3])\\s*$',
    },
    { type: 'integer', minimum: 0, maximum: 3 },
  ],
};

export class ControlledGroupDto {
  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ example: 'secret-team' })
  name: string;

  @ApiProperty({ example: 'Only the secret team' })
  description: string;

  @ApiProperty({ description: 'Inactive groups keep their controls but cannot be given new ones.' })
  is_active: boolean;
}

/** One group's settings on a product, without the product's bug count (the many-product read's item). */
export class GroupControlSettingsDto {
  @ApiProperty({ type: ControlledGroupDto })
  group: ControlledGroupDto;

  @ApiProperty({ description: 'Members only may enter bugs.' })
  entry: boolean;

  @ApiProperty({ enum: CONTROLS, description: 'How the group applies to bugs entered or edited by its members.' })
  membercontrol: string;

  @ApiProperty({ enum: CONTROLS, description: 'How the group applies to bugs entered or edited by others.' })
  othercontrol: string;

  @ApiProperty({ description: "Only members may edit the product's bugs." })
  canedit: boolean;

  @ApiProperty({ description: "Members administer the product's components, versions, milestones and flag types." })
  editcomponents: boolean;

  @ApiProperty({ description: "Members may edit every field of the product's bugs." })
  editbugs: boolean;

  @ApiProperty({ description: "Members may confirm the product's bugs." })
  canconfirm: boolean;
}

export class GroupControlDto extends GroupControlSettingsDto {
  @ApiProperty({ example: 3, description: "The product's bugs in the group." })
  bug_count: number;
}

export class GroupControlsDto {
  @ApiProperty({
    type: [GroupControlDto],
    description: "Every active bug group and every group in the product's map, by group name.",
  })
  group_controls: GroupControlDto[];
}

export class ProductGroupControlsDto {
  @ApiProperty({ example: 1 })
  id: number;

  @ApiProperty({ example: 'Widget' })
  name: string;

  @ApiProperty({
    type: [GroupControlSettingsDto],
    description: "Every active bug group and every group in the product's map, by group name.",
  })
  group_controls: GroupControlSettingsDto[];
}

export class ProductGroupControlsListDto {
  @ApiProperty({ type: [ProductGroupControlsDto], description: 'The products, by name.' })
  products: ProductGroupControlsDto[];
}

export class GroupControlChangeDto {
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'integer' }],
    example: 'secret-team',
    description: 'A group name (a JSON string) or id (a JSON number). Unknown → 51; not an active bug group → 32000.',
  })
  group: string | number;

  @ApiPropertyOptional({
    ...CONTROL_INPUT,
    description: 'Given together with othercontrol or not at all; illegal combinations → 32000.',
  })
  membercontrol?: string | number;

  @ApiPropertyOptional({ ...CONTROL_INPUT, description: 'Given together with membercontrol or not at all.' })
  othercontrol?: string | number;

  @ApiPropertyOptional()
  entry?: boolean;

  @ApiPropertyOptional()
  canedit?: boolean;

  @ApiPropertyOptional()
  editcomponents?: boolean;

  @ApiPropertyOptional()
  editbugs?: boolean;

  @ApiPropertyOptional()
  canconfirm?: boolean;
}

export class UpdateGroupControlsDto {
  @ApiProperty({ type: [GroupControlChangeDto], description: 'Changes, applied in order; all or none.' })
  group_controls: GroupControlChangeDto[];
}

export class UpdatedGroupControlsDto extends GroupControlsDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'object', additionalProperties: { $ref: '#/components/schemas/FieldChangeDto' } },
    example: { 'secret-team': { membercontrol: { removed: 'NA', added: 'Mandatory' } } },
    description: 'Per group name, per field, the values before and after (controls by name, flags "0"/"1").',
  })
  changes: Record<string, Record<string, FieldChangeDto>>;
}
