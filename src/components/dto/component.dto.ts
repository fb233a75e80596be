import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FieldChangeDto } from '../../products/dto/product-write.dto.js';

/**
 * Request and response shapes of the component endpoints, for the OpenAPI document.
 * The handlers read the raw JSON (the service applies Bugzilla's type and order rules),
 * so these classes carry no validation.
 */

export class CreateComponentDto {
  @ApiProperty({
    example: 'Widget',
    description: 'Name of a product the caller administers. Missing → 50; not accessible → 106.',
  })
  product: string;

  @ApiProperty({
    example: 'Backend',
    maxLength: 64,
    description:
      'Trimmed. Blank → 32000, over 64 characters → 105, taken in the product (compared without regard to case) → 1200. Alias `component` (python-bugzilla).',
  })
  name: string;

  @ApiProperty({ example: 'Server side of the widget.', description: 'Trimmed; may contain HTML. Blank → 32000.' })
  description: string;

  @ApiProperty({
    example: 'dev@example.com',
    description: 'Login of the default assignee. Blank → 32000; unknown → 51.',
  })
  default_assignee: string;

  @ApiPropertyOptional({
    example: 'qa@example.com',
    description:
      'Login of the default QA contact (only with the `useqacontact` parameter on). Blank → none; unknown → 51.',
  })
  default_qa_contact?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['lead@example.com'],
    description: 'Logins of the default CC list; duplicates collapsed. Unknown → 504; not an array → 53.',
  })
  default_cc?: string[];

  @ApiPropertyOptional({
    default: true,
    description:
      'Open for new bugs (Perl truth, as Bugzilla: false, 0, "0", "" and null are false). Alias `is_active`.',
  })
  is_open?: boolean;

  @ApiPropertyOptional({ default: false, description: 'Write the "All Open"/"All Closed" New Charts series.' })
  create_series?: boolean;
}

export class CreatedComponentDto {
  @ApiProperty({ example: 12, description: 'Id of the new component.' })
  id: number;
}

export class ComponentRecordDto {
  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ example: 'Backend' })
  name: string;

  @ApiProperty({ example: 'Widget', description: 'The product it belongs to.' })
  product: string;

  @ApiProperty({ example: 'Server side of the widget.' })
  description: string;

  @ApiProperty({ example: 'dev@example.com' })
  default_assignee: string;

  @ApiProperty({ example: '', description: 'Empty when there is none.' })
  default_qa_contact: string;

  @ApiProperty({ type: [String], example: ['lead@example.com'], description: 'Sorted by login.' })
  default_cc: string[];

  @ApiProperty({ example: true })
  is_active: boolean;
}

export class ComponentNameDto {
  @ApiProperty({ example: 'Widget' })
  product: string;

  @ApiProperty({ example: 'Backend' })
  component: string;
}

export class ComponentValuesDto {
  @ApiPropertyOptional({
    example: 'Server',
    description: 'New name: one component per product only (else 32000). Rules as on create.',
  })
  name?: string;

  @ApiPropertyOptional({ example: 'The server.', description: 'Blank → 32000.' })
  description?: string;

  @ApiPropertyOptional({ example: 'dev@example.com', description: 'Blank → 32000; unknown → 51.' })
  default_assignee?: string;

  @ApiPropertyOptional({
    example: '',
    description: 'Blank or null clears it; unknown → 51. Ignored with `useqacontact` off.',
  })
  default_qa_contact?: string;

  @ApiPropertyOptional({ type: [String], description: 'Replaces the default CC list. Unknown login → 504.' })
  default_cc?: string[];

  @ApiPropertyOptional({ description: 'Open for new bugs: JSON true/false, 1/0 or "1"/"0". Alias `is_active`.' })
  is_open?: boolean;
}

export class UpdateComponentDto extends ComponentValuesDto {
  @ApiPropertyOptional({ type: [Number], description: 'Components by id (ignored when the path names one).' })
  ids?: number[];

  @ApiPropertyOptional({
    type: [ComponentNameDto],
    description: 'Components by product and name (ignored when the path names one).',
  })
  names?: ComponentNameDto[];

  @ApiPropertyOptional({
    type: ComponentValuesDto,
    description: "New values as python-bugzilla's editcomponent sends them; they win over top-level keys.",
  })
  updates?: ComponentValuesDto;
}

export class DeleteComponentsDto {
  @ApiPropertyOptional({ type: [Number] })
  ids?: number[];

  @ApiPropertyOptional({ type: [ComponentNameDto] })
  names?: ComponentNameDto[];
}

export class ComponentChangeSetDto {
  @ApiPropertyOptional({ type: FieldChangeDto })
  name?: FieldChangeDto;

  @ApiPropertyOptional({ type: FieldChangeDto })
  description?: FieldChangeDto;

  @ApiPropertyOptional({ type: FieldChangeDto, description: 'Logins.' })
  default_assignee?: FieldChangeDto;

  @ApiPropertyOptional({ type: FieldChangeDto, description: 'Logins; "" for none.' })
  default_qa_contact?: FieldChangeDto;

  @ApiPropertyOptional({
    type: FieldChangeDto,
    description: 'Logins taken off and put on the list, sorted, joined by ", ".',
  })
  default_cc?: FieldChangeDto;

  @ApiPropertyOptional({ type: FieldChangeDto, description: '"1"/"0".' })
  is_open?: FieldChangeDto;
}

export class ComponentChangesDto {
  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ type: ComponentChangeSetDto, description: 'Only what really changed; `{}` when nothing did.' })
  changes: ComponentChangeSetDto;
}

export class UpdatedComponentsDto {
  @ApiProperty({
    type: [ComponentChangesDto],
    description: 'One entry per component, in target order (ids, then names).',
  })
  components: ComponentChangesDto[];
}

export class DeletedComponentDto {
  @ApiProperty({ example: 12 })
  id: number;
}

export class DeletedComponentsDto {
  @ApiProperty({ type: [DeletedComponentDto] })
  components: DeletedComponentDto[];
}
