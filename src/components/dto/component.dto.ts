import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ClosedSchema } from '../../openapi/closed-schema.js';
import { ID_LIST_OR_ONE, PERL_TRUTH } from '../../openapi/request-forms.js';
import { FieldChangeDto } from '../../products/dto/product-write.dto.js';

/**
 * Request and response shapes of the component endpoints, for the OpenAPI document.
 * The handlers read the raw JSON (the service applies Bugzilla's type and order rules),
 * so these classes carry no validation.
 */

/** Any other key: 53 (Bugzilla refuses it when it writes the row). */
@ClosedSchema()
export class CreateComponentDto {
  @ApiProperty({
    example: 'Widget',
    description: 'Name of a product the caller administers. Missing → 50; not accessible → 106.',
  })
  product: string;

  @ApiPropertyOptional({
    example: 'Backend',
    maxLength: 64,
    description:
      'Required, here or as `component`. Trimmed. Blank → 32000, over 64 characters → 105, taken in the product ' +
      '(compared without regard to case) → 1200.',
  })
  name?: string;

  @ApiPropertyOptional({
    example: 'Backend',
    description: "python-bugzilla's name for `name`, which wins when both are given.",
  })
  component?: string;

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
    ...PERL_TRUTH,
    default: true,
    description:
      'Open for new bugs (Perl truth, as Bugzilla: false, 0, "0", "" and null are false). Alias `is_active`.',
  })
  is_open?: boolean | number | string | null;

  @ApiPropertyOptional({
    ...PERL_TRUTH,
    description: "python-bugzilla's name for `is_open`, which wins when both are given.",
  })
  is_active?: boolean | number | string | null;

  @ApiPropertyOptional({
    ...PERL_TRUTH,
    default: false,
    description: 'Write the "All Open"/"All Closed" New Charts series (Perl truth).',
  })
  create_series?: boolean | number | string | null;
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

export class ComponentListDto {
  @ApiProperty({ type: [ComponentRecordDto], description: 'By product name, then component name.' })
  components: ComponentRecordDto[];
}

export class ComponentNameDto {
  @ApiProperty({ example: 'Widget' })
  product: string;

  @ApiProperty({ example: 'Backend' })
  component: string;
}

/** Any other key: 32000 `Unknown parameter`. */
@ClosedSchema()
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
    type: String,
    nullable: true,
    example: '',
    description: 'Blank or null clears it; unknown → 51. Ignored with `useqacontact` off.',
  })
  default_qa_contact?: string | null;

  @ApiPropertyOptional({ type: [String], description: 'Replaces the default CC list. Unknown login → 504.' })
  default_cc?: string[];

  @ApiPropertyOptional({ description: 'Open for new bugs: JSON true/false, 1/0 or "1"/"0". Alias `is_active`.' })
  is_open?: boolean;

  @ApiPropertyOptional({ description: 'Alias of `is_open`, which wins when both are given.' })
  is_active?: boolean;
}

@ClosedSchema()
export class UpdateComponentDto extends ComponentValuesDto {
  @ApiPropertyOptional({
    ...ID_LIST_OR_ONE,
    description: 'Components by id, one id alone too (ignored when the path names one).',
  })
  ids?: number[];

  @ApiPropertyOptional({
    oneOf: [
      { type: 'array', items: { $ref: '#/components/schemas/ComponentNameDto' } },
      { $ref: '#/components/schemas/ComponentNameDto' },
    ],
    description: 'Components by product and name, one object alone too (ignored when the path names one).',
  })
  names?: ComponentNameDto[];

  @ApiPropertyOptional({
    description:
      "With `component`, names the component when neither the path, `ids` nor `names` do (bugzilla.mozilla.org's form).",
  })
  product?: string;

  @ApiPropertyOptional({ description: 'The component of `product`.' })
  component?: string;

  @ApiPropertyOptional({
    type: ComponentValuesDto,
    description: "New values as python-bugzilla's editcomponent sends them; they win over top-level keys.",
  })
  updates?: ComponentValuesDto;
}

export class DeleteComponentsDto {
  @ApiPropertyOptional({ ...ID_LIST_OR_ONE, description: 'Components by id, one id alone too.' })
  ids?: number[];

  @ApiPropertyOptional({
    oneOf: [
      { type: 'array', items: { $ref: '#/components/schemas/ComponentNameDto' } },
      { $ref: '#/components/schemas/ComponentNameDto' },
    ],
    description: 'Components by product and name, one object alone too.',
  })
  names?: ComponentNameDto[];

  @ApiPropertyOptional({ description: 'With `component`, names the component when `ids` and `names` do not.' })
  product?: string;

  @ApiPropertyOptional({ description: 'The component of `product`.' })
  component?: string;
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
