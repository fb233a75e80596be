import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { BugzillaError, ErrorCode } from '../bugzilla/bugzilla-error.js';
import { dialectOf } from '../database/dialect.js';
import { ModelCache } from '../cache/model-cache.js';
import type { CacheModel } from '../cache/cache-model.js';
import type { ProfileRecord } from '../cache/model-loader.js';
import { ANONYMOUS, AuthUser } from './auth-user.js';
import { type CookieCredentials, Credentials } from './credentials.js';
import { accountLockedError, checkPasswordWithLockout, invalidLoginError, lockoutAddress } from './login-lockout.js';
import { DatabaseReader } from '../database/read-routing.js';

interface ProfileRow {
  userid: number;
  login_name: string;
  realname: string;
  is_enabled: number | boolean;
  disabledtext: string;
}

interface GroupColumns {
  group_id: number | null;
  group_name: string | null;
}

function toAuthUser(row: ProfileRow, groups: { id: number; name: string }[]): AuthUser {
  return {
    id: Number(row.userid),
    login: row.login_name,
    realName: row.realname,
    groupIds: new Set(groups.map((g) => Number(g.id))),
    groupNames: new Set(groups.map((g) => g.name)),
  };
}

/** Bugzilla writes `last_used` on every request; once a minute per key is enough. */
const LAST_USED_INTERVAL_MS = 60_000;

const invalidApiKey = () =>
  new BugzillaError(
    ErrorCode.API_KEY_INVALID,
    'The API key you specified is invalid. Please check that you typed it correctly.',
  );
const invalidToken = () =>
  new BugzillaError(
    ErrorCode.USER_ERROR,
    'The cookies or token provide were not valid or have expired. You may login again to get new cookies or a new token.',
  );

/**
 * The callers one model snapshot knows, by user id: a user's profile and groups cannot change within
 * a snapshot, so every request of theirs gets the same frozen AuthUser (and the same group sets, which
 * what is remembered per group set — visible products, answers — can then key by identity).
 */
const callersByModel = new WeakMap<CacheModel, Map<number, AuthUser>>();

function callerFromModel(model: CacheModel, profile: ProfileRecord): AuthUser {
  let callers = callersByModel.get(model);
  if (!callers) {
    callers = new Map();
    callersByModel.set(model, callers);
  }
  let user = callers.get(profile.userid);
  if (!user) {
    user = Object.freeze(toAuthUser(profile, model.groupsOf(profile.userid)));
    callers.set(profile.userid, user);
  }
  return user;
}

/** Resolves credentials to the calling user and the user's groups. */
@Injectable()
export class CallerService {
  private readonly lastUsedWrites = new Map<number, number>();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: ModelCache,
    private readonly reader: DatabaseReader,
  ) {}

  /** `clientIp` is the caller's address (Fastify's `request.ip`, which TRUST_PROXY governs): the lockout counts per IP. */
  async resolve(credentials: Credentials, clientIp: string): Promise<AuthUser> {
    switch (credentials.kind) {
      case 'none':
        return ANONYMOUS;
      case 'apiKey':
        return this.apiKeyCaller(credentials.key);
      case 'login':
        return this.byLogin(credentials.login, credentials.password, clientIp);
      case 'token':
        return this.tokenCaller(credentials.userId, credentials.cookie, clientIp);
      case 'cookies':
        return this.cookieCaller(credentials, clientIp);
    }
  }

  /**
   * Bugzilla's Cookie login: the page's api token first (an `api_token` row of the cookies' user, or
   * 307, even when the cookies are missing), then the cookie pair, checked as a login token is;
   * without the pair, the rest of the login stack.
   */
  private async cookieCaller(credentials: CookieCredentials, clientIp: string): Promise<AuthUser> {
    if (credentials.apiToken !== undefined) await this.checkApiToken(credentials.apiToken, credentials.userId);
    if (credentials.userId !== undefined && credentials.cookie !== undefined) {
      return this.tokenCaller(credentials.userId, credentials.cookie, clientIp);
    }
    return this.resolve(credentials.fallback, clientIp);
  }

  /** Bugzilla::Token::GetTokenData, compared exactly (the column's collation may ignore case), then its type and user. */
  private async checkApiToken(token: string, userId: number | undefined): Promise<void> {
    const rows: { token: string; userid: number | null; tokentype: string }[] = await this.dataSource.query(
      'SELECT token, userid, tokentype FROM tokens WHERE token = ?',
      [token],
    );
    const row = rows.find((r) => r.token === token);
    if (!row || row.tokentype !== 'api_token' || userId === undefined || Number(row.userid) !== userId) {
      throw new BugzillaError(
        ErrorCode.AUTH_INVALID_TOKEN,
        `The token '${token}' is not valid. It could be because you loaded this page more than 3 days ago.`,
      );
    }
  }

  /**
   * resolve() without waiting, for the credentials the fresh in-memory model answers as they are
   * (no API key `last_used` write due): the same user, or the same error, as resolve() would give.
   * Undefined when resolve() must run (no fresh model, credentials it does not know, a login).
   */
  resolveNow(credentials: Credentials): AuthUser | undefined {
    switch (credentials.kind) {
      case 'none':
        return ANONYMOUS;
      case 'apiKey': {
        const model = this.cache.freshNow();
        const found = model?.apiKey(credentials.key);
        const profile = found && model!.profile(found.user_id);
        if (!profile || this.lastUsedDue(found.id)) return undefined;
        this.cache.noteHit();
        if (found.revoked === 1) throw invalidApiKey();
        this.checkEnabled(profile);
        return callerFromModel(model!, profile);
      }
      case 'token': {
        const model = this.cache.freshNow();
        const owner = model?.loginCookieUser(credentials.cookie);
        const profile = owner === credentials.userId ? model!.profile(credentials.userId) : undefined;
        if (!profile) return undefined;
        this.cache.noteHit();
        this.checkEnabled(profile);
        return callerFromModel(model!, profile);
      }
      case 'login':
        return undefined;
      case 'cookies':
        // An api token is read from the database; without one, the cookie pair is a login token.
        if (credentials.apiToken !== undefined) return undefined;
        return credentials.userId !== undefined && credentials.cookie !== undefined
          ? this.resolveNow({ kind: 'token', userId: credentials.userId, cookie: credentials.cookie })
          : this.resolveNow(credentials.fallback);
    }
  }

  /**
   * From the in-memory model when it is fresh (SPEC §1: within CACHE_MAX_STALENESS_MS of every
   * commit; a revoked key, a disabled account or a group change shows within that bound). A key
   * the model does not know is looked up in the database: it may be newer than the model, and
   * a failure must be exactly today's.
   */
  private async apiKeyCaller(key: string): Promise<AuthUser> {
    const model = await this.cache.current();
    const found = model?.apiKey(key);
    const profile = found && model!.profile(found.user_id);
    if (!model || !found || !profile) {
      if (model) this.cache.noteMiss();
      return this.byApiKey(key);
    }
    if (found.revoked === 1) throw invalidApiKey();
    this.checkEnabled(profile);
    await this.touchApiKey(found.id);
    return callerFromModel(model, profile);
  }

  /** As apiKeyCaller, for a login token (`userid-cookie`). */
  private async tokenCaller(userId: number, cookie: string, clientIp: string): Promise<AuthUser> {
    const model = await this.cache.current();
    const owner = model?.loginCookieUser(cookie);
    const profile = owner === userId ? model!.profile(userId) : undefined;
    if (!model || !profile) {
      if (model) this.cache.noteMiss();
      return this.byToken(userId, cookie, clientIp);
    }
    this.checkEnabled(profile);
    return callerFromModel(model, profile);
  }

  /** Checks a login and password; answers the profile or throws 300/301. */
  async checkPassword(login: string, password: string, clientIp: string): Promise<AuthUser> {
    return this.byLogin(login, password, clientIp);
  }

  /**
   * The key, its user and the user's groups in one statement (the API key is how most clients call,
   * so this runs on nearly every request): one row per group, or one row with NULL group columns.
   */
  private async byApiKey(key: string): Promise<AuthUser> {
    // A key not (yet) on a lagging replica is looked up again on the primary: it may be brand new.
    const rows: (ProfileRow & GroupColumns & { api_key: string; revoked: number | boolean; key_id: number })[] =
      await this.reader.queryConfirmingMisses(
        `WITH RECURSIVE member_groups(user_id, id) AS (
           SELECT ugm.user_id, ugm.group_id FROM user_api_keys k
             JOIN user_group_map ugm ON ugm.user_id = k.user_id AND ugm.isbless = 0
            WHERE k.api_key = ?
           UNION
           SELECT mg.user_id, ggm.grantor_id FROM group_group_map ggm
             JOIN member_groups mg ON ggm.member_id = mg.id
            WHERE ggm.grant_type = 0
         )
         SELECT k.id AS key_id, k.api_key, k.revoked, p.userid, p.login_name, p.realname, p.is_enabled, p.disabledtext,
                g.id AS group_id, g.name AS group_name
           FROM user_api_keys k JOIN profiles p ON p.userid = k.user_id
           LEFT JOIN member_groups mg ON mg.user_id = k.user_id
           LEFT JOIN \`groups\` g ON g.id = mg.id
          WHERE k.api_key = ?`,
        [key, key],
        (found) => found.some((r) => r.api_key === key),
      );
    // The lookup may be case-insensitive (MySQL collation); Bugzilla then compares exactly.
    // Groups were joined by user, so the rows of the exact key carry only its own user's groups.
    const own = rows.filter((r) => r.api_key === key);
    const row = own[0];
    if (!row || Number(row.revoked) === 1) throw invalidApiKey();
    this.checkEnabled(row);
    await this.touchApiKey(row.key_id);
    return toAuthUser(
      row,
      own
        .filter((r) => r.group_id !== null && r.group_id !== undefined)
        .map((r) => ({ id: r.group_id!, name: r.group_name! })),
    );
  }

  /**
   * Bugzilla's order: an unknown login fails at once (nothing recorded); a locked account is refused
   * before its password is compared; a disabled account is refused only after the right password.
   */
  private async byLogin(login: string, password: string, clientIp: string): Promise<AuthUser> {
    const rows: ProfileRow[] = await this.dataSource.query(
      `SELECT userid, login_name, realname, is_enabled, disabledtext FROM profiles WHERE ${dialectOf(this.dataSource).textEquals('login_name')}`,
      [login],
    );
    const row = rows[0];
    if (!row) throw invalidLoginError();
    const ip = lockoutAddress(clientIp);
    const check = await checkPasswordWithLockout(this.dataSource, Number(row.userid), password, ip);
    if (check.outcome === 'locked') throw accountLockedError(check.ip, check.unlockAt);
    if (check.outcome === 'wrong') throw invalidLoginError(check.failures);
    this.checkEnabled(row);
    return this.withGroups(row);
  }

  /**
   * Bugzilla's Cookie login (a token or the login cookies): the `logincookies` row of that cookie and
   * user, made for any address (`ipaddr` NULL) or for the caller's (a session restricted to its address).
   */
  private async byToken(userId: number, cookie: string, clientIp: string): Promise<AuthUser> {
    // A token made a moment ago (login) may not be on a lagging replica yet: a miss is checked on the primary.
    const rows: (ProfileRow & { cookie: string })[] = await this.reader.queryConfirmingMisses(
      `SELECT c.cookie, p.userid, p.login_name, p.realname, p.is_enabled, p.disabledtext
         FROM logincookies c JOIN profiles p ON p.userid = c.userid
        WHERE c.cookie = ? AND c.userid = ? AND (c.ipaddr IS NULL OR c.ipaddr = ?)`,
      // The address as Bugzilla's remote_ip() gives it (an IPv4 client without its IPv6 prefix).
      [cookie, userId, lockoutAddress(clientIp)],
      (found) => found.some((r) => r.cookie === cookie),
    );
    const row = rows.find((r) => r.cookie === cookie);
    if (!row) throw invalidToken();
    this.checkEnabled(row);
    return this.withGroups(row);
  }

  /** Bugzilla's `account_disabled`: the account's disabled text (as plain text), then whom to write to. */
  private checkEnabled(row: ProfileRow): void {
    if (Number(row.is_enabled) !== 1) {
      const reason = (row.disabledtext ?? '')
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      throw new BugzillaError(
        ErrorCode.ACCOUNT_DISABLED,
        `${reason ? `${reason} ` : ''}If you believe your account should be restored, please send email to ` +
          `${this.config.maintainer} explaining why.`,
      );
    }
  }

  /** Whether this key's `last_used` is to be written now (at most once a minute per key). */
  private lastUsedDue(keyId: number): boolean {
    const last = this.lastUsedWrites.get(keyId);
    return last === undefined || Date.now() - last >= LAST_USED_INTERVAL_MS;
  }

  private async touchApiKey(keyId: number): Promise<void> {
    if (!this.lastUsedDue(keyId)) return;
    this.lastUsedWrites.set(keyId, Date.now());
    await this.dataSource.query(
      `UPDATE user_api_keys SET last_used = ${dialectOf(this.dataSource).nowUtc()} WHERE id = ?`,
      [keyId],
    );
  }

  /** The user's groups: direct memberships closed over group_group_map (grant_type 0). */
  private async withGroups(row: ProfileRow): Promise<AuthUser> {
    const groups: { id: number; name: string }[] = await this.dataSource.query(
      `WITH RECURSIVE member_groups(id) AS (
         SELECT group_id FROM user_group_map WHERE user_id = ? AND isbless = 0
         UNION
         SELECT ggm.grantor_id FROM group_group_map ggm
           JOIN member_groups mg ON ggm.member_id = mg.id
          WHERE ggm.grant_type = 0
       )
       SELECT g.id, g.name FROM member_groups mg JOIN \`groups\` g ON g.id = mg.id`,
      [row.userid],
    );
    return toAuthUser(row, groups);
  }

  /** For callers that want to know whether a setting needs a user (kept here with the rest of auth). */
  get requireLogin(): boolean {
    return this.config.params.requirelogin;
  }
}
