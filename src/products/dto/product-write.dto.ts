import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ClosedSchema } from '../../openapi/closed-schema.js';
import { ID_LIST } from '../../openapi/request-forms.js';

/**
 * Request and response shapes of creating and updating products (SPEC §5.3,
 * §5.4), for the OpenAPI document. The handlers read the raw JSON (Bugzilla's
 * 52/53 rules and "unknown parameter" check are applied by the service), so
 * these classes carry no validation.
 */

const BOOLEAN_NOTE = 'JSON true/false, 1/0 or "1"/"0".';

export class CreateProductDto {
  @ApiProperty({
    example: 'Widget',
    maxLength: 64,
    description:
      'Unique among all products (compared without regard to case); trimmed. Blank → 700, too long → 701, taken → 702.',
  })
  name: string;

  @ApiProperty({ example: 'All about <b>widgets</b>.', description: 'May contain HTML; trimmed. Blank → 703.' })
  description: string;

  @ApiProperty({
    example: 'unspecified',
    maxLength: 64,
    description: 'The first version. Blank → 704, over 64 characters → 53.',
  })
  version: string;

  @ApiPropertyOptional({ default: true, description: `Allow the UNCONFIRMED status. ${BOOLEAN_NOTE}` })
  has_unconfirmed?: boolean;

  @ApiPropertyOptional({
    example: 'Unclassified',
    description: 'Classification name; default Unclassified. Unknown → 51 (404).',
  })
  classification?: string;

  @ApiPropertyOptional({
    default: '---',
    maxLength: 64,
    description: 'Default milestone; blank gives `---`, over 64 characters → 53.',
  })
  default_milestone?: string;

  @ApiPropertyOptional({ default: true, description: `Bugs may be entered. ${BOOLEAN_NOTE}` })
  is_open?: boolean;

  @ApiPropertyOptional({ default: true, description: `Create the New Charts series of the product. ${BOOLEAN_NOTE}` })
  create_series?: boolean;
}

export class CreatedProductDto {
  @ApiProperty({ example: 4, description: 'Id of the new product.' })
  id: number;
}

@ClosedSchema()
export class UpdateProductDto {
  @ApiPropertyOptional({
    ...ID_LIST,
    example: [1, 2],
    description: 'Ids of products to update (with the path and `names`).',
  })
  ids?: number[];

  @ApiPropertyOptional({
    type: [String],
    example: ['Widget'],
    description: 'Names of products to update, matched without regard to case.',
  })
  names?: string[];

  @ApiPropertyOptional({
    example: 'Gadget',
    maxLength: 64,
    description:
      'New name; only when exactly one product is updated (else 32000). Same rules as on create, but a product may keep its name or change its case.',
  })
  name?: string;

  @ApiPropertyOptional({ example: 'New description', description: 'Blank → 703.' })
  description?: string;

  @ApiPropertyOptional({ example: '---', description: 'Must be a milestone of each updated product (705 otherwise).' })
  default_milestone?: string;

  @ApiPropertyOptional({ description: `Allow the UNCONFIRMED status (alias allows_unconfirmed). ${BOOLEAN_NOTE}` })
  has_unconfirmed?: boolean;

  @ApiPropertyOptional({ description: `Bugs may be entered (alias is_active). ${BOOLEAN_NOTE}` })
  is_open?: boolean;

  @ApiPropertyOptional({
    example: 'Desktop',
    description:
      "Move the products into this classification (Bugzilla's reclassify): only with `BZ_USECLASSIFICATION` (900) " +
      'and for members of `editclassifications` (304); unknown → 51.',
  })
  classification?: string;

  @ApiPropertyOptional({ description: 'Alias of `has_unconfirmed`, which wins when both are given.' })
  allows_unconfirmed?: boolean;

  @ApiPropertyOptional({ description: 'Alias of `is_open`, which wins when both are given.' })
  is_active?: boolean;
}

export class DeleteProductDto {
  @ApiPropertyOptional({ default: false, description: `Also delete its New Charts series. ${BOOLEAN_NOTE}` })
  delete_series?: boolean;
}

export class FieldChangeDto {
  @ApiProperty({ example: 'Gadget', description: 'The new value; booleans as "1"/"0".' })
  added: string;

  @ApiProperty({ example: 'Widget', description: 'The previous value; booleans as "1"/"0".' })
  removed: string;
}

export class ProductChangeSetDto {
  @ApiPropertyOptional({ type: FieldChangeDto })
  name?: FieldChangeDto;

  @ApiPropertyOptional({ type: FieldChangeDto })
  description?: FieldChangeDto;

  @ApiPropertyOptional({ type: FieldChangeDto })
  default_milestone?: FieldChangeDto;

  @ApiPropertyOptional({ type: FieldChangeDto })
  is_open?: FieldChangeDto;

  @ApiPropertyOptional({ type: FieldChangeDto })
  has_unconfirmed?: FieldChangeDto;

  @ApiPropertyOptional({ type: FieldChangeDto, description: 'Classification names.' })
  classification?: FieldChangeDto;
}

export class ProductChangesDto {
  @ApiProperty({ example: 4 })
  id: number;

  @ApiProperty({ type: ProductChangeSetDto, description: 'Only what really changed; `{}` when nothing did.' })
  changes: ProductChangeSetDto;
}

export class UpdatedProductsDto {
  @ApiProperty({
    type: [ProductChangesDto],
    description: 'One entry per updated product: path first, then ids, then names.',
  })
  products: ProductChangesDto[];
}

export class DeletedProductDto {
  @ApiProperty({ example: 4, description: 'Id of the deleted product.' })
  id: number;
}

export class DeletedProductsDto {
  @ApiProperty({ type: [DeletedProductDto] })
  products: DeletedProductDto[];
}
