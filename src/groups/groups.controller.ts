import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, LoginRequired } from '../auth/auth.decorators.js';
import { ErrorEnvelopeDto } from '../products/dto/product-response.dto.js';
import { GroupListDto } from './dto/group.dto.js';
import { GroupsService } from './groups.service.js';

/** Groups (Bugzilla 5.2's Group.get). */
@ApiTags('groups')
@Controller('rest')
export class GroupsController {
  constructor(private readonly service: GroupsService) {}

  @Get('group')
  @LoginRequired()
  @ApiOperation({
    summary: "Groups by id or name (Bugzilla's Group.get).",
    description:
      'For members of `editusers` or `creategroups` and users who can bless a group (805 otherwise). Without ' +
      '`ids` or `names`: every group for members of `editusers` or `creategroups`, else the groups the caller ' +
      'can bless. `is_active`, `is_bug_group` and `user_regexp` only for members of `creategroups`; `membership=1` ' +
      "adds each group's members (32000 on a group whose members the caller may not see).",
  })
  @ApiQuery({ name: 'ids', required: false, type: [Number] })
  @ApiQuery({ name: 'names', required: false, type: [String] })
  @ApiQuery({ name: 'membership', required: false, type: Boolean, description: "1: each group's members." })
  @ApiOkResponse({ type: GroupListDto })
  @ApiBadRequestResponse({
    type: ErrorEnvelopeDto,
    description:
      'Blank name (50), non-numeric id (52), neither editusers nor creategroups nor bless rights (805), unknown API ' +
      'key (306) or token (32000).',
  })
  @ApiUnauthorizedResponse({ type: ErrorEnvelopeDto, description: 'Not logged in (410).' })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto, description: 'No group of that name (51).' })
  get(@CurrentUser() user: AuthUser, @Query() query: Record<string, unknown>): Promise<GroupListDto> {
    return this.service.get(user, { ids: query.ids, names: query.names, membership: query.membership });
  }
}
