import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { formatBugzillaDateTime } from '../src/database/dialect.js';
import { seedProductFixture, type ProductFixture } from './support/product-fixture.js';
import {
  anyString,
  bodyText,
  CONTENT_TYPES,
  encode,
  type FuzzRequest,
  jsonValue,
  MALFORMED_BODIES,
  parsedOrText,
  queryPairs,
  queryString,
  RAW_QUERY,
} from './support/fuzz.js';
import { envelopeProblem, leakIn, requestStrings, snapshotTables, type TableSnapshot } from './support/reliability.js';
import { routeTable, servedBy } from './support/route-table.js';
import { SETTINGS } from '../src/config/app-config.js';
import { normalizeRequestUrl } from '../src/bugzilla/request-path.js';

/** The longest request line plus headers the service accepts by default (HTTP_MAX_HEADER_BYTES). */
const URL_LIMIT = Number(SETTINGS.HTTP_MAX_HEADER_BYTES);
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * Property-based fuzzing of every route (fast-check, through app.inject): random
 * paths and methods, query strings, JSON bodies of every type and nesting,
 * malformed bodies, wrong content types and huge bodies, as an admin, a plain
 * user, an anonymous caller and with bad credentials. Every answer must be a
 * success of the route's documented shape or Bugzilla's envelope with the status
 * SPEC §2 gives its code — never a 5xx, never internals in a message — and a
 * rejected request must leave every table a write can touch exactly as it was.
 *
 * Strings include characters of 4 bytes in UTF-8 (support/fuzz.ts FOUR_BYTE). The databases here store
 * them (MariaDB in utf8mb4, PostgreSQL's UTF8, SQLite), so every database answers each request alike and
 * the runs' statuses are compared line by line below. On a 3-byte UTF-8 database (Bugzilla 5.0, SPEC §8)
 * they could not be: a create or rename with such a name, a 201 or 200 here, is refused there (400, 53),
 * and what follows it in the run then differs too; test/utf8mb3.e2e-spec.ts covers that database.
 * One difference remains between these databases: a write of a text holding NUL, which PostgreSQL's text
 * cannot hold (400 there) and MariaDB and SQLite store; such a write's status is left out of the comparison.
 *
 * The runs use a fixed seed so that CI is repeatable; FUZZ_SEED=<n> replays another
 * run, FUZZ_SEED=random explores new cases, FUZZ_SCALE=<x> multiplies the number of runs.
 */

const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const SEED = process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED || 20261122);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));

type Caller = 'admin' | 'plain' | 'anonymous' | 'badKey' | 'badToken' | 'badLogin';

interface World {
  fx: ProductFixture;
  bugs: number[];
  /** Strings with a meaning in this database: product names, ids, logins. */
  known: string[];
  keys: { admin: string; plain: string };
  userIds: { admin: number; plain: number };
}

// ------------------------------------------------------------------ answer shapes

type Check = (value: unknown, path: string) => void;

function fail(path: string, what: string, value: unknown): never {
  throw new Error(`${path}: ${what} (got ${JSON.stringify(value)?.slice(0, 200)})`);
}

const int: Check = (v, p) => (Number.isInteger(v) ? undefined : fail(p, 'not an integer', v));
const str: Check = (v, p) => (typeof v === 'string' ? undefined : fail(p, 'not a string', v));
const bool: Check = (v, p) => (typeof v === 'boolean' ? undefined : fail(p, 'not a boolean', v));
const intOrNull: Check = (v, p) =>
  v === null || Number.isInteger(v) ? undefined : fail(p, 'not an integer or null', v);
const datetime: Check = (v, p) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(v)
    ? undefined
    : fail(p, 'not a UTC datetime', v);
const array =
  (item: Check): Check =>
  (v, p) => {
    if (!Array.isArray(v)) fail(p, 'not an array', v);
    v.forEach((x, i) => item(x, `${p}[${i}]`));
  };
/** An object whose keys are among `fields` (all of them when `complete`), each of its type. */
const object =
  (fields: Record<string, Check>, complete = false): Check =>
  (v, p) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(p, 'not an object', v);
    for (const [key, value] of Object.entries(v)) {
      if (!(key in fields)) fail(`${p}.${key}`, 'unexpected key', value);
      fields[key](value, `${p}.${key}`);
    }
    if (complete) for (const key of Object.keys(fields)) if (!(key in v)) fail(`${p}.${key}`, 'missing', v);
  };

/** /health's change_stream (SPEC §15, §16): the log in its database's terms, or poll. */
const changeStream: Check = (v, p) =>
  object({
    configured: (s, q) =>
      ['auto', 'binlog', 'logical_decoding', 'poll'].includes(s as string) ? undefined : fail(q, 'not a mode', s),
    mode: (s, q) =>
      ['binlog', 'logical_decoding', 'poll'].includes(s as string) ? undefined : fail(q, 'not a mode', s),
    reason: str,
  })(v, p);

/** An object that has at least these fields (other keys allowed): for answers specs elsewhere pin down exactly. */
const openObject =
  (fields: Record<string, Check>): Check =>
  (v, p) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(p, 'not an object', v);
    for (const [key, check] of Object.entries(fields)) {
      if (!(key in v)) fail(`${p}.${key}`, 'missing', v);
      check((v as Record<string, unknown>)[key], `${p}.${key}`);
    }
  };

const flagType = object({
  id: int,
  name: str,
  description: str,
  cc_list: str,
  sort_key: int,
  is_active: bool,
  is_requestable: bool,
  is_requesteeble: bool,
  is_multiplicable: bool,
  grant_group: intOrNull,
  request_group: intOrNull,
});
const component = object({
  id: int,
  name: str,
  description: str,
  default_assigned_to: str,
  default_qa_contact: str,
  sort_key: int,
  is_active: bool,
  flag_types: object({ bug: array(flagType), attachment: array(flagType) }),
});
const versionLike = object({ id: int, name: str, sort_key: int, is_active: bool });
const product = object({
  id: int,
  name: str,
  description: str,
  is_active: bool,
  default_milestone: str,
  has_unconfirmed: bool,
  classification: str,
  components: array(component),
  versions: array(versionLike),
  milestones: array(versionLike),
});
const change = object({ added: str, removed: str }, true);
const lastVisits = array(object({ id: int, last_visit_ts: datetime }));
const user = object({ id: int, name: str, real_name: str, email: str, can_login: bool });

/** The documented success shape of the route `method path` answers, or undefined for no such route. */
function successShape(method: string, path: string, status: number): Check | undefined {
  const p = path.replace(/\/+$/, '') || '/';
  const m = method === 'HEAD' ? 'GET' : method;
  if (m === 'GET' && /^\/rest\/product_(selectable|enterable|accessible)$/.test(p))
    return object({ ids: array(int) }, true);
  if (m === 'GET' && /^\/rest\/product(\/[^/]+)?$/.test(p)) return object({ products: array(product) }, true);
  if (m === 'POST' && p === '/rest/product' && status === 201) return object({ id: int }, true);
  if (m === 'PUT' && /^\/rest\/product(\/[^/]+)?$/.test(p)) {
    return object(
      {
        products: array(
          object(
            {
              id: int,
              changes: object(
                Object.fromEntries(
                  ['name', 'description', 'default_milestone', 'is_open', 'has_unconfirmed'].map((k) => [k, change]),
                ),
              ),
            },
            true,
          ),
        ),
      },
      true,
    );
  }
  if ((m === 'GET' || m === 'POST') && /^\/rest\/bug_user_last_visit(\/\d+)?$/.test(p)) return lastVisits;
  if (m === 'GET' && p === '/rest/version')
    return object({ version: (v, q) => (v === '5.2' ? undefined : fail(q, 'not 5.2', v)) }, true);
  if (m === 'GET' && p === '/rest/extensions') return object({ extensions: object({}) }, true);
  if (m === 'GET' && p === '/rest/timezone')
    return object({ timezone: (v, q) => (v === '+0000' ? undefined : fail(q, 'not +0000', v)) }, true);
  if (m === 'GET' && p === '/rest/parameters') {
    return object(
      {
        parameters: (v, q) =>
          v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string')
            ? undefined
            : fail(q, 'not an object of strings', v),
      },
      true,
    );
  }
  if (m === 'GET' && p === '/rest/last_audit_time')
    return object({ last_audit_time: (v, q) => (v === null ? undefined : datetime(v, q)) }, true);
  if (m === 'GET' && p === '/rest/login') return object({ id: int, token: str }, true);
  if (m === 'GET' && p === '/rest/logout')
    return object({ result: (v, q) => (v === null ? undefined : fail(q, 'not null', v)) }, true);
  if (m === 'GET' && p === '/rest/valid_login') return object({ result: bool }, true);
  if (m === 'GET' && p === '/rest/whoami') return object({ id: int, name: str, real_name: str, login: str }, true);
  if (m === 'GET' && /^\/rest\/user(\/[^/]+)?$/.test(p)) return object({ users: array(user) }, true);
  if (m === 'GET' && p === '/health')
    return (v, q) => {
      object({
        status: (s, r) => (s === 'ok' ? undefined : fail(r, 'not ok', s)),
        change_stream: changeStream,
        // SPEC §17: the version that answers, and the last reload (none in a test app).
        version: str,
        last_reload: object({ at: str, outcome: str, reason: str }),
      })(v, q);
      for (const key of ['status', 'version']) if (!(key in (v as object))) fail(`${q}.${key}`, 'missing', v);
    };
  if (m === 'GET' && p === '/rest/time') {
    return object(
      { db_time: str, web_time: str, web_time_utc: str, tz_name: str, tz_offset: str, tz_short_name: str },
      true,
    );
  }
  // The administration routes: their exact answers are pinned down by their own specs; here, their
  // shape (reads may be field-filtered down to empty objects).
  const created = /^\/rest\/(component|flag_type|product\/[^/]+\/(version|milestone))$/;
  if (m === 'POST' && created.test(p) && status === 201) return object({ id: int }, true);
  const component = /^\/rest\/component(\/[^/]+){0,2}$/;
  if (m === 'GET' && component.test(p)) return openObject({});
  if (m === 'PUT' && component.test(p))
    return object({ components: array(object({ id: int, changes: openObject({}) }, true)) }, true);
  if (m === 'DELETE' && component.test(p)) return object({ components: array(openObject({ id: int })) }, true);
  const value = /^\/rest\/product\/[^/]+\/(version|milestone)\/[^/]+$/;
  if ((m === 'PUT' || m === 'DELETE') && value.test(p)) return openObject({});
  if (m === 'GET' && /^\/rest\/flag_type\/[^/]+(\/[^/]+)?$/.test(p)) {
    return object({ bug: array(openObject({})), attachment: array(openObject({})) }, true);
  }
  if (m === 'DELETE' && /^\/rest\/flag_type\/[^/]+$/.test(p))
    return object({ flagtypes: array(object({ id: int }, true)) }, true);
  if (m === 'PUT' && /^\/rest\/flag_type\/[^/]+$/.test(p)) {
    return object({ flagtypes: array(object({ id: int, name: str, changes: openObject({}) }, true)) }, true);
  }
  if (m === 'GET' && p === '/rest/flag_type') return object({ flagtypes: array(openObject({ id: int })) }, true);
  if (m === 'GET' && p === '/rest/group') return object({ groups: array(openObject({ id: int })) }, true);
  if (m === 'GET' && p === '/rest/product_editable') return object({ ids: array(int) }, true);
  if (m === 'GET' && p === '/rest/product_group_controls') {
    return object(
      { products: array(object({ id: int, name: str, group_controls: array(openObject({})) }, true)) },
      true,
    );
  }
  if (m === 'GET' && p === '/rest/classification') return object({ classifications: array(openObject({})) }, true);
  if (m === 'GET' && /^\/rest\/product\/[^/]+\/history$/.test(p)) {
    return object({ history: array(openObject({ id: int, object_id: int })) }, true);
  }
  const groupControls = /^\/rest\/product\/[^/]+\/group_controls$/;
  if ((m === 'GET' || m === 'PUT') && groupControls.test(p)) {
    return openObject({ group_controls: array(openObject({ bug_count: int })) });
  }
  if (m === 'DELETE' && /^\/rest\/product\/[^/]+$/.test(p))
    return object({ products: array(object({ id: int }, true)) }, true);
  if (m === 'GET' && /^\/rest\/classification\/[^/]+$/.test(p)) {
    return object({ classifications: array(openObject({})) }, true);
  }
  return undefined;
}

// ------------------------------------------------------------------ sending and checking

interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Record<string, unknown>;
}

async function send(app: TestApp, req: FuzzRequest): Promise<Answer> {
  const res = await app.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: req.headers,
    payload: req.payload,
  });
  let body: unknown;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, text: res.body, headers: res.headers };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function decoded(path: string): string {
  try {
    // An encoded slash stays inside its segment.
    return decodeURIComponent(path.replace(/%2F/gi, '%252F'));
  } catch {
    return path;
  }
}

class Fuzzer {
  cases = 0;
  statuses = new Map<number, number>();
  /** Each request and its answer's status, in the order sent (compared across databases below). */
  readonly answered: string[] = [];
  /** Answers per status of the current family, for seeing that successes were generated too. */
  familyStatuses = new Map<number, number>();
  /** The write tables as the last successful write left them. */
  state?: TableSnapshot;

  constructor(
    private readonly app: TestApp,
    private readonly world: World,
  ) {}

  private callerId(req: FuzzRequest): number | undefined {
    const query = new URLSearchParams(req.url.split('?')[1] ?? '');
    const key = req.headers['x-bugzilla-api-key'] ?? query.get('api_key') ?? query.get('Bugzilla_api_key');
    if (key === this.world.keys.admin) return this.world.userIds.admin;
    if (key === this.world.keys.plain) return this.world.userIds.plain;
    return undefined;
  }

  /** Sends one generated request and checks everything that must hold for any request. */
  async check(req: FuzzRequest): Promise<void> {
    this.cases++;
    this.state ??= await snapshotTables(this.app);
    const res = await send(this.app, req);
    this.statuses.set(res.status, (this.statuses.get(res.status) ?? 0) + 1);
    // The API keys are each world's own: named by their holder, the lines read alike on every database.
    const url = req.url.replaceAll(this.world.keys.admin, 'ADMIN-KEY').replaceAll(this.world.keys.plain, 'PLAIN-KEY');
    // A write of a text holding NUL: PostgreSQL refuses it, the others store it (see the top of this file).
    const nulWrite = WRITE_METHODS.has(req.method) && JSON.stringify(req.carried).includes('\\u0000');
    this.answered.push(`${req.method} ${url.slice(0, 200)} → ${nulWrite ? 'a write holding NUL' : res.status}`);
    this.familyStatuses.set(res.status, (this.familyStatuses.get(res.status) ?? 0) + 1);
    const where = `${req.method} ${req.url.slice(0, 300)} [${res.status}] ${res.text.slice(0, 300)}`;
    // As the HTTP layer resolves it: slashes merged, dot segments removed, percent-encoding decoded.
    const path = decoded(new URL(normalizeRequestUrl(req.url.split('?')[0]) ?? '/', 'http://localhost').pathname);

    expect(res.status, where).toBeLessThan(500);
    expect(res.headers['access-control-allow-origin'], where).toBe('*');

    if (req.method === 'HEAD') {
      // No body goes out on HEAD (the HTTP server drops it); only the status matters.
    } else if (res.status === 304) {
      expect(res.text, where).toBe('');
    } else if (req.method === 'OPTIONS' && res.status === 200) {
      expect(String(res.headers.allow), where).toMatch(/^(GET|POST|PUT|DELETE)(, (GET|POST|PUT|DELETE))*$/);
    } else if (res.status >= 400) {
      expect(envelopeProblem(res), where).toBeUndefined();
      const message = (res.body as { message: string }).message;
      expect(leakIn(message, requestStrings(...req.carried, ...Object.values(req.headers))), where).toBeUndefined();
      expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
    } else {
      expect([200, 201], where).toContain(res.status);
      const shape = successShape(req.method, path, res.status);
      if (!shape) throw new Error(`unexpected success: ${where}`);
      try {
        shape(res.body, 'body');
      } catch (error) {
        throw new Error(`${(error as Error).message} — ${where}`);
      }
      if (res.status === 200) expect(res.headers.etag, where).toMatch(/^"[^"]+"$/);
      await this.checkSuccess(req, res, path, where);
    }

    // A rejected request (or any read) leaves every table a write can touch as it was.
    const wrote = res.status < 300 && WRITE_METHODS.has(req.method);
    if (wrote) this.state = await snapshotTables(this.app);
    else if (WRITE_METHODS.has(req.method))
      expect(await snapshotTables(this.app), `database changed by ${where}`).toEqual(this.state);
  }

  /** What a success claims is true of the database, and is the caller's to see. */
  private async checkSuccess(req: FuzzRequest, res: Answer, path: string, where: string): Promise<void> {
    const body = res.body as Record<string, any>;
    const caller = this.callerId(req);
    const hidden = new Set([this.world.fx.products.private, this.world.fx.products.twoGroups]);
    if (req.method === 'GET' && path.startsWith('/rest/product') && caller !== this.world.userIds.admin) {
      // Neither the plain user nor an anonymous caller ever sees a product of a group they are not in.
      const ids: number[] = body.ids ?? (body.products ?? []).map((p: { id?: number }) => p.id);
      for (const id of ids) expect(hidden.has(id), `hidden product ${id} shown: ${where}`).toBe(false);
    }
    // Product writes (the administration routes' stored rows are their own specs' to check).
    const productPath = /^\/rest\/product(\/[^/]+)?\/?$/.test(path);
    if (req.method === 'POST' && res.status === 201 && productPath) {
      const rows = await this.app.rows('SELECT id FROM products WHERE id = ?', [body.id]);
      expect(rows.length, `created product not stored: ${where}`).toBe(1);
    }
    if (req.method === 'PUT' && productPath) {
      for (const entry of body.products as { id: number; changes: Record<string, { added: string }> }[]) {
        const [row] = await this.app.rows('SELECT * FROM products WHERE id = ?', [entry.id]);
        const column: Record<string, string> = {
          name: 'name',
          description: 'description',
          default_milestone: 'defaultmilestone',
          is_open: 'isactive',
          has_unconfirmed: 'allows_unconfirmed',
        };
        for (const [key, { added }] of Object.entries(entry.changes)) {
          const stored = row[column[key]];
          const text = typeof stored === 'boolean' ? (stored ? '1' : '0') : String(stored);
          expect(text, `${key} not stored: ${where}`).toBe(added);
        }
      }
    }
    if (path.startsWith('/rest/bug_user_last_visit')) {
      // Every record answered is the caller's own, as stored.
      expect(caller, where).toBeDefined();
      const rows: { bug_id: number; last_visit_ts: Date | string }[] = await this.app.rows(
        'SELECT bug_id, last_visit_ts FROM bug_user_last_visit WHERE user_id = ?',
        [caller],
      );
      const own = new Map(rows.map((r) => [Number(r.bug_id), formatBugzillaDateTime(r.last_visit_ts)]));
      for (const record of body as { id?: number; last_visit_ts?: string }[]) {
        if (record.id === undefined) continue;
        expect(own.has(record.id), `record of bug ${record.id} is not the caller's: ${where}`).toBe(true);
        if (record.last_visit_ts !== undefined) expect(record.last_visit_ts, where).toBe(own.get(record.id));
      }
    }
  }
}

// ------------------------------------------------------------------ request generators

function callers(
  adminWeight: number,
): fc.Arbitrary<{ caller: Caller; place: 'header' | 'query' | 'Bugzilla_api_key' }> {
  return fc.record({
    caller: fc.oneof(
      { weight: adminWeight, arbitrary: fc.constant<Caller>('admin') },
      { weight: 2, arbitrary: fc.constant<Caller>('plain') },
      { weight: 2, arbitrary: fc.constant<Caller>('anonymous') },
      { weight: 1, arbitrary: fc.constantFrom<Caller>('badKey', 'badToken', 'badLogin') },
    ),
    place: fc.constantFrom('header' as const, 'query' as const, 'Bugzilla_api_key' as const),
  });
}

/** Puts the caller's credentials on a request (header, or query parameter). */
function credentials(
  world: World,
  who: { caller: Caller; place: string },
): { headers: Record<string, string>; raw: string[] } {
  const key =
    who.caller === 'admin'
      ? world.keys.admin
      : who.caller === 'plain'
        ? world.keys.plain
        : who.caller === 'badKey'
          ? 'not-a-real-key'
          : undefined;
  if (who.caller === 'badToken') return { headers: { 'x-bugzilla-token': '1-forged' }, raw: [] };
  if (who.caller === 'badLogin')
    return { headers: { 'x-bugzilla-login': 'admin@example.com', 'x-bugzilla-password': 'guess' }, raw: [] };
  if (!key) return { headers: {}, raw: [] };
  if (who.place === 'header') return { headers: { 'x-bugzilla-api-key': key }, raw: [] };
  return { headers: {}, raw: [`${who.place === 'query' ? 'api_key' : 'Bugzilla_api_key'}=${encode(key)}`] };
}

interface RouteFamily {
  name: string;
  runs: number;
  methods: string[];
  paths: fc.Arbitrary<string>;
  queryKeys: string[];
  bodyKeys?: string[];
  validBody?: fc.Arbitrary<Record<string, unknown>>;
  /** How often the admin calls, against 2 for the plain user and 2 for anonymous. */
  adminWeight?: number;
  /** Most answers are errors by design (random paths): no share of successes is expected. */
  errorsExpected?: boolean;
}

function request(world: World, family: RouteFamily): fc.Arbitrary<FuzzRequest> {
  const { known } = world;
  return fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...family.methods) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') },
      ),
      path: family.paths,
      pairs: queryPairs(family.queryKeys, known),
      raw: fc.array(fc.constantFrom(...RAW_QUERY), { maxLength: 2 }),
      body: bodyText(family.bodyKeys ?? ['ids', 'names', 'include_fields'], known, family.validBody),
      contentType: fc.oneof(
        { weight: 8, arbitrary: fc.constant('application/json') },
        { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
      who: callers(family.adminWeight ?? 2),
      ifNoneMatch: fc.oneof(
        { weight: 9, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom('*', '"x"', 'W/"y"') },
      ),
    })
    .map(({ method, path, pairs, raw, body, contentType, who, ifNoneMatch }) => {
      const creds = credentials(world, who);
      const headers: Record<string, string> = { ...creds.headers };
      const sendsBody = body !== undefined && method !== 'GET' && method !== 'HEAD';
      if (sendsBody) headers['content-type'] = contentType;
      if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
      return {
        method,
        url: `${path}${queryString(pairs, [...raw, ...creds.raw])}`,
        headers,
        payload: sendsBody ? body : undefined,
        carried: [
          path,
          ...pairs.flat(),
          ...raw,
          sendsBody ? body : undefined,
          parsedOrText(sendsBody && body.length < 2000 ? body : undefined),
        ],
      };
    });
}

function families(world: World): RouteFamily[] {
  const { known, fx, bugs } = world;
  const productSegment = fc.oneof(
    fc.constantFrom(
      ...Object.values(fx.products).map(String),
      '0',
      '999999',
      'get',
      'Another%20Product',
      'QA-Selenium-TEST',
      'qa-selenium-test',
      'bravo',
      '%2F',
      '..',
      '%00',
      encode('ß'),
      'x'.repeat(2000),
    ),
    anyString(known).map(encode),
  );
  const bugSegment = fc.oneof(
    fc.constantFrom(...bugs.map(String), '0', '999999', '007', '99999999999999999999'),
    fc.nat().map(String),
  );
  const productFields = ['ids', 'names', 'type', 'include_fields', 'exclude_fields'];
  const writeKeys = [
    'name',
    'description',
    'version',
    'classification',
    'default_milestone',
    'has_unconfirmed',
    'is_open',
    'create_series',
    'allows_unconfirmed',
    'is_active',
    'ids',
    'names',
    'Bugzilla_api_key',
    'api_key',
    'token',
  ];
  const freshName = fc
    .tuple(
      fc.constantFrom('Fuzz', 'ÜNÏ', '😀', '𠀀', '<b>x</b>', "O'Brien", 'a%_b'),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.nat(),
    )
    .map(([prefix, text, n]) => `${prefix} ${text} ${n}`);
  const freshText = fc.tuple(fc.string({ unit: 'grapheme', maxLength: 20 }), fc.nat()).map(([t, n]) => `${t} #${n}`);
  const wellFormedCreate = fc.record(
    {
      name: freshName,
      description: fc.oneof(freshText, fc.constant('<p>HTML &amp; Ünïcödé 😀</p>')),
      version: fc.constantFrom('1.0', 'unspecified', ' 2.0 ', '😀'),
      classification: fc.constantFrom('Unclassified', 'Class2_QA'),
      default_milestone: fc.constantFrom('---', 'M1', ' ', '0'),
      has_unconfirmed: fc.constantFrom(true, false, 1, '0'),
      is_open: fc.boolean(),
      create_series: fc.boolean(),
    },
    { requiredKeys: ['name', 'description', 'version'] },
  );
  const createBody = fc.record(
    {
      name: fc.oneof({ weight: 3, arbitrary: freshName }, { weight: 2, arbitrary: anyString(known) }),
      description: fc.oneof(anyString(known), fc.string({ minLength: 1, maxLength: 40 }), fc.constant('A product')),
      version: fc.oneof(anyString(known), fc.constantFrom('1.0', 'unspecified', ' 2.0 ')),
      classification: fc.constantFrom('Unclassified', 'Class2_QA', 'class2_qa', 'Nope', ''),
      default_milestone: anyString(known),
      has_unconfirmed: jsonValue(known),
      is_open: fc.constantFrom(true, false, 1, 0, '1', '0'),
      create_series: fc.constantFrom(true, false, 0, '0'),
    },
    { requiredKeys: ['name', 'description', 'version'] },
  );
  const updateBody = fc.record(
    {
      ids: fc.oneof(fc.array(fc.constantFrom(...Object.values(fx.products)), { maxLength: 3 }), jsonValue(known)),
      names: fc.oneof(
        fc.array(fc.constantFrom('bravo', 'BRAVO', 'QA-Selenium-TEST', 'Two Groups', 'C2 Forever', 'nothing'), {
          maxLength: 2,
        }),
        jsonValue(known),
      ),
      name: anyString(known),
      description: anyString(known),
      default_milestone: fc.constantFrom('---', 'AnotherMS1', 'AnotherMS2', 'old', 'nope', ''),
      is_open: jsonValue(known),
      has_unconfirmed: fc.constantFrom(true, false, '1', '0', 2, 'yes'),
      is_active: fc.boolean(),
      allows_unconfirmed: fc.boolean(),
    },
    { requiredKeys: [] },
  );
  const wellFormedUpdate = fc.record(
    {
      ids: fc.array(fc.constantFrom(fx.products.bravo, fx.products.c2Forever, fx.products.another), {
        minLength: 1,
        maxLength: 2,
      }),
      description: freshText,
      is_open: fc.boolean(),
      has_unconfirmed: fc.constantFrom(true, false, '1', '0', 1, 0),
    },
    { requiredKeys: ['ids'] },
  );
  const visitBody = fc.record(
    {
      ids: fc.oneof(
        fc.array(fc.oneof(fc.constantFrom(...bugs), fc.nat({ max: 40 })), { maxLength: 6 }),
        jsonValue(known),
      ),
      include_fields: anyString(known),
    },
    { requiredKeys: [] },
  );
  const anyPath = fc.oneof(
    fc.constantFrom(
      '/',
      '/rest',
      '/rest/',
      '/rest/nothing',
      '/rest/product/1/2',
      '/rest/products',
      '/rest/product_selectable/1',
      '/rest/bug_user_last_visit/abc',
      '/rest/bug_user_last_visit/1/2',
      '/rest/bug_user_last_visit/-1',
      '/rest//product',
      '/REST/product',
      '/rest/Product',
      '/rest/product%5Faccessible',
      '/rest/whoami/1',
      '/rest/version/x',
      '/health/x',
      '/rest/user/1/2',
      '/rest/../health',
      '/rest/%2e%2e/health',
      '/rest/bug/1',
      '/rest/product/%2E%2E',
      '/rest/product/%zz',
      '/rest/product/%E0%A4%A',
      '/rest/product/%',
      '/rest/user/%C0%AF',
      '/rest/%zz',
      // A path parameter as long as a URL may be, and one past the limit (414).
      `/rest/product/${'x'.repeat(URL_LIMIT - 100)}`,
      `/rest/product/${'x'.repeat(URL_LIMIT)}`,
    ),
    fc
      .array(anyString(known).map(encode), { minLength: 1, maxLength: 4 })
      .map((segments) => `/rest/${segments.join('/')}`),
  );
  return [
    {
      name: 'any path and method',
      runs: 300,
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'],
      paths: anyPath,
      queryKeys: productFields,
      bodyKeys: writeKeys,
      errorsExpected: true,
    },
    {
      name: 'GET /rest/product_{selectable,enterable,accessible}',
      runs: 150,
      methods: ['GET'],
      paths: fc.constantFrom(
        '/rest/product_selectable',
        '/rest/product_enterable',
        '/rest/product_accessible',
        '/rest/product_accessible/',
      ),
      queryKeys: productFields,
    },
    {
      name: 'GET /rest/product[/{id_or_name}]',
      runs: 500,
      methods: ['GET'],
      paths: fc.oneof(
        fc.constant('/rest/product'),
        fc.constant('/rest/product/'),
        productSegment.map((s) => `/rest/product/${s}`),
      ),
      queryKeys: productFields,
    },
    {
      name: 'POST /rest/product',
      runs: 450,
      methods: ['POST'],
      paths: fc.constantFrom('/rest/product', '/rest/product/'),
      queryKeys: writeKeys,
      bodyKeys: writeKeys,
      validBody: fc.oneof(wellFormedCreate, createBody),
      adminWeight: 8,
    },
    {
      name: 'PUT /rest/product[/{id_or_name}]',
      runs: 450,
      methods: ['PUT'],
      paths: fc.oneof(
        fc.constant('/rest/product'),
        productSegment.map((s) => `/rest/product/${s}`),
      ),
      queryKeys: writeKeys,
      bodyKeys: writeKeys,
      validBody: fc.oneof(wellFormedUpdate, updateBody),
      adminWeight: 8,
    },
    {
      name: 'GET/POST /rest/bug_user_last_visit[/{id}]',
      runs: 450,
      methods: ['GET', 'POST'],
      paths: fc.oneof(
        fc.constant('/rest/bug_user_last_visit'),
        bugSegment.map((s) => `/rest/bug_user_last_visit/${s}`),
      ),
      queryKeys: ['ids', 'include_fields', 'exclude_fields', 'user_id', 'id'],
      bodyKeys: ['ids', 'include_fields', 'exclude_fields', 'user_id'],
      validBody: visitBody,
    },
    {
      name: 'session routes and /health',
      runs: 300,
      methods: ['GET'],
      paths: fc.oneof(
        fc.constantFrom(
          '/rest/version',
          '/rest/extensions',
          '/rest/timezone',
          '/rest/parameters',
          '/rest/last_audit_time',
          '/rest/login',
          '/rest/logout',
          '/rest/valid_login',
          '/rest/whoami',
          '/rest/user',
          '/health',
          '/health/',
        ),
        fc
          .oneof(
            fc.constantFrom('1', '2', 'admin@example.com', 'unprivileged@my.company', 'nobody@x'),
            anyString(known),
          )
          .map((s) => `/rest/user/${encode(s)}`),
      ),
      queryKeys: [
        'login',
        'password',
        'token',
        'ids',
        'names',
        'Bugzilla_login',
        'Bugzilla_password',
        'Bugzilla_token',
        'include_fields',
        'exclude_fields',
        'class',
      ],
    },
  ];
}

/** Every route of the service with each method it has, for the body-size and content-type sweeps. */
function everyRoute(world: World): [string, string][] {
  const { fx, bugs } = world;
  return [
    ['GET', '/rest/product_selectable'],
    ['GET', '/rest/product_enterable'],
    ['GET', '/rest/product_accessible'],
    ['GET', '/rest/product'],
    ['GET', `/rest/product/${fx.products.another}`],
    ['POST', '/rest/product'],
    ['PUT', '/rest/product'],
    ['PUT', `/rest/product/${fx.products.bravo}`],
    // A product with bugs: the sweeps' deletions are refused (allowbugdeletion is off), the fixture stays whole.
    ['DELETE', `/rest/product/${fx.products.another}`],
    ['GET', `/rest/product/${fx.products.another}/group_controls`],
    ['PUT', `/rest/product/${fx.products.another}/group_controls`],
    ['GET', '/rest/product_group_controls'],
    ['GET', `/rest/product/${fx.products.another}/history`],
    ['GET', '/rest/bug_user_last_visit'],
    ['GET', `/rest/bug_user_last_visit/${bugs[0]}`],
    ['POST', '/rest/bug_user_last_visit'],
    ['POST', `/rest/bug_user_last_visit/${bugs[0]}`],
    ['GET', '/rest/version'],
    ['GET', '/rest/extensions'],
    ['GET', '/rest/login'],
    ['GET', '/rest/logout'],
    ['GET', '/rest/valid_login'],
    ['GET', '/rest/whoami'],
    ['GET', '/rest/user'],
    ['GET', '/rest/user/1'],
    ['GET', '/rest/time'],
    ['GET', '/rest/timezone'],
    ['GET', '/rest/parameters'],
    ['GET', '/rest/last_audit_time'],
    ['POST', '/rest/component'],
    ['PUT', '/rest/component'],
    ['DELETE', '/rest/component'],
    ['GET', '/rest/component?product_ids=1'],
    ['GET', '/rest/component/1'],
    ['PUT', '/rest/component/1'],
    ['DELETE', '/rest/component/1'],
    ['GET', '/rest/component/Alpha/Gears'],
    ['PUT', '/rest/component/Alpha/Gears'],
    ['DELETE', '/rest/component/Alpha/Gears'],
    ['POST', '/rest/product/Alpha/version'],
    ['PUT', '/rest/product/Alpha/version/1.0'],
    ['DELETE', '/rest/product/Alpha/version/1.0'],
    ['POST', '/rest/product/Alpha/milestone'],
    ['PUT', '/rest/product/Alpha/milestone/M1'],
    ['DELETE', '/rest/product/Alpha/milestone/M1'],
    ['GET', '/rest/flag_type/Alpha'],
    ['GET', '/rest/flag_type/Alpha/Gears'],
    ['POST', '/rest/flag_type'],
    ['PUT', '/rest/flag_type/1'],
    ['DELETE', '/rest/flag_type/999999'],
    ['GET', '/rest/flag_type?ids=1'],
    ['GET', '/rest/group'],
    ['GET', '/rest/product_editable'],
    ['GET', '/rest/classification'],
    ['GET', '/rest/classification/Unclassified'],
    // useclassification is off here: every classification write is refused (900), nothing changes.
    ['POST', '/rest/classification'],
    ['PUT', '/rest/classification/Unclassified'],
    ['DELETE', '/rest/classification/Unclassified'],
    ['GET', '/health'],
  ];
}

// ------------------------------------------------------------------ the suite

async function seedWorld(app: TestApp): Promise<World> {
  const fx = await seedProductFixture(app.seed);
  const seed = app.seed;
  const { admin, nonMember } = fx.users;
  const bugs: number[] = [];
  for (const [reporter, assignee, groups] of [
    [admin.id, nonMember.id, []],
    [nonMember.id, admin.id, []],
    [admin.id, admin.id, []],
    [admin.id, nonMember.id, [fx.groups.qa]],
    [nonMember.id, admin.id, [fx.groups.qa]],
  ] as [number, number, number[]][]) {
    bugs.push(
      await seed.bug({ product: fx.products.another, component: fx.components.c1, reporter, assignee, groups }),
    );
  }
  // A bug in every other product too: a generated DELETE of a product is then refused (allowbugdeletion
  // is off), and the products the sweeps name stay.
  for (const product of Object.values(fx.products).filter((id) => id !== fx.products.another)) {
    const [component] = await app.rows<{ id: number }>('SELECT id FROM components WHERE product_id = ?', [product]);
    await seed.bug({ product, component: component.id, reporter: admin.id, assignee: admin.id });
  }
  // The admin's visits: the plain user must never read them.
  for (const bug of bugs.slice(0, 3)) await seed.lastVisit(admin.id, bug, new Date(Date.UTC(2024, 0, 2, 3, 4, 5)));
  const known = [
    ...Object.values(fx.products).map(String),
    ...bugs.map(String),
    'Another Product',
    'bravo',
    'QA-Selenium-TEST',
    'Two Groups',
    'C2 Forever',
    'AnotherMS1',
    admin.login,
    nonMember.login,
  ];
  return {
    fx,
    bugs,
    known,
    keys: { admin: admin.apiKey, plain: nonMember.apiKey },
    userIds: { admin: admin.id, plain: nonMember.id },
  };
}

/** What each database's run answered, for the comparison after the last one. */
const answeredOn = new Map<string, string[]>();

/**
 * The same seed sends the same requests on every database (the worlds are made alike, ids included), and
 * Bugzilla answers alike on each: a status that differs is a dialect's fault (on PostgreSQL a login
 * looked up in another letter case once answered 404 where MariaDB and SQLite answered 200).
 */
afterAll(() => {
  if (SEED === undefined || answeredOn.size < 2) return;
  const [[firstDialect, first], ...others] = [...answeredOn];
  for (const [dialect, answered] of others) {
    const differing = answered.flatMap((line, i) =>
      line === first[i] ? [] : [`${firstDialect}: ${first[i]}; ${dialect}: ${line}`],
    );
    expect({ dialect, differing }).toEqual({ dialect, differing: [] });
  }
});

forEachDialect('fuzzed requests', (app) => {
  let world: World;
  let fuzzer: Fuzzer;
  const seedOf = (offset: number) => (SEED === undefined ? {} : { seed: SEED + offset });

  beforeAll(async () => {
    world = await seedWorld(app());
    fuzzer = new Fuzzer(app(), world);
  });
  afterAll(() => {
    const statuses = [...fuzzer.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(`fuzz [${app().dialect}]: ${fuzzer.cases} generated requests ran (${statuses})`);
    answeredOn.set(app().dialect, fuzzer.answered);
  });

  const familyNames = [
    'any path and method',
    'GET /rest/product_{selectable,enterable,accessible}',
    'GET /rest/product[/{id_or_name}]',
    'POST /rest/product',
    'PUT /rest/product[/{id_or_name}]',
    'GET/POST /rest/bug_user_last_visit[/{id}]',
    'session routes and /health',
  ];
  familyNames.forEach((name, index) => {
    it(`${name}: every answer is a documented success or the envelope with its status, never a 5xx; rejected writes change nothing`, async () => {
      const family = families(world).find((f) => f.name === name)!;
      fuzzer.familyStatuses.clear();
      await fc.assert(
        fc.asyncProperty(request(world, family), (req) => fuzzer.check(req)),
        { numRuns: runs(family.runs), ...seedOf(index) },
      );
      // Nothing but successful writes changed the tables (reads included).
      expect(await snapshotTables(app())).toEqual(fuzzer.state);
      // The generators reach the routes' successes, not only their errors.
      const successes = [...fuzzer.familyStatuses.entries()]
        .filter(([status]) => status < 300)
        .reduce((n, [, c]) => n + c, 0);
      if (!family.errorsExpected) {
        expect(successes, `${name}: ${JSON.stringify([...fuzzer.familyStatuses])}`).toBeGreaterThan(
          runs(family.runs) / 20,
        );
      }
    }, 120_000);
  });

  it('sweeps every route the service serves (a new REST route must join everyRoute)', async () => {
    const fastify = app().app.getHttpAdapter().getInstance() as FastifyInstance;
    const served = routeTable(fastify).filter((r) => /^\w+ \/(rest\/|health)/.test(r));
    expect(served).toEqual(expect.arrayContaining(['GET /rest/product', 'POST /rest/component', 'GET /health']));
    const swept = everyRoute(world).map(([method, path]) => `${method} ${path.split('?')[0]}`);
    expect(served.filter((route) => !swept.some((request) => servedBy(route, request)))).toEqual([]);
  });

  it('malformed bodies and wrong content types on every route: 400 code 32000 (or the route ignores a GET body), never a 5xx', async () => {
    const routes = everyRoute(world);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(...MALFORMED_BODIES),
        fc.constantFrom(...CONTENT_TYPES),
        fc.constantFrom<Caller>('admin', 'plain', 'anonymous'),
        async ([method, path], payload, contentType, caller) => {
          const creds = credentials(world, { caller, place: 'header' });
          await fuzzer.check({
            method,
            url: path,
            headers: { ...creds.headers, 'content-type': contentType },
            payload,
            carried: [path, payload],
          });
        },
      ),
      { numRuns: runs(300), ...seedOf(100) },
    );
  }, 120_000);

  it('OPTIONS on every route, whatever the length of its path parameter: 200 with the methods it allows', async () => {
    const long = 'n'.repeat(URL_LIMIT - 100);
    const paths: [string, string][] = [
      ...everyRoute(world).map(([method, path]): [string, string] => [path, method]),
      [`/rest/product/${long}`, 'GET, PUT'],
      [`/rest/user/${long}`, 'GET'],
    ];
    for (const [path, method] of paths) {
      const res = await send(app(), { method: 'OPTIONS', url: path, headers: {}, carried: [] });
      expect({ path: path.slice(0, 60), status: res.status, allow: String(res.headers.allow) }).toEqual({
        path: path.slice(0, 60),
        status: 200,
        allow: expect.stringContaining(method.split(', ')[0]),
      });
    }
  });

  it('bodies over 1 MiB on every route and method: 413 code 32000, nothing stored', async () => {
    const big = JSON.stringify({ name: 'Huge', description: 'x'.repeat(1024 * 1024), version: '1', ids: [1] });
    const bigArray = JSON.stringify({ ids: Array.from({ length: 200_000 }, (_, i) => i) });
    for (const [method, path] of everyRoute(world)) {
      for (const verb of new Set([method, 'POST', 'PUT'])) {
        for (const payload of [big, bigArray]) {
          const res = await send(app(), {
            method: verb,
            url: path,
            headers: { 'content-type': 'application/json', 'x-bugzilla-api-key': world.keys.admin },
            payload,
            carried: [],
          });
          // No such route for this method (32614, checked below), or a GET, whose body is not read.
          if (res.status === 404 || verb === 'GET') continue;
          expect({ route: `${verb} ${path}`, status: res.status, body: res.body }).toEqual({
            route: `${verb} ${path}`,
            status: 413,
            body: {
              error: true,
              code: 32000,
              message: 'The request body is larger than the limit of 1 MiB.',
              documentation: expect.any(String),
            },
          });
        }
        await fuzzer.check({
          method: verb,
          url: path,
          headers: { 'content-type': 'application/json', 'x-bugzilla-api-key': world.keys.admin },
          payload: big,
          carried: [],
        });
      }
    }
    expect(await app().rows("SELECT id FROM products WHERE name = 'Huge'")).toEqual([]);
  }, 120_000);

  it('huge query strings (thousands of repeated ids, long values, many keys) on every route: a success or a 4xx, never a 5xx', async () => {
    const manyIds = Array.from({ length: 5000 }, (_, i) => `ids=${i}`).join('&');
    const manyNames = Array.from({ length: 3000 }, (_, i) => `names=${encode(`n${i}é`)}`).join('&');
    const manyKeys = Array.from({ length: 2000 }, (_, i) => `k${i}=${i}`).join('&');
    const longValue = `names=${'x'.repeat(200_000)}`;
    // As long as a URL may be (HTTP_MAX_HEADER_BYTES), with the path of any route in front.
    const atLimit = `names=${'x'.repeat(URL_LIMIT - 200)}`;
    const manyIdsAtLimit = Array.from(
      { length: Math.floor((URL_LIMIT - 200) / 10) },
      (_, i) => `ids=${i % 99999}`,
    ).join('&');
    const manyTypes = Array.from({ length: 2000 }, () => 'type=selectable').join('&');
    const manyFields = `include_fields=${Array.from({ length: 5000 }, (_, i) => `f${i}`).join(',')}`;
    // Bodies just under the limit that hold as many ids or names as fit.
    const bodies = [
      JSON.stringify({ ids: Array.from({ length: 150_000 }, (_, i) => i % 50) }),
      JSON.stringify({ names: Array.from({ length: 100_000 }, (_, i) => `n${i}`) }),
      JSON.stringify({
        ids: Array.from({ length: 40_000 }, (_, i) => i),
        names: Array.from({ length: 40_000 }, (_, i) => `é${i}`),
        description: 'x',
      }),
    ];
    for (const [method, path] of everyRoute(world).filter(([m]) => m !== 'GET')) {
      for (const payload of bodies) {
        await fuzzer.check({
          method,
          url: path,
          headers: { 'x-bugzilla-api-key': world.keys.admin, 'content-type': 'application/json' },
          payload,
          carried: [],
        });
      }
    }
    // However many targets a PUT names, the 106 is for the first missing one in request order (path, ids, names).
    const admin = { 'x-bugzilla-api-key': world.keys.admin, 'content-type': 'application/json' };
    const { another, bravo } = world.fx.products;
    const put = async (url: string, body: unknown) =>
      (await send(app(), { method: 'PUT', url, headers: admin, payload: JSON.stringify(body), carried: [] })).body;
    // 1200 distinct spellings of one product's name (letter case per bit), more than one statement reads.
    const variants = Array.from({ length: 1200 }, (_, i) => {
      let bit = 0;
      return [...'another product'].map((ch) => (ch !== ' ' && i & (1 << bit++) ? ch.toUpperCase() : ch)).join('');
    });
    expect(new Set(variants).size).toBe(1200);
    expect(
      // By id: earlier generated requests may have renamed the product.
      await put(`/rest/product/${bravo}`, { ids: [...Array(1500).fill(another), 999_999, another], names: variants }),
    ).toMatchObject({
      code: 106,
      message: "Either the product with the id 999999 does not exist or you don't have access to it.",
    });
    expect(await put('/rest/product/nothing-here', { ids: [999_999], names: variants })).toMatchObject({
      code: 106,
      message: "Either the product 'nothing-here' does not exist or you don't have access to it.",
    });
    expect(await put(`/rest/product/${bravo}`, { names: [...variants, 'missing one', ...variants] })).toMatchObject({
      code: 106,
      message: "Either the product 'missing one' does not exist or you don't have access to it.",
    });
    for (const [method, path] of everyRoute(world)) {
      for (const query of [manyIds, manyNames, manyKeys, longValue, manyTypes, manyFields, atLimit, manyIdsAtLimit]) {
        for (const caller of ['admin', 'plain'] as const) {
          await fuzzer.check({
            method,
            url: `${path}?${query}`,
            headers: { 'x-bugzilla-api-key': world.keys[caller], 'content-type': 'application/json' },
            payload: method === 'GET' ? undefined : '{}',
            carried: [query.slice(0, 1000)],
          });
        }
      }
    }
  }, 120_000);

  it('URLs past HTTP_MAX_HEADER_BYTES on every route and method: 414 code 32000, nothing stored', async () => {
    const before = await snapshotTables(app());
    const past = [
      `names=${'x'.repeat(URL_LIMIT)}`,
      Array.from({ length: URL_LIMIT / 8 }, (_, i) => `ids=${i}`).join('&'),
    ];
    for (const [method, path] of everyRoute(world)) {
      for (const query of past) {
        const res = await send(app(), {
          method,
          url: `${path}?${query}`,
          headers: { 'x-bugzilla-api-key': world.keys.admin, 'content-type': 'application/json' },
          payload: method === 'GET' ? undefined : '{}',
          carried: [],
        });
        expect({ route: `${method} ${path}`, status: res.status, body: res.body }).toEqual({
          route: `${method} ${path}`,
          status: 414,
          body: {
            error: true,
            code: 32000,
            message: `The request line and headers are longer than the limit of ${URL_LIMIT} bytes (HTTP_MAX_HEADER_BYTES).`,
            documentation: expect.any(String),
          },
        });
      }
    }
    expect(await snapshotTables(app())).toEqual(before);
  });
});
