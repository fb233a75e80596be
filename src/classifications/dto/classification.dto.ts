import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/**
 * The answer of `GET /rest/classification/{id_or_name}` (Bugzilla's Classification.get).
 * Every field may be left out by include_fields / exclude_fields (`products.name` style
 * names reach into the products).
 */

export class ClassificationProductDto {
  @ApiProperty({ example: 2 })
  id: number;

  @ApiProperty({ example: 'Firefly' })
  name: string;

  @ApiProperty({ example: 'A desktop application' })
  description: string;
}

export class ClassificationDto {
  @ApiProperty({ example: 2 })
  id: number;

  @ApiProperty({ example: 'Desktop' })
  name: string;

  @ApiProperty({ type: String, nullable: true, example: 'Applications that run on your computer' })
  description: string | null;

  @ApiProperty({ example: 10 })
  sort_key: number;

  @ApiProperty({
    type: [ClassificationProductDto],
    description:
      "The classification's products, by name: all of them for members of `editclassifications`, " +
      'else only those the caller can select (search bugs in).',
  })
  products: ClassificationProductDto[];
}

export class ClassificationListDto {
  @ApiProperty({
    type: [ClassificationDto],
    description:
      'Those asked for by name (request order), then by id, without duplicates. Callers outside ' +
      '`editclassifications` do not get classifications in which they can select no product.',
  })
  classifications: Partial<ClassificationDto>[];
}

/** Creating, updating and deleting classifications (SPEC §10); the service validates the raw JSON. */
export class CreateClassificationDto {
  @ApiProperty({
    example: 'Desktop',
    maxLength: 64,
    description: 'Trimmed; blank, over 64 characters or taken (compared without regard to case) → 32000.',
  })
  name: string;

  @ApiPropertyOptional({ example: 'Applications that run on your computer', description: 'Trimmed; may be empty.' })
  description?: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'integer' }, { type: 'string' }],
    example: 10,
    minimum: 0,
    maximum: 32767,
    default: 0,
    description: 'An integer or its decimal text; anything else or out of range → 32000.',
  })
  sortkey?: number | string;
}

export class UpdateClassificationDto {
  @ApiPropertyOptional({ example: 'Desktop apps', maxLength: 64, description: 'As on create.' })
  name?: string;

  @ApiPropertyOptional({ example: 'Applications for your computer' })
  description?: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'integer' }, { type: 'string' }],
    example: 20,
    minimum: 0,
    maximum: 32767,
    description: 'As on create.',
  })
  sortkey?: number | string;
}

export class CreatedClassificationDto {
  @ApiProperty({ example: 3, description: 'Id of the new classification.' })
  id: number;
}

export class ClassificationFieldChangeDto {
  @ApiProperty({ example: 'Desktop' })
  removed: string;

  @ApiProperty({ example: 'Desktop apps' })
  added: string;
}

export class ClassificationChangeSetDto {
  @ApiPropertyOptional({ type: ClassificationFieldChangeDto })
  name?: ClassificationFieldChangeDto;

  @ApiPropertyOptional({ type: ClassificationFieldChangeDto })
  description?: ClassificationFieldChangeDto;

  @ApiPropertyOptional({ type: ClassificationFieldChangeDto, description: 'Sort keys as text.' })
  sortkey?: ClassificationFieldChangeDto;
}

export class ClassificationChangesDto {
  @ApiProperty({ example: 3 })
  id: number;

  @ApiProperty({ type: ClassificationChangeSetDto, description: 'Only what really changed; `{}` when nothing did.' })
  changes: ClassificationChangeSetDto;
}

export class UpdatedClassificationsDto {
  @ApiProperty({ type: [ClassificationChangesDto] })
  classifications: ClassificationChangesDto[];
}

export class DeletedClassificationDto {
  @ApiProperty({ example: 3 })
  id: number;
}

export class DeletedClassificationsDto {
  @ApiProperty({ type: [DeletedClassificationDto] })
  classifications: DeletedClassificationDto[];
}
