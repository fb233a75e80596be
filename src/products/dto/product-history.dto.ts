import { ApiProperty } from '@nestjs/swagger';

/** The change history of a product (SPEC §10), from Bugzilla's audit_log. */
export class HistoryEntryDto {
  @ApiProperty({
    example: 42,
    description:
      "The entry's position in the product's trail, oldest first (by time, and within one second in the order " +
      'the rows were written); it stays as the trail grows. Pass it as `before` for the next page.',
  })
  id: number;

  @ApiProperty({ example: '2026-11-25T12:00:00Z', description: 'When, in UTC.' })
  when: string;

  @ApiProperty({ type: String, nullable: true, example: 'admin@example.com', description: 'Who (a login).' })
  who: string | null;

  @ApiProperty({ example: 'Bugzilla::Product', description: "Bugzilla's class of the changed object." })
  class: string;

  @ApiProperty({ example: 4 })
  object_id: number;

  @ApiProperty({
    example: 'description',
    description: 'The column changed, `__create__`/`__remove__`, or `group_control_map.<column>` for a group control.',
  })
  field: string;

  @ApiProperty({ type: String, nullable: true, example: 'Old text' })
  removed: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'New text' })
  added: string | null;
}

export class ProductHistoryDto {
  @ApiProperty({ type: [HistoryEntryDto], description: 'Newest first.' })
  history: HistoryEntryDto[];
}
