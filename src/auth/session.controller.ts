import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from './auth-user.js';
import {
  CurrentUser,
  LoginExempt,
  LoginRequired,
  NoLoginCheck,
  OwnCredentialParams,
  type RequestWithUser,
} from './auth.decorators.js';
import { BooleanResultDto, LoginTokenDto, NullResultDto, UserListDto, WhoamiDto } from './dto/session.dto.js';
import { SessionService } from './session.service.js';

/** Bugzilla's session endpoints that clients such as python-bugzilla call (SPEC §3). */
@ApiTags('session')
@Controller('rest')
export class SessionController {
  constructor(private readonly sessions: SessionService) {}

  @Get('login')
  @LoginExempt()
  @NoLoginCheck()
  @OwnCredentialParams()
  @ApiOperation({ summary: 'Logs in and returns a token to send as Bugzilla_token.' })
  @ApiQuery({ name: 'login', required: true })
  @ApiQuery({ name: 'password', required: true })
  @ApiOkResponse({ type: LoginTokenDto })
  login(@CurrentUser() user: AuthUser, @Query() query: Record<string, unknown>, @Req() request: RequestWithUser) {
    return this.sessions.login(user, query.login, query.password, request.ip);
  }

  @Get('logout')
  @ApiOperation({ summary: 'Forgets the token the request authenticated with.' })
  @ApiOkResponse({ type: NullResultDto })
  logout(@CurrentUser() user: AuthUser, @Req() request: RequestWithUser) {
    return this.sessions.logout(user, request.loginCookie);
  }

  @Get('valid_login')
  @LoginExempt()
  @OwnCredentialParams()
  @ApiOperation({
    summary:
      "Whether the request's credentials (API key, token, login and password) log in the user `login`, as Bugzilla 5.2.",
  })
  @ApiQuery({ name: 'login', required: true })
  @ApiQuery({ name: 'token', required: false })
  @ApiOkResponse({ type: BooleanResultDto })
  validLogin(@CurrentUser() user: AuthUser, @Query() query: Record<string, unknown>, @Req() request: RequestWithUser) {
    return this.sessions.validLogin(user, query, request.ip);
  }

  @Get('whoami')
  @LoginRequired()
  @ApiOperation({ summary: 'The calling user.' })
  @ApiOkResponse({ type: WhoamiDto })
  whoami(@CurrentUser() user: AuthUser) {
    return this.sessions.whoami(user);
  }

  @Get('user')
  @ApiOperation({ summary: 'Users by id (logged-in callers only) or login name.' })
  @ApiQuery({ name: 'ids', required: false, type: [Number] })
  @ApiQuery({ name: 'names', required: false, type: [String] })
  @ApiQuery({
    name: 'match',
    required: false,
    type: [String],
    description:
      'Logged-in callers: enabled users whose login is exactly this, else whose login or real name contains it (505 when anonymous).',
  })
  @ApiQuery({
    name: 'limit',
    required: false,
    type: Number,
    description: 'At most this many users per `match` (1000).',
  })
  @ApiQuery({
    name: 'include_fields',
    required: false,
    type: [String],
    description: "`groups`: the caller's own entry lists the groups it is in (other fields are not filtered).",
  })
  @ApiNotFoundResponse({ description: 'No user has a requested login name (51).' })
  @ApiOkResponse({
    description:
      'Logged-in callers also see `email` and `can_login`; anonymous callers may look users up by name only.',
    type: UserListDto,
  })
  users(@CurrentUser() user: AuthUser, @Query() query: Record<string, unknown>) {
    return this.sessions.users(user, query.ids, query.names, query.match, query.limit, query.include_fields);
  }

  @Get('user/:id_or_login')
  @ApiOperation({ summary: 'One user by id or login name.' })
  @ApiNotFoundResponse({ description: 'No user has that login name (51).' })
  @ApiOkResponse({
    description:
      'Logged-in callers also see `email` and `can_login`; anonymous callers may look users up by name only.',
    type: UserListDto,
  })
  user(
    @CurrentUser() user: AuthUser,
    @Param('id_or_login') idOrLogin: string,
    @Query() query: Record<string, unknown>,
  ) {
    return this.sessions.user(user, idOrLogin, query);
  }
}
