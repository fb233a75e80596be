import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FieldChangeDto } from './product-write.dto.js';

/** Request and response shapes of a product's versions and milestones, for the OpenAPI document. */

export class CreateVersionDto {
  @ApiProperty({ example: '2.0', maxLength: 64, description: 'Required on create; the new name on update.' })
  name: string;

  @ApiPropertyOptional({
    default: true,
    description: 'Open for new bugs: JSON true/false, 1/0 or "1"/"0". Alias `is_open`.',
  })
  is_active?: boolean;
}

export class CreateMilestoneDto extends CreateVersionDto {
  @ApiPropertyOptional({
    default: 0,
    minimum: -32768,
    maximum: 32767,
    description: 'Order among the milestones. Alias `sortkey`.',
  })
  sort_key?: number;
}

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
