import { IfMatch, type Representations } from '../bugzilla/if-match.js';
import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
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
import { pathTarget } from './component.params.js';
import { ComponentAdminService } from './component-admin.service.js';
import { ComponentsService } from './components.service.js';
import {
  ComponentListDto,
  ComponentNameDto,
  ComponentRecordDto,
  CreateComponentDto,
  CreatedComponentDto,
  DeleteComponentsDto,
  DeletedComponentsDto,
  UpdateComponentDto,
  UpdatedComponentsDto,
} from './dto/component.dto.js';

type Params = Record<string, unknown>;

const PERMISSION =
  'Needs login (410) and `editcomponents`, or `editcomponents` on a product through `group_control_map` ' +
  '(304 otherwise, before any parameter is read); then, per product: unknown or not accessible → 106, ' +
  'visible but not administered by the caller → 32000.';

const PRODUCT_PARAM = ApiParam({ name: 'product', description: 'Product name (a "/" in it must be sent as %2F).' });
const COMPONENT_PARAM = ApiParam({ name: 'component', description: 'Component name in that product.' });
const ID_PARAM = ApiParam({ name: 'id', description: 'Component id (digits).' });

function ComponentUpdate(summary: string) {
  return applyDecorators(
    LoginRequired(),
    ApiOperation({
      summary,
      description:
        `${PERMISSION} Targets: the path, else body \`ids\` and \`names\` ([{product, component}]), else \`product\` and ` +
        '`component` (none → 50). Unknown component → 51. Values top-level or in `updates`; any other key → 32000 ' +
        '`Unknown parameter`. All targets change in one transaction, or none does. `audit_log` gets a ' +
        '`Bugzilla::Component` row per changed column (name, description, initialowner, initialqacontact, isactive).',
    }),
    ApiBody({ type: UpdateComponentDto }),
    ApiOkResponse({
      type: UpdatedComponentsDto,
      description: 'One entry per component, holding only what really changed.',
    }),
    ApiBadRequestResponse({
      type: ErrorEnvelopeDto,
      description:
        'No targets or blank product/component (50), wrong JSON type (53), blank name/description/assignee, unknown ' +
        'parameter, one name for several components of a product, not administered (32000), name too long (105), name taken (1200).',
    }),
    ApiUnauthorizedResponse({
      type: ErrorEnvelopeDto,
      description:
        'Not logged in (410), no editcomponents (304), product not accessible (106), unknown CC login (504).',
    }),
    ApiNotFoundResponse({
      type: ErrorEnvelopeDto,
      description: 'Unknown component or id (51), unknown assignee or QA contact (51).',
    }),
  );
}

function ComponentDelete(summary: string) {
  return applyDecorators(
    LoginRequired(),
    ApiOperation({
      summary,
      description:
        `${PERMISSION} Refused while bugs are filed in it (1202) or when it is the product's last component (1201). ` +
        'Deletes its default CC list and flag inclusions/exclusions with it; `audit_log` gets a `__remove__` row. ' +
        'All targets go in one transaction, or none does.',
    }),
    ApiOkResponse({ type: DeletedComponentsDto, description: 'The ids of the deleted components.' }),
    ApiBadRequestResponse({
      type: ErrorEnvelopeDto,
      description: 'No targets (50), last component (1201), has bugs (1202), not administered (32000).',
    }),
    ApiUnauthorizedResponse({
      type: ErrorEnvelopeDto,
      description: 'Not logged in (410), no editcomponents (304), product not accessible (106).',
    }),
    ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'Unknown component or id (51).' }),
  );
}

/** The GET of the component a write's path names (its If-Match is compared with it). */
const componentById: Representations = async ({ service, user, params }) => [
  await service(ComponentsService).get(user, pathTarget(params.id)),
];
const componentByName: Representations = async ({ service, user, params }) => [
  await service(ComponentsService).get(user, pathTarget(params.product, params.component)),
];

/** Components: Bugzilla 5.2's Component.create, and read, update and delete (bugzilla.mozilla.org, Bugzilla 5.3). */
@ApiTags('components')
// Referenced by the `names` of update and delete bodies (one object, or an array of them).
@ApiExtraModels(ComponentNameDto)
@Controller('rest/component')
export class ComponentsController {
  constructor(
    private readonly admin: ComponentAdminService,
    private readonly components: ComponentsService,
  ) {}

  @Post()
  @LoginRequired()
  @ApiOperation({
    summary: 'Create a component (Component.create).',
    description:
      `${PERMISSION} Then, first failure wins: JSON types (53), description, default CC (504), default assignee, ` +
      'QA contact, name (32000, 105, 1200), unknown key (53). One transaction writes the component, its default CC ' +
      'list, the series (with `create_series`) and an `audit_log` row.',
  })
  @ApiBody({ type: CreateComponentDto })
  @ApiCreatedResponse({ type: CreatedComponentDto, description: 'The id of the new component.' })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description:
      'No product (50), wrong JSON type or unknown key (53), name too long (105), name taken (1200), blank name, ' +
      'description or assignee, or product not administered (32000).',
  })
  @ApiUnauthorizedResponse({
    type: ErrorEnvelopeDto,
    description: 'Not logged in (410), no editcomponents (304), product not accessible (106), unknown CC login (504).',
  })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'Unknown default assignee or QA contact (51).' })
  create(@CurrentUser() user: AuthUser, @Query() query: Params, @Body() body: Params): Promise<CreatedComponentDto> {
    return this.admin.create(user, mergeParams(query, body).params);
  }

  @Get()
  @ApiOperation({
    summary: 'Read many components: by id, or every component of some products.',
    description:
      "This service's own extension, for clients that read a whole catalogue (the catalogue as code): the " +
      'components named by `ids` and every component of the products named by `product_ids`, each as ' +
      '`GET /rest/component/{id}` gives it (with its default CC list). Components of products the caller cannot ' +
      'access, unknown ids and ids that are not numbers are left out. Neither parameter → 50; more than 1,000 ids ' +
      'or 100 product ids → 53.',
  })
  @ApiQuery({
    name: 'ids',
    required: false,
    isArray: true,
    type: Number,
    description: 'Component ids (repeat the key).',
  })
  @ApiQuery({
    name: 'product_ids',
    required: false,
    isArray: true,
    type: Number,
    description: 'Product ids (repeat the key): every component of each.',
  })
  @ApiOkResponse({ type: ComponentListDto })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description: 'Neither ids nor product_ids (50), too many of them (53), unknown API key (306) or token (32000).',
  })
  getMany(@CurrentUser() user: AuthUser, @Query() query: Params): Promise<ComponentListDto> {
    return this.components.list(user, query);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Read one component by id.',
    description: 'Components of products the caller cannot access do not exist (51).',
  })
  @ID_PARAM
  @ApiOkResponse({ type: ComponentRecordDto })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'No such component (51).' })
  getById(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<ComponentRecordDto> {
    return this.components.get(user, pathTarget(id));
  }

  @Get(':product/:component')
  @ApiOperation({ summary: 'Read one component by product and name (as bugzilla.mozilla.org).' })
  @PRODUCT_PARAM
  @COMPONENT_PARAM
  @ApiOkResponse({ type: ComponentRecordDto })
  @ApiUnauthorizedResponse({ type: ErrorEnvelopeDto, description: 'Product unknown or not accessible (106).' })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'No such component in the product (51).' })
  getByName(
    @CurrentUser() user: AuthUser,
    @Param('product') product: string,
    @Param('component') component: string,
  ): Promise<ComponentRecordDto> {
    return this.components.get(user, pathTarget(product, component));
  }

  @Put()
  @ComponentUpdate('Update the components named by body ids and names (Component.update).')
  updateMany(
    @CurrentUser() user: AuthUser,
    @Query() query: Params,
    @Body() body: Params,
  ): Promise<UpdatedComponentsDto> {
    return this.admin.update(user, mergeParams(query, body).params);
  }

  @Put(':id')
  @IfMatch(componentById)
  @ComponentUpdate('Update one component by id.')
  @ID_PARAM
  updateById(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query() query: Params,
    @Body() body: Params,
  ): Promise<UpdatedComponentsDto> {
    return this.admin.update(user, withPathTarget(mergeParams(query, body).params, id));
  }

  @Put(':product/:component')
  @IfMatch(componentByName)
  @ComponentUpdate("Update one component by product and name (python-bugzilla's editcomponent).")
  @PRODUCT_PARAM
  @COMPONENT_PARAM
  updateByName(
    @CurrentUser() user: AuthUser,
    @Param('product') product: string,
    @Param('component') component: string,
    @Query() query: Params,
    @Body() body: Params,
  ): Promise<UpdatedComponentsDto> {
    return this.admin.update(user, withPathTarget(mergeParams(query, body).params, product, component));
  }

  @Delete()
  @HttpCode(200)
  @ComponentDelete('Delete the components named by body ids and names (Component.delete).')
  @ApiBody({ type: DeleteComponentsDto })
  deleteMany(
    @CurrentUser() user: AuthUser,
    @Query() query: Params,
    @Body() body: Params,
  ): Promise<DeletedComponentsDto> {
    return this.admin.remove(user, mergeParams(query, body).params);
  }

  @Delete(':id')
  @IfMatch(componentById)
  @HttpCode(200)
  @ComponentDelete('Delete one component by id.')
  @ID_PARAM
  deleteById(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query() query: Params,
    @Body() body: Params,
  ): Promise<DeletedComponentsDto> {
    return this.admin.remove(user, withPathTarget(mergeParams(query, body).params, id));
  }

  @Delete(':product/:component')
  @IfMatch(componentByName)
  @HttpCode(200)
  @ComponentDelete('Delete one component by product and name.')
  @PRODUCT_PARAM
  @COMPONENT_PARAM
  deleteByName(
    @CurrentUser() user: AuthUser,
    @Param('product') product: string,
    @Param('component') component: string,
    @Query() query: Params,
    @Body() body: Params,
  ): Promise<DeletedComponentsDto> {
    return this.admin.remove(user, withPathTarget(mergeParams(query, body).params, product, component));
  }
}

/** As Bugzilla's REST server does, the component the path names replaces body `ids` and `names`. */
function withPathTarget(params: Params, first: string, second?: string): Params {
  const target = pathTarget(first, second);
  const { ids: _ids, names: _names, ...rest } = params;
  return 'id' in target ? { ...rest, ids: [target.id] } : { ...rest, names: [target] };
}
