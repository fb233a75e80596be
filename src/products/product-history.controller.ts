import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, LoginRequired } from '../auth/auth.decorators.js';
import { ProductHistoryDto } from './dto/product-history.dto.js';
import { ErrorEnvelopeDto } from './dto/product-response.dto.js';
import { MAX_HISTORY_LIMIT, ProductHistoryService } from './product-history.service.js';

/** Who changed a product, and when (SPEC §10; no Bugzilla serves this). */
@ApiTags('products')
@Controller('rest')
export class ProductHistoryController {
  constructor(private readonly service: ProductHistoryService) {}

  @Get('product/:id_or_name/history')
  @LoginRequired()
  @ApiOperation({
    summary: "A product's change history, newest first.",
    description:
      "From Bugzilla's audit_log: the product's own rows (its fields, group controls and classification) and those " +
      'of its components, versions, milestones and the flag types that apply to it. Only for those who may ' +
      'administer the product (`editcomponents`, globally or on this product).',
  })
  @ApiParam({ name: 'id_or_name', type: String, description: 'A product id (all digits) or a product name.' })
  @ApiQuery({
    name: 'limit',
    required: false,
    type: Number,
    description: `Entries per page, 1 to ${MAX_HISTORY_LIMIT} (default 100).`,
  })
  @ApiQuery({ name: 'before', required: false, type: Number, description: 'Only entries older than this entry id.' })
  @ApiOkResponse({ type: ProductHistoryDto })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description:
      'Non-numeric limit or before (52), repeated (53), limit out of range or product not administered (32000), ' +
      'unknown API key (306) or token (32000).',
  })
  @ApiUnauthorizedResponse({
    type: ErrorEnvelopeDto,
    description: 'Not logged in (410), no editcomponents anywhere (304), product missing or not accessible (106).',
  })
  history(
    @CurrentUser() user: AuthUser,
    @Param('id_or_name') idOrName: string,
    @Query() query: Record<string, unknown>,
  ): Promise<ProductHistoryDto> {
    return this.service.history(user, idOrName, query);
  }
}
