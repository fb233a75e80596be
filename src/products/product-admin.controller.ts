import { applyDecorators, Body, Controller, Delete, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, LoginRequired, RequireGroup } from '../auth/auth.decorators.js';
import { ErrorEnvelopeDto } from './dto/product-response.dto.js';
import {
  CreateProductDto,
  CreatedProductDto,
  DeleteProductDto,
  DeletedProductsDto,
  UpdateProductDto,
  UpdatedProductsDto,
} from './dto/product-write.dto.js';
import { ProductAdminService, type ProductChanges } from './product-admin.service.js';
import { ProductDeletionService } from './product-deletion.service.js';
import { IfMatch } from '../bugzilla/if-match.js';
import { productRepresentation, productsRepresentation } from './product-representations.js';
import { mergeParams } from './product-write.params.js';

const CREDENTIALS = 'unknown API key (306) or token (32000)';

function ProductUpdate(summary: string) {
  return applyDecorators(
    ApiOperation({
      summary,
      description:
        'Targets: the path, body `ids` and body `names` together (none → 50). Every target must exist and be ' +
        'accessible to the caller (106 otherwise), checked before the values; a blank name → 50. All targets ' +
        'change in one transaction, or none does. Any key other than those below → 32000 `Unknown parameter`. ' +
        'Needs membership of `editcomponents`.',
    }),
    ApiBody({ type: UpdateProductDto }),
    ApiOkResponse({
      type: UpdatedProductsDto,
      description: 'One entry per updated product, in target order, holding only what really changed.',
    }),
    ApiBadRequestResponse({
      type: ErrorEnvelopeDto,
      description:
        `Missing targets or a blank target name (50), non-numeric id (52), wrong JSON type (53), unknown parameter ` +
        `or a name for several ` +
        `products (32000), blank/long/taken name (700/701/702), blank description (703), unknown default milestone (705), ${CREDENTIALS}.`,
    }),
    ApiUnauthorizedResponse({
      type: ErrorEnvelopeDto,
      description: 'Not logged in (410), not in editcomponents (304), product missing or not accessible (106).',
    }),
    ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'No classification of that name to move into (51).' }),
  );
}

/** Creating, updating and deleting products (SPEC §5.3, §5.4, §10). */
@ApiTags('products')
@Controller('rest')
export class ProductAdminController {
  constructor(
    private readonly service: ProductAdminService,
    private readonly deletion: ProductDeletionService,
  ) {}

  @Post('product')
  @RequireGroup('editcomponents', 'add new products')
  @ApiOperation({
    summary: 'Create a product with its first version and default milestone.',
    description:
      'Checks, first failure wins: login (410), editcomponents (304), JSON types (53), classification (51), ' +
      'description (703), name (700, 701, 702), version (704, 53), default milestone (53). Unknown keys are ignored.',
  })
  @ApiBody({ type: CreateProductDto })
  @ApiCreatedResponse({ type: CreatedProductDto, description: 'The id of the new product.' })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description: `Wrong JSON type or value too long (53), blank name (700), name too long (701), name taken (702), blank description (703), blank version (704), ${CREDENTIALS}.`,
  })
  @ApiUnauthorizedResponse({
    type: ErrorEnvelopeDto,
    description: 'Not logged in (410) or not in editcomponents (304).',
  })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'No classification of that name (51).' })
  create(
    @CurrentUser() user: AuthUser,
    @Query() query: Record<string, unknown>,
    @Body() body: Record<string, unknown>,
  ): Promise<CreatedProductDto> {
    return this.service.create(user, query, body);
  }

  @Put('product')
  @RequireGroup('editcomponents', 'add, modify or delete products')
  @IfMatch(productsRepresentation)
  @ProductUpdate('Update the products named by body ids and names.')
  updateMany(
    @CurrentUser() user: AuthUser,
    @Query() query: Record<string, unknown>,
    @Body() body: Record<string, unknown>,
  ): Promise<{ products: ProductChanges[] }> {
    return this.service.update(user, undefined, query, body);
  }

  @Put('product/:id_or_name')
  @RequireGroup('editcomponents', 'add, modify or delete products')
  @IfMatch(productRepresentation('id_or_name'))
  @ProductUpdate('Update one product by id (all digits) or name, plus any body ids and names.')
  @ApiParam({ name: 'id_or_name', type: String, description: 'A product id (all digits) or a product name.' })
  updateOne(
    @CurrentUser() user: AuthUser,
    @Param('id_or_name') idOrName: string,
    @Query() query: Record<string, unknown>,
    @Body() body: Record<string, unknown>,
  ): Promise<{ products: ProductChanges[] }> {
    return this.service.update(user, idOrName, query, body);
  }

  @Delete('product/:id_or_name')
  @LoginRequired()
  @IfMatch(productRepresentation('id_or_name'))
  @ApiOperation({
    summary:
      'Delete a product with its components, versions, milestones, flag inclusions/exclusions and group controls.',
    description:
      "As Bugzilla's editproducts.cgi: needs `editcomponents`, globally or on this product. Refused while the product " +
      'has bugs unless `BZ_ALLOWBUGDELETION` is on, in which case its bugs go too, with everything hanging from ' +
      'them. `delete_series` (query or body, 1/0) also deletes its New Charts series. One transaction. Accepts ' +
      '`If-Match` with the ETag of `GET /rest/product/{id_or_name}` (412 when stale).',
  })
  @ApiParam({ name: 'id_or_name', type: String, description: 'A product id (all digits) or a product name.' })
  @ApiQuery({ name: 'delete_series', required: false, type: Boolean, description: 'Also delete its series.' })
  @ApiBody({ type: DeleteProductDto, required: false })
  @ApiOkResponse({ type: DeletedProductsDto, description: 'The id of the deleted product.' })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description: `The product has bugs, or the caller does not administer it (32000), wrong JSON type (53), ${CREDENTIALS}.`,
  })
  @ApiUnauthorizedResponse({
    type: ErrorEnvelopeDto,
    description: 'Not logged in (410), no editcomponents anywhere (304), product missing or not accessible (106).',
  })
  remove(
    @CurrentUser() user: AuthUser,
    @Param('id_or_name') idOrName: string,
    @Query() query: Record<string, unknown>,
    @Body() body: Record<string, unknown>,
  ): Promise<DeletedProductsDto> {
    return this.deletion.remove(user, idOrName, mergeParams(query, body).params);
  }
}
