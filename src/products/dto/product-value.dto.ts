import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions, PartialType } from '@nestjs/swagger';
import { ClosedSchema } from '../../openapi/closed-schema.js';
import { FieldChangeDto } from './product-write.dto.js';

/** Request and response shapes of a product's versions and milestones, for the OpenAPI document. */

/** Any other key: 32000 `Unknown parameter`. */
@ClosedSchema()
export class CreateVersionDto {
  @ApiProperty({ example: '2.0', maxLength: 64, description: 'The name.' })
  name: string;

  @ApiPropertyOptional({
    default: true,
    description: 'Open for new bugs: JSON true/false, 1/0 or "1"/"0". Alias `is_open`.',
  })
  is_active?: boolean;

  @ApiPropertyOptional({ description: 'Alias of `is_active`, which wins when both are given.' })
  is_open?: boolean;
}

/** A sort key: an integer, or its decimal text (anything else, or out of range: 32000). */
const SORT_KEY: ApiPropertyOptions = {
  oneOf: [{ type: 'integer' }, { type: 'string' }],
  minimum: -32768,
  maximum: 32767,
};

@ClosedSchema()
export class CreateMilestoneDto extends CreateVersionDto {
  @ApiPropertyOptional({
    ...SORT_KEY,
    default: 0,
    description: 'Order among the milestones, -32768 to 32767. Alias `sortkey`.',
  })
  sort_key?: number;

  @ApiPropertyOptional({ ...SORT_KEY, description: 'Alias of `sort_key`, which wins when both are given.' })
  sortkey?: number;
}

/** The new values: only those given change (the name too). */
@ClosedSchema()
export class UpdateVersionDto extends PartialType(CreateVersionDto) {}

@ClosedSchema()
export class UpdateMilestoneDto extends PartialType(CreateMilestoneDto) {}

export class CreatedValueDto {
  @ApiProperty({ example: 7 })
  id: number;
}

export class ValueChangeSetDto {
  @ApiPropertyOptional({ type: FieldChangeDto })
  name?: FieldChangeDto;

  @ApiPropertyOptional({ type: FieldChangeDto, description: 'Milestones only.' })
  sort_key?: FieldChangeDto;

  @ApiPropertyOptional({ type: FieldChangeDto, description: '"1"/"0".' })
  is_active?: FieldChangeDto;
}

export class ValueChangesDto {
  @ApiProperty({ example: 7 })
  id: number;

  @ApiProperty({ type: ValueChangeSetDto, description: 'Only what really changed; `{}` when nothing did.' })
  changes: ValueChangeSetDto;
}

export class UpdatedVersionsDto {
  @ApiProperty({ type: [ValueChangesDto] })
  versions: ValueChangesDto[];
}

export class UpdatedMilestonesDto {
  @ApiProperty({ type: [ValueChangesDto] })
  milestones: ValueChangesDto[];
}

export class DeletedValueDto {
  @ApiProperty({ example: 7 })
  id: number;
}

export class DeletedVersionsDto {
  @ApiProperty({ type: [DeletedValueDto] })
  versions: DeletedValueDto[];
}

export class DeletedMilestonesDto {
  @ApiProperty({ type: [DeletedValueDto] })
  milestones: DeletedValueDto[];
}
