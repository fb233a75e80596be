import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
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
import { ErrorEnvelopeDto } from '../products/dto/product-response.dto.js';
import { mergeParams } from '../products/product-write.params.js';
import {
  CreatedFlagTypeDto,
  CreateFlagTypeDto,
  DeletedFlagTypesDto,
  FlagTypeFieldChangeDto,
  FlagTypesOfProductDto,
  FlagTypesRulesDto,
  UpdatedFlagTypesDto,
  UpdateFlagTypeDto,
} from './dto/flag-type.dto.js';
import { Errors } from '../bugzilla/bugzilla-error.js';
import { IfMatch, type Representations } from '../bugzilla/if-match.js';
import { FlagTypeDeletionService } from './flag-type-deletion.service.js';
import { FlagTypeRulesReadService } from './flag-type-rules-read.service.js';
import { FlagTypesService } from './flag-types.service.js';

const CREDENTIALS = 'unknown API key (306) or token (32000)';
/**
 * One name for the segment after `/rest/flag_type/` on every route, as OpenAPI requires of
 * paths that differ only in it: a product name to GET, a flag type id or name to PUT.
 */
const NAME_PARAM = 'name';

/**
 * The GETs that show the flag types a write's path names: FlagType.get of each product they are
 * included for by name (a type included only for "any product" has none: any If-Match is stale).
 */
const flagTypeRepresentations: Representations = async ({ service, user, params }) => {
  const idOrName = params[NAME_PARAM];
  const products = await service(FlagTypeDeletionService).includingProducts(idOrName);
  const reads = await Promise.allSettled([
    ...products.map((product) => service(FlagTypesService).get(user, { product })),
    // And the type's own read with its whole lists (GET /rest/flag_type?ids= or ?names=), as editors read it.
    service(FlagTypeRulesReadService).read(user, /^\d+$/.test(idOrName) ? { ids: [idOrName] } : { names: [idOrName] }),
  ]);
  // A product the caller cannot see is no representation of theirs; when none is readable, the write answers.
  const answers = reads.flatMap((read) => (read.status === 'fulfilled' ? [read.value] : []));
  const failed = reads.find((read): read is PromiseRejectedResult => read.status === 'rejected');
  if (answers.length === 0 && failed) throw failed.reason;
  return answers;
};

/** Flag types (Bugzilla's FlagType.get, create and update; deletion as editflagtypes.cgi). */
@ApiTags('flag types')
@ApiExtraModels(FlagTypeFieldChangeDto)
@Controller('rest')
export class FlagTypesController {
  constructor(
    private readonly service: FlagTypesService,
    private readonly deletion: FlagTypeDeletionService,
    private readonly rules: FlagTypeRulesReadService,
  ) {}

  @Get('flag_type')
  @ApiOperation({
    summary: 'Flag types by id or name, with their whole inclusion and exclusion lists (our extension).',
    description:
      "Bugzilla 5.2's FlagType.get shows one product's rules only, while FlagType.update replaces every " +
      "product's: this read gives an editor the lists to send back whole. Who may: as PUT (410, 304, 1105). " +
      'Members of `editcomponents` see the rules on every product they can see (and `"__Any__"`, every product); ' +
      'product-level admins only those on the products they administer. PUT keeps the rules a caller is not ' +
      'shown. Its ETag is the one PUT and DELETE accept in `If-Match` for the type.',
  })
  @ApiQuery({ name: 'ids', required: false, type: [Number], description: 'Flag type ids.' })
  @ApiQuery({
    name: 'names',
    required: false,
    type: [String],
    description: 'Flag type names (every type of each name).',
  })
  @ApiOkResponse({ type: FlagTypesRulesDto })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description: `Non-numeric id (52), type not editable (1105), ${CREDENTIALS}.`,
  })
  @ApiUnauthorizedResponse({ type: ErrorEnvelopeDto, description: 'Not logged in (410), no editcomponents (304).' })
  @ApiNotFoundResponse({
    type: ErrorEnvelopeDto,
    description:
      "Unknown flag type id (51); neither ids nor names: Bugzilla's answer for a path it does not serve (32614).",
  })
  withRules(@CurrentUser() user: AuthUser, @Query() query: Record<string, unknown>): Promise<FlagTypesRulesDto> {
    // Without ids or names this is Bugzilla's own path, which has no GET: its answer, for anyone.
    if (query.ids == null && query.names == null) throw Errors.resourceNotFound('GET', '/flag_type');
    if (!user.id) throw Errors.loginRequired();
    return this.rules.read(user, { ids: query.ids, names: query.names });
  }

  @Get(`flag_type/:${NAME_PARAM}`)
  @ApiOperation({
    summary: 'The flag types of a product, with the values the caller may set.',
    description:
      'No login needed. A type is listed when an inclusion for the product (or any product) is not taken away ' +
      'by an exclusion; `?component=` narrows to one component. Ordered by sort key, then name.',
  })
  @ApiParam({ name: NAME_PARAM, type: String, description: 'A product name (an id is read as a name).' })
  @ApiQuery({ name: 'component', required: false, type: String, description: 'A component of the product.' })
  @ApiOkResponse({ type: FlagTypesOfProductDto })
  @ApiBadRequestResponse({ type: ErrorEnvelopeDto, description: `Blank product or component (50), ${CREDENTIALS}.` })
  @ApiUnauthorizedResponse({ type: ErrorEnvelopeDto, description: 'Product missing or not accessible (106).' })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'No such component in the product (51).' })
  ofProduct(
    @CurrentUser() user: AuthUser,
    @Param(NAME_PARAM) product: string,
    @Query() query: Record<string, unknown>,
  ): Promise<FlagTypesOfProductDto> {
    return this.service.get(user, { ...query, product });
  }

  @Get('flag_type/:product/:component')
  @ApiOperation({
    summary: 'The flag types of one component of a product, with the values the caller may set.',
    description: 'No login needed. Ordered by sort key, then name.',
  })
  @ApiParam({ name: 'product', type: String, description: 'A product name (an id is read as a name).' })
  @ApiParam({ name: 'component', type: String, description: 'A component name of the product.' })
  @ApiOkResponse({ type: FlagTypesOfProductDto })
  @ApiBadRequestResponse({ type: ErrorEnvelopeDto, description: `Blank component (50), ${CREDENTIALS}.` })
  @ApiUnauthorizedResponse({ type: ErrorEnvelopeDto, description: 'Product missing or not accessible (106).' })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'No such component in the product (51).' })
  ofComponent(
    @CurrentUser() user: AuthUser,
    @Param('product') product: string,
    @Param('component') component: string,
    @Query() query: Record<string, unknown>,
  ): Promise<FlagTypesOfProductDto> {
    return this.service.get(user, { ...query, product, component });
  }

  @Post('flag_type')
  @LoginRequired()
  @ApiOperation({
    summary: 'Create a flag type.',
    description:
      'Needs `editcomponents`, globally or through a product (then only for the products the caller ' +
      'administers, and `inclusions` must be given). Checks, first failure wins: login (410), rights (304), ' +
      'name and description given (50), inclusions then exclusions (53, 50, 106, 51), then cc_list (1103, 501), ' +
      'description (1102), grant_group (51), booleans (53), name (1101), request_group (51), sortkey (1104), ' +
      'target_type (68000). Other keys are ignored.',
  })
  @ApiBody({ type: CreateFlagTypeDto })
  @ApiCreatedResponse({ type: CreatedFlagTypeDto, description: 'The id of the new flag type.' })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description:
      'Missing name, description or (product-level admins) inclusions (50), wrong JSON type (53), invalid name ' +
      `(1101), description (1102), CC list (1103, 501), sort key (1104) or target type (68000), ${CREDENTIALS}.`,
  })
  @ApiUnauthorizedResponse({
    type: ErrorEnvelopeDto,
    description: 'Not logged in (410), no editcomponents (304), product missing or not administered (106).',
  })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'Unknown group or component (51).' })
  create(
    @CurrentUser() user: AuthUser,
    @Query() query: Record<string, unknown>,
    @Body() body: Record<string, unknown>,
  ): Promise<CreatedFlagTypeDto> {
    return this.service.create(user, mergeParams(query, body).params);
  }

  @Put(`flag_type/:${NAME_PARAM}`)
  @LoginRequired()
  @IfMatch(flagTypeRepresentations)
  @ApiOperation({
    summary: 'Update flag types by id or name.',
    description:
      'The path is an id (all digits) or a name (every type of that name); body `ids` or `names` replace it. ' +
      'All targets change in one transaction, or none does. A product-level admin may change only types ' +
      'available for products they administer (1105), and only the lists of types also used elsewhere. ' +
      'Any key other than those below: 67399.',
  })
  @ApiParam({ name: NAME_PARAM, type: String, description: 'A flag type id (all digits) or name.' })
  @ApiBody({ type: UpdateFlagTypeDto })
  @ApiOkResponse({
    type: UpdatedFlagTypesDto,
    description: 'One entry per target (none for a name that matches nothing).',
  })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description:
      'Non-numeric id (52), wrong JSON type (53), invalid value (1101-1104, 501, 50), type not editable ' +
      `(1105), field that cannot be set (67399), ${CREDENTIALS}.`,
  })
  @ApiUnauthorizedResponse({
    type: ErrorEnvelopeDto,
    description: 'Not logged in (410), no editcomponents (304), product missing or not administered (106).',
  })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'Unknown flag type id, group or component (51).' })
  update(
    @CurrentUser() user: AuthUser,
    @Param(NAME_PARAM) idOrName: string,
    @Query() query: Record<string, unknown>,
    @Body() body: Record<string, unknown>,
  ): Promise<UpdatedFlagTypesDto> {
    const target = /^\d+$/.test(idOrName) ? { ids: [idOrName] } : { names: [idOrName] };
    // Bugzilla's REST rule for writes: body (and query) parameters replace those of the path.
    return this.service.update(user, { ...target, ...mergeParams(query, body).params });
  }

  @Delete(`flag_type/:${NAME_PARAM}`)
  @LoginRequired()
  @IfMatch(flagTypeRepresentations)
  @ApiOperation({
    summary: 'Delete flag types by id or name, with their inclusions, exclusions and flags.',
    description:
      "As Bugzilla's editflagtypes.cgi: needs `editcomponents`, globally or on a product the type applies to (1105), " +
      'and a product-level admin may delete only a type whose products are all theirs (32000). The path is an id ' +
      '(all digits) or a name (every type of that name). One transaction. Accepts `If-Match` with the ETag of ' +
      '`GET /rest/flag_type/{product}` for the `product` query parameter (412 when stale).',
  })
  @ApiParam({ name: NAME_PARAM, type: String, description: 'A flag type id (all digits) or name.' })
  @ApiOkResponse({ type: DeletedFlagTypesDto })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description: `Type not editable (1105), used by products the caller does not administer (32000), ${CREDENTIALS}.`,
  })
  @ApiUnauthorizedResponse({ type: ErrorEnvelopeDto, description: 'Not logged in (410), no editcomponents (304).' })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'No flag type of that id or name (51).' })
  remove(@CurrentUser() user: AuthUser, @Param(NAME_PARAM) idOrName: string): Promise<DeletedFlagTypesDto> {
    return this.deletion.remove(user, idOrName);
  }
}
