import { ApiProperty } from '@nestjs/swagger';

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
