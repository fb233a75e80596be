import { applyDecorators, Body, Controller, Delete, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, LoginRequired } from '../auth/auth.decorators.js';
import { ErrorEnvelopeDto } from './dto/product-response.dto.js';
import {
  CreatedValueDto,
  CreateMilestoneDto,
  CreateVersionDto,
  DeletedMilestonesDto,
  DeletedVersionsDto,
  UpdatedMilestonesDto,
  UpdatedVersionsDto,
  UpdateMilestoneDto,
  UpdateVersionDto,
} from './dto/product-value.dto.js';
import { mergeParams } from './product-write.params.js';
import { IfMatch } from '../bugzilla/if-match.js';
import { productRepresentation } from './product-representations.js';
import { ProductValueAdminService } from './product-value-admin.service.js';
import type { ValueKind } from './product-value.rules.js';

type Params = Record<string, unknown>;

const PERMISSION =
  'Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` (304); ' +
  'the product: unknown or not accessible → 106, not administered by the caller → 32000.';

function ValueRoute(kind: ValueKind, what: 'create' | 'update' | 'delete') {
  const rules =
    kind === 'version'
      ? 'Name: trimmed, control characters removed; blank, over 64 characters or taken in the product (compared without regard to case) → 32000.'
      : 'Name: trimmed; blank, over 64 characters or taken in the product (compared without regard to case) → 32000. ' +
        'Sort key: an integer from -32768 to 32767 (else 32000).';
  const specific = {
    create: `${rules} \`audit_log\`: a \`__create__\` row.`,
    update:
      `${rules} A rename also renames the value in the product's bugs` +
      (kind === 'milestone'
        ? " and, if it is the default milestone, the product's default milestone; the default milestone cannot be deactivated."
        : '.') +
      ' `audit_log`: one row per changed column (value, ' +
      (kind === 'milestone' ? 'sortkey, ' : '') +
      'isactive).',
    delete:
      (kind === 'version' ? "Refused for the product's last version" : "Refused for the product's default milestone") +
      ' and while bugs use it (32000). `audit_log`: a `__remove__` row.',
  }[what];
  const decorators = [
    LoginRequired(),
    ApiParam({ name: 'product', description: 'Product name.' }),
    ApiOperation({
      summary: `${what[0].toUpperCase()}${what.slice(1)} a ${kind} of a product (this service's extension).`,
      description: `${PERMISSION} ${specific} One transaction.`,
    }),
    ApiBadRequestResponse({
      type: ErrorEnvelopeDto,
      description: 'Blank product or name (50), wrong JSON type (53), a rule above or an unknown parameter (32000).',
    }),
    ApiUnauthorizedResponse({
      type: ErrorEnvelopeDto,
      description: 'Not logged in (410), no editcomponents (304), product not accessible (106).',
    }),
  ];
  if (what !== 'create') {
    decorators.push(
      ApiParam({ name: 'name', description: `Current name of the ${kind}.` }),
      ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: `No such ${kind} in the product (51).` }),
    );
  }
  return applyDecorators(...decorators);
}

/** A product's versions and milestones (this service's extension, Bugzilla's rules). */
@ApiTags('products')
@Controller('rest/product/:product')
export class ProductValueAdminController {
  constructor(private readonly service: ProductValueAdminService) {}

  @Post('version')
  @ValueRoute('version', 'create')
  @ApiBody({ type: CreateVersionDto })
  @ApiCreatedResponse({ type: CreatedValueDto })
  createVersion(
    @CurrentUser() user: AuthUser,
    @Param('product') product: string,
    @Query() query: Params,
    @Body() body: Params,
  ) {
    return this.service.create(user, 'version', { ...mergeParams(query, body).params, product });
  }

  @Put('version/:name')
  @IfMatch(productRepresentation('product'))
  @ValueRoute('version', 'update')
  @ApiBody({ type: UpdateVersionDto })
  @ApiOkResponse({ type: UpdatedVersionsDto })
  updateVersion(
    @CurrentUser() user: AuthUser,
    @Param('product') product: string,
    @Param('name') name: string,
    @Query() query: Params,
    @Body() body: Params,
  ) {
    return this.service.update(user, 'version', { ...mergeParams(query, body).params, product, version: name });
  }

  @Delete('version/:name')
  @IfMatch(productRepresentation('product'))
  @HttpCode(200)
  @ValueRoute('version', 'delete')
  @ApiOkResponse({ type: DeletedVersionsDto })
  deleteVersion(@CurrentUser() user: AuthUser, @Param('product') product: string, @Param('name') name: string) {
    return this.service.remove(user, 'version', { product, version: name });
  }

  @Post('milestone')
  @ValueRoute('milestone', 'create')
  @ApiBody({ type: CreateMilestoneDto })
  @ApiCreatedResponse({ type: CreatedValueDto })
  createMilestone(
    @CurrentUser() user: AuthUser,
    @Param('product') product: string,
    @Query() query: Params,
    @Body() body: Params,
  ) {
    return this.service.create(user, 'milestone', { ...mergeParams(query, body).params, product });
  }

  @Put('milestone/:name')
  @IfMatch(productRepresentation('product'))
  @ValueRoute('milestone', 'update')
  @ApiBody({ type: UpdateMilestoneDto })
  @ApiOkResponse({ type: UpdatedMilestonesDto })
  updateMilestone(
    @CurrentUser() user: AuthUser,
    @Param('product') product: string,
    @Param('name') name: string,
    @Query() query: Params,
    @Body() body: Params,
  ) {
    return this.service.update(user, 'milestone', { ...mergeParams(query, body).params, product, milestone: name });
  }

  @Delete('milestone/:name')
  @IfMatch(productRepresentation('product'))
  @HttpCode(200)
  @ValueRoute('milestone', 'delete')
  @ApiOkResponse({ type: DeletedMilestonesDto })
  deleteMilestone(@CurrentUser() user: AuthUser, @Param('product') product: string, @Param('name') name: string) {
    return this.service.remove(user, 'milestone', { product, milestone: name });
  }
}
