import { FieldFilterQueries } from '../openapi/field-filter-queries.js';
import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
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
import { CurrentUser, RequireGroup } from '../auth/auth.decorators.js';
import { ErrorEnvelopeDto } from '../products/dto/product-response.dto.js';
import { IfMatch, type Representations } from '../bugzilla/if-match.js';
import { mergeParams } from '../products/product-write.params.js';
import { ClassificationAdminService } from './classification-admin.service.js';
import {
  ClassificationListDto,
  CreatedClassificationDto,
  CreateClassificationDto,
  DeletedClassificationsDto,
  UpdateClassificationDto,
  UpdatedClassificationsDto,
} from './dto/classification.dto.js';
import { classificationParams, ClassificationsService } from './classifications.service.js';

const EDIT = 'add, modify or delete classifications';

/** The GET of the classification a write's path names (its If-Match is compared with it). */
const classificationRepresentation: Representations = async ({ service, user, params }) => [
  await service(ClassificationsService).get(user, classificationParams({}, params.id_or_name)),
];
const REFUSED = 'Not logged in (410), not in editclassifications (304).';
const NOT_ENABLED = 'Classification not enabled (900: `BZ_USECLASSIFICATION` is off)';

/**
 * Reading classifications (Bugzilla's Classification.get; anonymous callers are served too) and,
 * for `editclassifications` members, creating, updating and deleting them (editclassifications.cgi).
 */
@ApiTags('classifications')
@Controller('rest')
export class ClassificationsController {
  constructor(
    private readonly service: ClassificationsService,
    private readonly admin: ClassificationAdminService,
  ) {}

  @Get('classification')
  @ApiOperation({
    summary: "Every classification the caller may see (this service's extension, for the admin console).",
    description:
      'The items of `GET /rest/classification/{id_or_name}` for every classification, by sort key, then name, ' +
      'with the same rules: with `useclassification` off only members of `editclassifications` are answered ' +
      '(900 for everyone else); members of `editclassifications` see every classification (an empty one too) ' +
      'and every product; others the classifications where they can select a product, with those products. ' +
      'With `names` or `ids` in the query, the classifications they name, as the route by name answers.',
  })
  @FieldFilterQueries('Fields to return, e.g. `name`, `products.name`.')
  @ApiQuery({ name: 'names', required: false, isArray: true, type: String, description: 'Only these names.' })
  @ApiQuery({ name: 'ids', required: false, isArray: true, type: Number, description: 'Only these ids.' })
  @ApiOkResponse({ type: ClassificationListDto })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description:
      'Classification not enabled (900), blank name (50), non-numeric id (52), unknown API key (306) or token (32000).',
  })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'No classification of a name or id given (51).' })
  @ApiUnauthorizedResponse({
    type: ErrorEnvelopeDto,
    description: 'Wrong login or password (300), disabled account (301), or login required by requirelogin (410).',
  })
  list(@CurrentUser() user: AuthUser, @Query() query: Record<string, unknown>): Promise<ClassificationListDto> {
    // With `names` or `ids` in the query it is Classification.get itself, as over RPC.
    if (query.names != null || query.ids != null) return this.service.get(user, query);
    return this.service.all(user, query);
  }

  @Get('classification/:id_or_name')
  @ApiOperation({
    summary: 'Classifications by id or name, with the products the caller may see in them.',
    description:
      'The path value (an id when all digits, else a name, matched case-insensitively) comes first, then ' +
      'the query `names` and `ids`. With `useclassification` off only members of `editclassifications` are ' +
      'answered (900 for everyone else, before any lookup). Members of `editclassifications` see every ' +
      'product; others only the products they can select, and no classification where that is none.',
  })
  @ApiParam({ name: 'id_or_name', type: String, description: 'A classification id (all digits) or name.' })
  @ApiQuery({ name: 'names', required: false, isArray: true, type: String, description: 'More names.' })
  @ApiQuery({ name: 'ids', required: false, isArray: true, type: Number, description: 'More ids.' })
  @FieldFilterQueries('Fields to return, e.g. `name`, `products.name`.')
  @ApiOkResponse({ type: ClassificationListDto })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description:
      'Classification not enabled (900), blank name (50), non-numeric id (52), ' +
      'unknown API key (306) or token (32000).',
  })
  @ApiUnauthorizedResponse({
    type: ErrorEnvelopeDto,
    description: 'Wrong login or password (300), disabled account (301), or login required by requirelogin (410).',
  })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'No classification of that name or id (51).' })
  get(
    @CurrentUser() user: AuthUser,
    @Param('id_or_name') idOrName: string,
    @Query() query: Record<string, unknown>,
  ): Promise<ClassificationListDto> {
    return this.service.get(user, classificationParams(query, idOrName));
  }

  @Post('classification')
  @RequireGroup('editclassifications', EDIT)
  @ApiOperation({
    summary: 'Create a classification.',
    description:
      "As Bugzilla's editclassifications.cgi: login (410), editclassifications (304), useclassification (900), then " +
      'the name (blank, too long, taken), the sort key. Other keys are ignored.',
  })
  @ApiBody({ type: CreateClassificationDto })
  @ApiCreatedResponse({ type: CreatedClassificationDto, description: 'The id of the new classification.' })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description: `${NOT_ENABLED}, blank, long or taken name or bad sort key (32000), wrong JSON type (53), unknown API key (306).`,
  })
  @ApiUnauthorizedResponse({ type: ErrorEnvelopeDto, description: REFUSED })
  create(
    @CurrentUser() user: AuthUser,
    @Query() query: Record<string, unknown>,
    @Body() body: Record<string, unknown>,
  ): Promise<CreatedClassificationDto> {
    return this.admin.create(user, mergeParams(query, body).params);
  }

  @Put('classification/:id_or_name')
  @RequireGroup('editclassifications', EDIT)
  @IfMatch(classificationRepresentation)
  @ApiOperation({
    summary: 'Rename a classification, or change its description or sort key.',
    description:
      'Only the fields given change, each checked as on create; any other key → 32000 `Unknown parameter`. ' +
      'Accepts `If-Match` with the ETag of `GET /rest/classification/{id_or_name}` (412 when stale).',
  })
  @ApiParam({ name: 'id_or_name', type: String, description: 'A classification id (all digits) or name.' })
  @ApiBody({ type: UpdateClassificationDto })
  @ApiOkResponse({ type: UpdatedClassificationsDto })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description: `${NOT_ENABLED}, bad value or unknown parameter (32000), wrong JSON type (53), unknown API key (306).`,
  })
  @ApiUnauthorizedResponse({ type: ErrorEnvelopeDto, description: REFUSED })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'No classification of that name or id (51).' })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id_or_name') idOrName: string,
    @Query() query: Record<string, unknown>,
    @Body() body: Record<string, unknown>,
  ): Promise<UpdatedClassificationsDto> {
    return this.admin.update(user, idOrName, mergeParams(query, body).params);
  }

  @Delete('classification/:id_or_name')
  @RequireGroup('editclassifications', EDIT)
  @IfMatch(classificationRepresentation)
  @ApiOperation({
    summary: 'Delete a classification that has no products.',
    description:
      'Refused for the default classification (Unclassified) and for one that still has products. Accepts ' +
      '`If-Match` with the ETag of `GET /rest/classification/{id_or_name}` (412 when stale).',
  })
  @ApiParam({ name: 'id_or_name', type: String, description: 'A classification id (all digits) or name.' })
  @ApiOkResponse({ type: DeletedClassificationsDto })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description: `${NOT_ENABLED}, the default classification or one with products (32000), unknown API key (306).`,
  })
  @ApiUnauthorizedResponse({ type: ErrorEnvelopeDto, description: REFUSED })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'No classification of that name or id (51).' })
  remove(@CurrentUser() user: AuthUser, @Param('id_or_name') idOrName: string): Promise<DeletedClassificationsDto> {
    return this.admin.remove(user, idOrName);
  }
}
