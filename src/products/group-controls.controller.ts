import { Body, Controller, Get, Param, Put, Query, type StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, LoginRequired } from '../auth/auth.decorators.js';
import { ErrorEnvelopeDto } from './dto/product-response.dto.js';
import {
  GroupControlsDto,
  ProductGroupControlsListDto,
  UpdatedGroupControlsDto,
  UpdateGroupControlsDto,
} from './dto/group-controls.dto.js';
import { FieldChangeDto } from './dto/product-write.dto.js';
import { GroupControlsListService } from './group-controls-list.service.js';
import { GroupControlsService } from './group-controls.service.js';
import { IfMatch } from '../bugzilla/if-match.js';

const WHO =
  'Needs membership of `editcomponents`, or a group whose control on this product has `editcomponents` (as ' +
  "Bugzilla's editproducts.cgi).";
const REFUSED = 'Not logged in (410), no editcomponents anywhere (304), product missing or not accessible (106).';

/** A product's group controls (SPEC §10, Bugzilla's editproducts.cgi editgroupcontrols/updategroupcontrols). */
@ApiTags('products')
@ApiExtraModels(FieldChangeDto)
@Controller('rest')
export class GroupControlsController {
  constructor(
    private readonly service: GroupControlsService,
    private readonly many: GroupControlsListService,
  ) {}

  @Get('product_group_controls')
  @LoginRequired()
  @ApiOperation({
    summary: 'The group controls of many products at once, for the products the caller administers.',
    description:
      "This service's own extension, for clients that read a whole catalogue (the catalogue as code): each " +
      "product's list as `GET /rest/product/{id_or_name}/group_controls` gives it, without the bug counts. " +
      'Without `ids` and `names`, every product the caller administers (those of `GET /rest/product_editable`); ' +
      'with them, those of these products; a product that does not exist or that the caller cannot see or ' +
      'does not administer is left out. Ordered by product name. Needs membership of `editcomponents`, or of a ' +
      'group whose control on some product has `editcomponents`. A large answer is streamed (docs/operators.md, ' +
      '"Large answers").',
  })
  @ApiQuery({ name: 'ids', required: false, isArray: true, type: Number, description: 'Product ids (repeat the key).' })
  @ApiQuery({
    name: 'names',
    required: false,
    isArray: true,
    type: String,
    description: 'Product names, matched case-insensitively (repeat the key).',
  })
  @ApiOkResponse({ type: ProductGroupControlsListDto })
  @ApiBadRequestResponse({ type: ErrorEnvelopeDto, description: 'Unknown API key (306) or token (32000).' })
  @ApiUnauthorizedResponse({
    type: ErrorEnvelopeDto,
    description: 'Not logged in (410), no editcomponents anywhere (304).',
  })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: Record<string, unknown>,
  ): Promise<ProductGroupControlsListDto | StreamableFile> {
    return this.many.list(user, query);
  }

  @Get('product/:id_or_name/group_controls')
  @LoginRequired()
  @ApiOperation({
    summary: "A product's group controls, with the number of its bugs in each group.",
    description: `One item per active bug group and per group already in the product's map, by group name. ${WHO}`,
  })
  @ApiParam({ name: 'id_or_name', type: String, description: 'A product id (all digits) or a product name.' })
  @ApiOkResponse({ type: GroupControlsDto })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description: 'Product visible but not administered by the caller (32000), unknown API key (306) or token (32000).',
  })
  @ApiUnauthorizedResponse({ type: ErrorEnvelopeDto, description: REFUSED })
  get(@CurrentUser() user: AuthUser, @Param('id_or_name') idOrName: string): Promise<GroupControlsDto> {
    return this.service.get(user, idOrName);
  }

  @Put('product/:id_or_name/group_controls')
  @LoginRequired()
  @IfMatch(async ({ service, user, params }) => [await service(GroupControlsService).get(user, params.id_or_name)])
  @ApiOperation({
    summary: "Change a product's group controls.",
    description:
      'Each item names a group and the settings to change; all change in one transaction, or none does. As ' +
      "Bugzilla's update: the product's bugs join a group that becomes Mandatory and leave one that becomes NA " +
      `(each recorded in the bug's activity). The answer is the list as it now stands, with what changed. ${WHO} ` +
      'Accepts `If-Match` with the ETag of the GET of this path (412 when stale).',
  })
  @ApiParam({ name: 'id_or_name', type: String, description: 'A product id (all digits) or a product name.' })
  @ApiBody({ type: UpdateGroupControlsDto })
  @ApiOkResponse({ type: UpdatedGroupControlsDto })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description:
      'No changes (50), wrong JSON type (53), illegal control value or combination, one control without the ' +
      'other, no settings, inactive or non-bug group, product not administered (32000), unknown API key (306).',
  })
  @ApiUnauthorizedResponse({ type: ErrorEnvelopeDto, description: REFUSED })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'Unknown group (51).' })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id_or_name') idOrName: string,
    @Body() body: Record<string, unknown>,
  ): Promise<UpdatedGroupControlsDto> {
    return this.service.update(user, idOrName, body);
  }
}
