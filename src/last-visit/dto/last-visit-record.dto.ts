import { ApiProperty } from '@nestjs/swagger';

/** One last-visit record as the API answers it (SPEC "Last-visit record"). */
export class LastVisitRecordDto {
  @ApiProperty({ type: 'integer', description: 'Bug ID.', example: 42 })
  id: number;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    description: 'When the calling user last visited the bug, UTC, `YYYY-MM-DDThh:mm:ssZ`.',
    example: '2026-11-22T01:37:23Z',
  })
  last_visit_ts: string;
}
