import { FieldFilterQueries } from '../openapi/field-filter-queries.js';
import { applyDecorators, Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
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
import { envelope } from '../bugzilla/bugzilla-error.js';
import { LastVisitRecordDto } from './dto/last-visit-record.dto.js';
import { UpdateLastVisitDto } from './dto/update-last-visit.dto.js';
import { LastVisitService } from './last-visit.service.js';

type Params = Record<string, unknown>;

const ID_PARAM = ApiParam({ name: 'id', description: 'Bug ID (digits only).', type: 'integer', example: 1 });

const FIELD_QUERIES = FieldFilterQueries('Fields to return (`id`, `last_visit_ts`); repeated or comma separated.');

const records = (description: string) => ApiOkResponse({ description, type: LastVisitRecordDto, isArray: true });

const LOGIN_ERROR = ApiUnauthorizedResponse({
  description: 'Not logged in (410), or (POST) the bug is not visible to the caller (102).',
  schema: { example: envelope(410, 'You must log in before using this part of Bugzilla.') },
});

const PARAM_ERROR = ApiBadRequestResponse({
  description:
    'An id is not a number (52) or of the wrong JSON type (53); (POST) no ids at all (50), ' +
    'or the caller is not involved with the bug (32000).',
  schema: { example: envelope(52, "Invalid parameter passed to the function: 'ids' must be numeric (got 'abc').") },
});

const UPDATE_DOCS = applyDecorators(
  ApiOperation({
    summary: 'Marks bugs as visited now by the calling user.',
    description:
      'Path id and body `ids` are merged (path first, duplicates removed). Every bug must exist (101), be visible ' +
      '(102) and have the caller as reporter, assignee, QA contact (with useqacontact) or on CC (32000); otherwise ' +
      'nothing is written. All records get the same database timestamp.',
  }),
  ApiBody({ type: UpdateLastVisitDto, required: false }),
  FIELD_QUERIES,
  records('One record per requested bug, in request order, without duplicates, all with the same timestamp.'),
  PARAM_ERROR,
  LOGIN_ERROR,
  ApiNotFoundResponse({
    description: 'A bug does not exist (101).',
    schema: { example: envelope(101, 'Bug #99 does not exist.') },
  }),
);

const GET_DOCS = (summary: string) =>
  applyDecorators(
    ApiOperation({ summary }),
    ApiQuery({
      name: 'ids',
      required: false,
      isArray: true,
      type: 'integer',
      description: 'Bug IDs (repeat the key: `ids=1&ids=2`).',
    }),
    FIELD_QUERIES,
    records(
      "The caller's records of visible bugs: with ids in request order without duplicates (bugs never visited " +
        'left out); without ids the 20 most recent, newest first.',
    ),
    PARAM_ERROR,
    LOGIN_ERROR,
  );

/** Bug last visits (SPEC §6). Every route needs a logged-in caller. */
@ApiTags('bug_user_last_visit')
@LoginRequired()
@Controller('rest')
export class LastVisitController {
  constructor(private readonly service: LastVisitService) {}

  @Post('bug_user_last_visit/:id(^\\d+)')
  @HttpCode(200)
  @ID_PARAM
  @UPDATE_DOCS
  updateOne(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query() query: Params,
    @Body() body: Params | undefined,
  ) {
    return this.service.update(user, id, query, body ?? {});
  }

  @Post('bug_user_last_visit')
  @HttpCode(200)
  @UPDATE_DOCS
  update(@CurrentUser() user: AuthUser, @Query() query: Params, @Body() body: Params | undefined) {
    return this.service.update(user, undefined, query, body ?? {});
  }

  @Get('bug_user_last_visit/:id(^\\d+)')
  @ID_PARAM
  @GET_DOCS("The caller's last visits of the path bug and of the bugs in `ids`; bugs never visited are left out.")
  getOne(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query() query: Params) {
    return this.service.get(user, id, query);
  }

  @Get('bug_user_last_visit')
  @GET_DOCS("The caller's last visits of the bugs in `ids`, or without ids the 20 most recent, newest first.")
  getMany(@CurrentUser() user: AuthUser, @Query() query: Params) {
    return this.service.get(user, undefined, query);
  }
}
