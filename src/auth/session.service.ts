import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { isNaturalNumber, parseIdList, parseStringList } from '../bugzilla/params.js';
import { dialectOf } from '../database/dialect.js';
import { noteWrite } from '../database/read-routing.js';
import { AuthUser, isLoggedIn } from './auth-user.js';
import { CallerService } from './caller.service.js';
import { generateLoginCookie } from './password.js';

export interface UserView {
  id: number;
  name: string;
  real_name: string;
  email?: string;
  can_login?: boolean;
  groups?: { id: number; name: string; description: string }[];
}

interface ProfileRow {
  userid: number;
  login_name: string;
  realname: string;
  is_enabled: number | boolean;
}

/** Bugzilla's session endpoints for clients (SPEC §3): login tokens, whoami and the minimal user lookup. */
@Injectable()
export class SessionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly callers: CallerService,
  ) {}

  /**
   * Checks the password and stores a new login cookie; the token is `<userid>-<cookie>`. As in Bugzilla,
   * a caller already logged in by `Bugzilla_login`/`Bugzilla_password` (the guard checked them) gets a token too.
   */
  async login(
    caller: AuthUser,
    login: unknown,
    password: unknown,
    clientIp: string,
  ): Promise<{ id: number; token: string }> {
    const user =
      login === undefined && password === undefined && isLoggedIn(caller)
        ? caller
        : await this.checkOwnCredentials(login, password, clientIp);
    const cookie = generateLoginCookie();
    await this.dataSource.query(
      `INSERT INTO logincookies (cookie, userid, ipaddr, lastused) VALUES (?, ?, NULL, ${dialectOf(this.dataSource).nowUtc()})`,
      [cookie, user.id],
    );
    await noteWrite(user.id);
    return { id: user.id, token: `${user.id}-${cookie}` };
  }

  private async checkOwnCredentials(login: unknown, password: unknown, clientIp: string): Promise<AuthUser> {
    // Bugzilla 5.2's User.login asks only that both be defined: an empty (or blank) login is then looked up
    // like any other and is no account (300), and an empty password is a wrong one that counts towards the lockout.
    if (typeof login !== 'string') throw requiredArgument('login');
    if (typeof password !== 'string') throw requiredArgument('password');
    return this.callers.checkPassword(login.trim(), password, clientIp);
  }

  /** Forgets the token the caller used, if any. */
  async logout(user: AuthUser, cookie: string | undefined): Promise<{ result: null }> {
    if (cookie && isLoggedIn(user)) {
      await this.dataSource.query('DELETE FROM logincookies WHERE cookie = ? AND userid = ?', [cookie, user.id]);
      await noteWrite(user.id);
    }
    return { result: null };
  }

  /**
   * Bugzilla 5.2's User.valid_login: the request is logged in with whatever credentials it
   * carries, and the answer is whether that user's login is exactly `login`. The guard has
   * resolved `caller` from the API key, `Bugzilla_login`/`Bugzilla_password`, `Bugzilla_token` or
   * the headers; `login`, `password` and `token` are this method's own parameters, which
   * Bugzilla also takes as credentials:
   * - `login` with `password` is a login: a wrong password is a failed login (300, counted by
   *   the lockout); a right one consumes `login`, which then is missing (code 50);
   * - `token` (`<userid>-<cookie>`) is a login token: an unknown or malformed one logs nobody in
   *   (SPEC §3: false);
   * - without `login`: code 50.
   */
  async validLogin(
    caller: AuthUser,
    params: { login?: unknown; password?: unknown; token?: unknown },
    clientIp: string,
  ): Promise<{ result: boolean }> {
    const login = scalar(params.login);
    const password = scalar(params.password);
    if (login !== undefined && password !== undefined) {
      await this.callers.checkPassword(login.trim(), password, clientIp);
      throw requiredArgument('login');
    }
    if (login === undefined) throw requiredArgument('login');
    const user = (await this.tokenUser(scalar(params.token))) ?? caller;
    // Bugzilla compares the login exactly (`eq`).
    return { result: isLoggedIn(user) && user.login === login };
  }

  /** The user a login token given as a parameter logs in, or undefined for none, a malformed or an unknown one. */
  private async tokenUser(token: string | undefined): Promise<AuthUser | undefined> {
    const match = token === undefined ? null : /^(\d+)-(.+)$/.exec(token.trim());
    if (!match) return undefined;
    const [userId, cookie] = [Number(match[1]), match[2]];
    const rows: { cookie: string }[] = await this.dataSource.query(
      'SELECT cookie FROM logincookies WHERE cookie = ? AND userid = ?',
      [cookie, userId],
    );
    if (!rows.some((row) => row.cookie === cookie)) return undefined;
    // Known: logged in as the guard would (a disabled account is refused as everywhere).
    return this.callers.resolve({ kind: 'token', userId, cookie }, '');
  }

  whoami(user: AuthUser): { id: number; name: string; real_name: string; login: string } {
    return { id: user.id, name: user.login, real_name: user.realName, login: user.login };
  }

  /**
   * `GET /rest/user`: logged-in callers see id, name, real_name, email and can_login;
   * anonymous callers may look users up by name only, and see id, name and real_name.
   */
  async users(
    caller: AuthUser,
    idsParam: unknown,
    namesParam: unknown,
    matchParam?: unknown,
    limitParam?: unknown,
    includeFields?: unknown,
  ): Promise<{ users: UserView[] }> {
    const ids = parseIdList('ids', idsParam);
    const names = parseStringList('names', namesParam);
    const matches = parseStringList('match', matchParam).filter((m) => m.trim() !== '');
    if (ids.length === 0 && names.length === 0 && matches.length === 0) {
      throw Errors.paramsRequired('User.get', ['ids', 'names', 'match']);
    }
    const loggedIn = isLoggedIn(caller);
    if (!loggedIn && matches.length > 0) {
      throw new BugzillaError(
        ErrorCode.USER_ACCESS_DENIED,
        'Logged-out users cannot use the "match" argument to this function to access any user information.',
      );
    }
    // Bugzilla resolves the names first (in request order), then the ids.
    const found = names.length ? await this.profilesWhere('login_name', names) : [];
    const byName = names.map((name) => {
      const row = found.find((r) => r.login_name.toLowerCase() === name.toLowerCase());
      if (!row) {
        throw new BugzillaError(
          ErrorCode.OBJECT_DOES_NOT_EXIST,
          `There is no user named '${name}'. Either you mis-typed the name or that user has not yet registered for a Bugzilla account.`,
        );
      }
      return row;
    });
    if (!loggedIn && ids.length > 0) {
      throw new BugzillaError(
        ErrorCode.USER_ACCESS_DENIED,
        'Logged-out users cannot use the "ids" argument to this function to access any user information.',
      );
    }
    const byId = ids.length ? await this.profilesWhere('userid', ids) : [];
    const limit = matchLimit(limitParam);
    const byMatch: ProfileRow[] = [];
    for (const text of matches) byMatch.push(...(await this.profilesMatching(text.trim(), limit)));
    const seen = new Set<number>();
    const users: UserView[] = [];
    for (const row of [...byName, ...byId, ...byMatch]) {
      const id = Number(row.userid);
      if (seen.has(id)) continue;
      seen.add(id);
      const view: UserView = { id, name: row.login_name, real_name: row.realname };
      if (loggedIn) Object.assign(view, { email: row.login_name, can_login: Number(row.is_enabled) === 1 });
      users.push(view);
    }
    // Bugzilla's `groups` of User.get, for the caller's own entry, when asked for by name (the
    // console uses it to know what the caller may do); other users' groups are not served.
    const own = users.find((view) => loggedIn && view.id === caller.id);
    if (own && asksFor(includeFields, 'groups')) own.groups = await this.groupsOf(caller);
    return { users };
  }

  /** The caller's groups (the guard's closure over group_group_map), ordered as Bugzilla's Group LIST_ORDER. */
  private async groupsOf(caller: AuthUser): Promise<{ id: number; name: string; description: string }[]> {
    const ids = [...caller.groupIds];
    if (ids.length === 0) return [];
    const rows: { id: number; name: string; description: string; isbuggroup: number }[] = await this.dataSource.query(
      `SELECT id, name, description, isbuggroup FROM \`groups\` WHERE id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return rows
      .sort(
        (a, b) =>
          Number(a.isbuggroup) - Number(b.isbuggroup) ||
          a.name.toLowerCase().localeCompare(b.name.toLowerCase()) ||
          Number(a.id) - Number(b.id),
      )
      .map((row) => ({ id: Number(row.id), name: row.name, description: row.description }));
  }

  /** `/rest/user/{id_or_login}`: digits are an id, anything else a login name. */
  async user(caller: AuthUser, idOrLogin: string, query: Record<string, unknown>): Promise<{ users: UserView[] }> {
    const key = isNaturalNumber(idOrLogin) ? 'ids' : 'names';
    const merged = [
      idOrLogin,
      ...(Array.isArray(query[key]) ? (query[key] as unknown[]) : query[key] ? [query[key]] : []),
    ];
    return key === 'ids' ? this.users(caller, merged, query.names) : this.users(caller, query.ids, merged);
  }

  /**
   * Bugzilla's User::match for User.get's `match`: an enabled account whose login is exactly `text`,
   * else the enabled accounts whose login or real name contains it (case-insensitively), by login,
   * at most `limit` of them.
   */
  private async profilesMatching(text: string, limit: number): Promise<ProfileRow[]> {
    const columns = 'SELECT userid, login_name, realname, is_enabled FROM profiles';
    const exact: ProfileRow[] = await this.dataSource.query(
      `${columns} WHERE ${dialectOf(this.dataSource).textEquals('login_name')} AND is_enabled = 1`,
      [text],
    );
    if (exact.length > 0) return exact.slice(0, 1);
    // '!' escapes LIKE's wildcards alike on MySQL and SQLite (a backslash is read differently by each).
    const pattern = `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
    return this.dataSource.query(
      `${columns} WHERE is_enabled = 1
          AND (LOWER(login_name) LIKE ? ESCAPE '!' OR LOWER(realname) LIKE ? ESCAPE '!')
        ORDER BY login_name LIMIT ${limit}`,
      [pattern, pattern],
    );
  }

  /** Profiles by id, or by login as Bugzilla's `login_to_id` compares it (`sql_istrcmp`: case-insensitively on every database). */
  private async profilesWhere(column: 'userid' | 'login_name', values: (string | number)[]): Promise<ProfileRow[]> {
    const condition =
      column === 'login_name'
        ? dialectOf(this.dataSource).textIn('login_name', values.length)
        : `userid IN (${values.map(() => '?').join(', ')})`;
    return this.dataSource.query(
      `SELECT userid, login_name, realname, is_enabled FROM profiles WHERE ${condition} ORDER BY userid`,
      values,
    );
  }
}

/** Whether `include_fields` names `field` (a list, or one string of names split on commas, `+` and spaces). */
function asksFor(includeFields: unknown, field: string): boolean {
  const names =
    typeof includeFields === 'string'
      ? includeFields.split(/[\s+,]+/)
      : Array.isArray(includeFields)
        ? includeFields
        : [];
  return names.includes(field);
}

/** A parameter's value as Bugzilla reads a scalar: the first of a list; undefined (and JSON null) is no value. */
function scalar(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null) return undefined;
  return typeof first === 'string' ? first : String(first);
}

/** Bugzilla's `maxusermatches` (1000): the most users one `match` string returns; `limit` may ask for fewer. */
const MAX_USER_MATCHES = 1000;

function matchLimit(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return MAX_USER_MATCHES;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!/^\d+$/.test(String(value))) throw Errors.invalidParam('limit', 'a positive integer');
  const limit = Number(value);
  return limit > 0 && limit < MAX_USER_MATCHES ? limit : MAX_USER_MATCHES;
}

/** Bugzilla's `param_required` as User.login/valid_login raise it: without a function name. */
function requiredArgument(param: string): BugzillaError {
  return new BugzillaError(
    ErrorCode.PARAMS_REQUIRED,
    `The function requires a ${param} argument, and that argument was not set.`,
  );
}
