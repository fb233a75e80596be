import { ApiProperty } from '@nestjs/swagger';

/**
 * Response shapes of the product read routes (SPEC §5.1, §5.2), for the OpenAPI
 * document and as the mapper's output types. The document requires every field of the full
 * answer; include_fields / exclude_fields may leave any of them out (except those of a flag
 * type), which is why the TypeScript fields are optional and the operations say so.
 */

export class ProductIdsDto {
  @ApiProperty({ type: [Number], example: [2, 1], description: 'Product ids, ordered by product name.' })
  ids: number[];
}

export class FlagTypeDto {
  @ApiProperty({ example: 1 })
  id: number;

  @ApiProperty({ example: 'review' })
  name: string;

  @ApiProperty({ example: 'Review flag' })
  description: string;

  @ApiProperty({ example: '', description: 'The CC list as one string; empty when none.' })
  cc_list: string;

  @ApiProperty({ example: 0 })
  sort_key: number;

  @ApiProperty()
  is_active: boolean;

  @ApiProperty()
  is_requestable: boolean;

  @ApiProperty({ description: "Whether a specific person can be asked (Bugzilla's spelling)." })
  is_requesteeble: boolean;

  @ApiProperty()
  is_multiplicable: boolean;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: null,
    description: 'Group allowed to grant or deny; null: everyone.',
  })
  grant_group: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: null,
    description: 'Group allowed to request; null: everyone.',
  })
  request_group: number | null;
}

export class ComponentFlagTypesDto {
  @ApiProperty({ type: [FlagTypeDto], description: "Flag types for bugs (target type 'b'), by sort key, then name." })
  bug: FlagTypeDto[];

  @ApiProperty({ type: [FlagTypeDto], description: "Flag types for attachments (target type 'a')." })
  attachment: FlagTypeDto[];
}

export class ComponentDto {
  @ApiProperty({ example: 1 })
  id?: number;

  @ApiProperty({ example: 'TestComponent' })
  name?: string;

  @ApiProperty({ description: 'May contain HTML.' })
  description?: string;

  @ApiProperty({ example: 'admin@example.com', description: 'Login of the default assignee.' })
  default_assigned_to?: string;

  @ApiProperty({ example: '', description: 'Login of the default QA contact; empty when none.' })
  default_qa_contact?: string;

  @ApiProperty({ example: 0, description: 'Always 0.' })
  sort_key?: number;

  @ApiProperty()
  is_active?: boolean;

  @ApiProperty({ type: ComponentFlagTypesDto })
  flag_types?: ComponentFlagTypesDto;
}

export class VersionDto {
  @ApiProperty({ example: 1 })
  id?: number;

  @ApiProperty({ example: 'unspecified' })
  name?: string;

  @ApiProperty({ example: 0, description: 'Always 0.' })
  sort_key?: number;

  @ApiProperty()
  is_active?: boolean;
}

export class MilestoneDto {
  @ApiProperty({ example: 1 })
  id?: number;

  @ApiProperty({ example: '---' })
  name?: string;

  @ApiProperty({ example: 0 })
  sort_key?: number;

  @ApiProperty()
  is_active?: boolean;
}

export class ProductDto {
  @ApiProperty({ example: 1 })
  id?: number;

  @ApiProperty({ example: 'TestProduct' })
  name?: string;

  @ApiProperty({ description: 'May contain HTML.' })
  description?: string;

  @ApiProperty()
  is_active?: boolean;

  @ApiProperty({ example: '---' })
  default_milestone?: string;

  @ApiProperty()
  has_unconfirmed?: boolean;

  @ApiProperty({ example: 'Unclassified', description: 'Name of the classification.' })
  classification?: string;

  @ApiProperty({ type: [ComponentDto], description: 'All components, active or not, by name.' })
  components?: ComponentDto[];

  @ApiProperty({ type: [VersionDto], description: "All versions, in Bugzilla's version order." })
  versions?: VersionDto[];

  @ApiProperty({ type: [MilestoneDto], description: 'All milestones, by sort key, then name.' })
  milestones?: MilestoneDto[];
}

export class ProductListDto {
  @ApiProperty({ type: [ProductDto], description: 'The requested products the caller may see, by name.' })
  products: ProductDto[];
}

/** Kept here for the controllers that import it from this file; it lives with the envelope. */
export { ErrorEnvelopeDto } from '../../bugzilla/error-envelope.dto.js';
