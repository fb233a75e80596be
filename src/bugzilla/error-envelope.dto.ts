import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { DOCUMENTATION_URL } from './bugzilla-error.js';

/**
 * Bugzilla's error envelope, the one body of every error answer (SPEC §2), as the OpenAPI
 * document's reusable `ErrorEnvelopeDto` schema (the name controllers and tests already use). `src/openapi/` makes every error response use it.
 */
@ApiSchema({ description: "Bugzilla's error envelope: the body of every error answer." })
export class ErrorEnvelopeDto {
  @ApiProperty({ type: Boolean, enum: [true], example: true, description: 'Always true.' })
  error: true;

  @ApiProperty({
    type: 'integer',
    example: 32000,
    description:
      "Bugzilla's error code; the HTTP status follows from it. -32000: database unreachable or an unexpected fault.",
  })
  code: number;

  @ApiProperty({
    example: "The product type 'bogus' is invalid. Valid choices are 'accessible', 'selectable', and 'enterable'.",
    description: 'A sentence for people; never a stack trace, SQL or an internal name.',
  })
  message: string;

  @ApiProperty({ format: 'uri', example: DOCUMENTATION_URL, description: "Bugzilla's REST documentation." })
  documentation: string;
}
