import { FieldFilterQueries } from '../openapi/field-filter-queries.js';
import { applyDecorators, Controller, Get, Param, Query, Req, type StreamableFile } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
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
import { CurrentUser } from '../auth/auth.decorators.js';
import { ErrorEnvelopeDto, ProductIdsDto, ProductListDto } from './dto/product-response.dto.js';
import { ProductsService } from './products.service.js';

const CREDENTIAL_ERRORS = ApiUnauthorizedResponse({
  type: ErrorEnvelopeDto,
  description: 'Wrong login or password (300), disabled account (301), or login required by requirelogin (410).',
});

const BAD_CREDENTIALS = 'Unknown API key (306) or token (32000).';

function IdList(summary: string) {
  return applyDecorators(
    ApiOperation({ summary }),
    ApiOkResponse({ type: ProductIdsDto }),
    ApiBadRequestResponse({ type: ErrorEnvelopeDto, description: BAD_CREDENTIALS }),
    CREDENTIAL_ERRORS,
  );
}

function ProductGet(summary: string) {
  const list = (name: string, description: string, type: typeof String | typeof Number = String) =>
    ApiQuery({ name, required: false, isArray: true, type, description });
  return applyDecorators(
    ApiOperation({
      summary,
      description:
        'Products that are not in the pool (by `type`) or do not exist are silently left out, as are ' +
        'duplicate and non-numeric ids. Without ids and names the whole pool is returned. Ordered by name.',
    }),
    list('ids', 'Product ids (repeat the key). A value that is not a number matches nothing.', Number),
    list('names', 'Product names, matched case-insensitively (repeat the key).'),
    ApiQuery({
      name: 'type',
      required: false,
      isArray: true,
      enum: ['accessible', 'selectable', 'enterable'],
      description: 'Pools to choose from (union); default accessible.',
    }),
    FieldFilterQueries(
      'Fields to return, e.g. `id`, `components.name`, `_default`, `_all`; comma lists allowed.',
      'Fields to leave out; wins over include_fields. Excluded parts are not loaded.',
    ),
    ApiOkResponse({ type: ProductListDto }),
    ApiBadRequestResponse({
      type: ErrorEnvelopeDto,
      description: `Invalid product type (32000), or ${BAD_CREDENTIALS}`,
    }),
    CREDENTIAL_ERRORS,
  );
}

/** Reading products (SPEC §5.1, §5.2); anonymous callers are served too. */
@ApiTags('products')
@Controller('rest')
export class ProductsController {
  constructor(private readonly service: ProductsService) {}

  @Get('product_selectable')
  @IdList('Ids of the products the caller can select, e.g. to search bugs, ordered by name.')
  selectable(@CurrentUser() user: AuthUser): ProductIdsDto | Promise<ProductIdsDto> {
    return this.service.ids(user, 'selectable');
  }

  @Get('product_enterable')
  @IdList('Ids of the products the caller can enter bugs against, ordered by name.')
  enterable(@CurrentUser() user: AuthUser): ProductIdsDto | Promise<ProductIdsDto> {
    return this.service.ids(user, 'enterable');
  }

  @Get('product_accessible')
  @IdList('Ids of the products the caller can select or enter bugs against, ordered by name.')
  accessible(@CurrentUser() user: AuthUser): ProductIdsDto | Promise<ProductIdsDto> {
    return this.service.ids(user, 'accessible');
  }

  @Get('product_editable')
  @IdList(
    "Ids of the products the caller may administer, ordered by name (this service's extension, for the admin " +
      'console): every product they can select for members of `editcomponents`, else those they can select on ' +
      "which a group of theirs has `editcomponents` in the group controls (Bugzilla's " +
      "get_products_by_permission('editcomponents')). Anonymous callers: none.",
  )
  editable(@CurrentUser() user: AuthUser): Promise<ProductIdsDto> {
    return this.service.editableIds(user);
  }

  @Get('product')
  @ProductGet('Products by ids and names, with their components, versions and milestones.')
  products(
    @CurrentUser() user: AuthUser,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ): ProductListDto | Promise<ProductListDto | StreamableFile> {
    return this.service.getForRest(user, query, undefined, request.url);
  }

  @Get('product/:id_or_name')
  @ProductGet('One product by id (all digits) or name, merged with the ids and names of the query.')
  @ApiParam({ name: 'id_or_name', type: String, description: 'A product id (all digits) or a product name.' })
  product(
    @CurrentUser() user: AuthUser,
    @Param('id_or_name') idOrName: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ): ProductListDto | Promise<ProductListDto | StreamableFile> {
    return this.service.getForRest(user, query, idOrName, request.url);
  }
}
