import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { formatBugzillaDateTime } from '../src/database/dialect.js';
import { forEachDialect, type ApiRequest, type TestApp } from './support/test-app.js';
import { envelope as bzError } from './support/envelope.js';

/**
 * Bug last visits (SPEC §6): POST and GET /rest/bug_user_last_visit[/{id}].
 * Login is required everywhere; POST needs an existing (101), visible (102) bug the
 * caller is involved with (32000) and writes all rows with one timestamp or none;
 * GET answers the caller's records of visible bugs.
 */

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const URL = '/rest/bug_user_last_visit';
const run = promisify(execFile);

const LOGIN_REQUIRED = bzError(410, 'You must log in before using this part of Bugzilla.');
const NO_IDS = bzError(50, 'The function requires a ids argument, and that argument was not set.');
const notNumeric = (value: string) =>
  bzError(52, `Invalid parameter passed to the function: 'ids' must be numeric (got '${value}').`);
const NOT_A_NUMBER = bzError(53, "The 'ids' parameter is invalid: a number was expected.");
const NOT_AN_ARRAY = bzError(53, "The 'ids' parameter is invalid: an array of bug ids was expected.");
const notFound = (id: number) => bzError(101, `Bug #${id} does not exist.`);
const denied = (id: number) => bzError(102, `You are not authorized to access bug #${id}.`);
const notInvolved = (id: number) => bzError(32000, `Sorry, but you are not involved with Bug ${id}.`);

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Math.floor((Date.now() - minutes * MINUTE) / 1000) * 1000);
const wire = (date: Date) => formatBugzillaDateTime(date);

interface User {
  id: number;
  key: string;
}

interface Fixture {
  product: number;
  component: number;
  visitor: User;
  outsider: User;
  insider: User;
  /** Public bugs, `visitor` as reporter / assignee / on CC / QA contact only. */
  reported: number;
  assigned: number;
  cced: number;
  qaOnly: number;
  /** Bugs in the `secret` group (visitor is not a member). */
  secret: {
    reporterOpen: number;
    reporterClosed: number;
    ccOpen: number;
    ccClosed: number;
    assignee: number;
    qaContact: number;
  };
  /** Bugs in two groups, visitor in one of them and on CC of a CC-closed bug. */
  twoGroups: number;
  /** Public bugs nobody in particular is involved with. */
  pool: number[];
}

/** Options for a request as `user` (API key header), with more query/body. */
function as(user: User, extra: Omit<ApiRequest, 'headers'> = {}): ApiRequest {
  return { ...extra, headers: { 'x-bugzilla-api-key': user.key } };
}

async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  const newUser = async (login: string, groups: string[] = []): Promise<User> => {
    const id = await seed.user(login, { groups });
    return { id, key: await seed.apiKey(id) };
  };
  await seed.group('secret');
  await seed.group('red');
  await seed.group('blue');
  const owner = await newUser('owner@example.com');
  const visitor = await newUser('visitor@example.com', ['red']);
  const outsider = await newUser('outsider@example.com');
  const insider = await newUser('insider@example.com', ['secret']);
  const product = await seed.product('Widgets');
  const component = await seed.component(product, 'Gears', { owner: owner.id });
  await seed.version(product, 'unspecified');

  const base = { product, component, reporter: owner.id, assignee: owner.id };
  const bug = (options: Partial<Parameters<typeof seed.bug>[0]> = {}) => seed.bug({ ...base, ...options });
  const closed = { reporterAccessible: false, cclistAccessible: false };
  const fixture: Fixture = {
    product,
    component,
    visitor,
    outsider,
    insider,
    reported: await bug({ reporter: visitor.id }),
    assigned: await bug({ assignee: visitor.id }),
    cced: await bug({ cc: [visitor.id] }),
    qaOnly: await bug({ qaContact: visitor.id }),
    secret: {
      reporterOpen: await bug({ reporter: visitor.id, groups: ['secret'] }),
      reporterClosed: await bug({ reporter: visitor.id, groups: ['secret'], ...closed }),
      ccOpen: await bug({ cc: [visitor.id], groups: ['secret'] }),
      ccClosed: await bug({ cc: [visitor.id], groups: ['secret'], ...closed }),
      assignee: await bug({ assignee: visitor.id, groups: ['secret'], ...closed }),
      qaContact: await bug({ qaContact: visitor.id, groups: ['secret'], ...closed }),
    },
    twoGroups: await bug({ cc: [visitor.id], groups: ['red', 'blue'], ...closed }),
    pool: [],
  };
  for (let i = 0; i < 30; i++) fixture.pool.push(await bug({ shortDesc: `Pool bug ${i}` }));
  return fixture;
}

/** The stored rows of one user, ordered by bug id, timestamps in wire format. */
async function storedVisits(app: TestApp, userId: number): Promise<{ bug_id: number; ts: string }[]> {
  const rows = await app.rows<{ bug_id: number; last_visit_ts: Date | string }>(
    'SELECT bug_id, last_visit_ts FROM bug_user_last_visit WHERE user_id = ? ORDER BY bug_id',
    [userId],
  );
  return rows.map((row) => ({ bug_id: Number(row.bug_id), ts: formatBugzillaDateTime(row.last_visit_ts) }));
}

forEachDialect('bug_user_last_visit', (app) => {
  let f: Fixture;
  let n = 0;
  /** A fresh user (no records yet), optionally in groups. */
  const freshUser = async (groups: string[] = []): Promise<User> => {
    const id = await app().seed.user(`fresh${++n}@example.com`, { groups });
    return { id, key: await app().seed.apiKey(id) };
  };

  beforeAll(async () => {
    f = await seedFixture(app());
  });

  describe('login', () => {
    it.each([
      ['POST', `${URL}/1`],
      ['POST', URL],
      ['GET', `${URL}/1`],
      ['GET', URL],
    ])('%s %s without credentials answers 410 and writes nothing', async (method, url) => {
      const response = await app().request(method, url, method === 'POST' ? { body: { ids: [f.reported] } } : {});
      expect(response.status).toBe(401);
      expect(response.body).toEqual(LOGIN_REQUIRED);
      await expect(app().rows('SELECT COUNT(*) AS n FROM bug_user_last_visit')).resolves.toEqual([{ n: 0 }]);
    });
  });

  describe('routes', () => {
    it.each(['GET', 'POST'])('%s with a non-digit id is an unknown path (32614, 404)', async (method) => {
      const response = await app().request(method, `${URL}/abc`, as(f.visitor));
      expect(response.status).toBe(404);
      expect(response.body).toEqual(
        bzError(32614, `A REST API resource was not found for '${method} /bug_user_last_visit/abc'.`),
      );
    });

    it('the OpenAPI document describes GET and POST with and without an id', async () => {
      const response = await app().get('/api/openapi.json');
      expect(response.status).toBe(200);
      const paths = response.body.paths;
      for (const path of ['/rest/bug_user_last_visit', '/rest/bug_user_last_visit/{id}']) {
        expect(Object.keys(paths[path]).sort()).toEqual(['get', 'post']);
        expect(paths[path].get.responses['200'].content['application/json'].schema).toEqual({
          type: 'array',
          items: { $ref: '#/components/schemas/LastVisitRecordDto' },
        });
      }
      expect(paths['/rest/bug_user_last_visit'].get.parameters.map((p: { name: string }) => p.name)).toContain('ids');
      expect(Object.keys(response.body.components.schemas.LastVisitRecordDto.properties)).toEqual([
        'id',
        'last_visit_ts',
      ]);
    });

    it('PUT is not a method of the resource (32614, 404)', async () => {
      const response = await app().put(`${URL}/1`, as(f.visitor, { body: {} }));
      expect(response.status).toBe(404);
      expect(response.body).toEqual(
        bzError(32614, "A REST API resource was not found for 'PUT /bug_user_last_visit/1'."),
      );
    });
  });

  describe('POST: bad parameters (nothing written)', () => {
    afterEach(async () => {
      await expect(storedVisits(app(), f.visitor.id)).resolves.toEqual([]);
    });

    it.each([
      ['no body', undefined],
      ['an empty object', {}],
      ['an empty ids array', { ids: [] }],
      ['ids null', { ids: null }],
    ])('without ids (%s) answers 50', async (_what, body) => {
      const response = await app().post(URL, as(f.visitor, { body }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(NO_IDS);
    });

    it('a non-numeric id answers 52', async () => {
      const response = await app().post(URL, as(f.visitor, { body: { ids: [f.reported, 'abc'] } }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(notNumeric('abc'));
    });

    it.each([
      ['an object', {}],
      ['a boolean', true],
      ['an array', [1]],
    ])('an id that is %s answers 53', async (_what, id) => {
      const response = await app().post(URL, as(f.visitor, { body: { ids: [f.reported, id] } }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(NOT_A_NUMBER);
    });

    it.each([
      ['an object', { a: 1 }],
      ['a number', 1],
      ['a string', '1'],
    ])('ids that is %s instead of an array answers 53', async (_what, ids) => {
      const response = await app().post(`${URL}/${f.reported}`, as(f.visitor, { body: { ids } }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(NOT_AN_ARRAY);
    });
  });

  describe('POST: bugs that cannot be visited (nothing written)', () => {
    afterEach(async () => {
      await expect(storedVisits(app(), f.visitor.id)).resolves.toEqual([]);
      await expect(storedVisits(app(), f.outsider.id)).resolves.toEqual([]);
      await expect(storedVisits(app(), f.insider.id)).resolves.toEqual([]);
    });

    it('a bug that does not exist answers 101 (404)', async () => {
      const response = await app().post(`${URL}/999999`, as(f.visitor));
      expect(response.status).toBe(404);
      expect(response.body).toEqual(notFound(999999));
    });

    it('a bug in a group the caller is not in answers 102 (401)', async () => {
      const response = await app().post(`${URL}/${f.secret.reporterOpen}`, as(f.outsider));
      expect(response.status).toBe(401);
      expect(response.body).toEqual(denied(f.secret.reporterOpen));
    });

    it('a visible bug the caller is not involved with answers 32000', async () => {
      const response = await app().post(`${URL}/${f.reported}`, as(f.outsider));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(notInvolved(f.reported));
    });

    it('a group member who is not involved answers 32000', async () => {
      const response = await app().post(`${URL}/${f.secret.reporterOpen}`, as(f.insider));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(notInvolved(f.secret.reporterOpen));
    });

    it('the QA contact is not involved while useqacontact is off', async () => {
      const response = await app().post(`${URL}/${f.qaOnly}`, as(f.visitor));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(notInvolved(f.qaOnly));
    });

    it.each([
      ['reporter without reporter_accessible', () => f.secret.reporterClosed],
      ['on CC without cclist_accessible', () => f.secret.ccClosed],
      ['QA contact while useqacontact is off', () => f.secret.qaContact],
      ['on CC of a bug in two groups, member of only one', () => f.twoGroups],
    ])('a restricted bug is not visible to its %s (102)', async (_who, bug) => {
      const response = await app().post(`${URL}/${bug()}`, as(f.visitor));
      expect(response.status).toBe(401);
      expect(response.body).toEqual(denied(bug()));
    });

    it('the first problem in request order is the one reported', async () => {
      const first = await app().post(URL, as(f.visitor, { body: { ids: [f.reported, 999999, f.secret.ccClosed] } }));
      expect(first.status).toBe(404);
      expect(first.body).toEqual(notFound(999999));
      const second = await app().post(URL, as(f.visitor, { body: { ids: [f.reported, f.secret.ccClosed, 999999] } }));
      expect(second.status).toBe(401);
      expect(second.body).toEqual(denied(f.secret.ccClosed));
      const third = await app().post(URL, as(f.visitor, { body: { ids: [f.qaOnly, 999999] } }));
      expect(third.status).toBe(400);
      expect(third.body).toEqual(notInvolved(f.qaOnly));
    });
  });

  describe('POST: recording visits', () => {
    it('records a visit of the path bug with the database UTC time and answers it', async () => {
      const user = await freshUser();
      const bug = await app().seed.bug({
        product: f.product,
        component: f.component,
        reporter: user.id,
        assignee: user.id,
      });
      const before = Date.now();
      const response = await app().post(`${URL}/${bug}`, as(user));
      expect(response.status).toBe(200);
      expect(response.body).toEqual([{ id: bug, last_visit_ts: expect.stringMatching(TS) }]);
      const answered = Date.parse(response.body[0].last_visit_ts);
      expect(Math.abs(answered - before)).toBeLessThan(30_000);
      await expect(storedVisits(app(), user.id)).resolves.toEqual([
        { bug_id: bug, ts: response.body[0].last_visit_ts },
      ]);
    });

    it('merges path and body ids, path first, without duplicates, all with one timestamp', async () => {
      const user = await freshUser();
      const [a, b, c] = f.pool;
      for (const bug of [a, b, c]) await app().seed.cc(bug, user.id);
      const response = await app().post(`${URL}/${b}`, as(user, { body: { ids: [c, b, String(a), c] } }));
      expect(response.status).toBe(200);
      const ts = response.body[0]?.last_visit_ts;
      expect(ts).toMatch(TS);
      expect(response.body).toEqual([
        { id: b, last_visit_ts: ts },
        { id: c, last_visit_ts: ts },
        { id: a, last_visit_ts: ts },
      ]);
      await expect(storedVisits(app(), user.id)).resolves.toEqual([a, b, c].map((bug_id) => ({ bug_id, ts })));
    });

    it('accepts involvement as reporter, assignee, on CC, and visibility through reporter_accessible, cclist_accessible or assignment', async () => {
      const ids = [f.reported, f.assigned, f.cced, f.secret.reporterOpen, f.secret.ccOpen, f.secret.assignee];
      const response = await app().post(URL, as(f.visitor, { body: { ids } }));
      expect(response.status).toBe(200);
      const ts = response.body[0].last_visit_ts;
      expect(response.body).toEqual(ids.map((id) => ({ id, last_visit_ts: ts })));
      await expect(storedVisits(app(), f.visitor.id)).resolves.toEqual(
        [...ids].sort((x, y) => x - y).map((bug_id) => ({ bug_id, ts })),
      );
      await app().rows('DELETE FROM bug_user_last_visit WHERE user_id = ?', [f.visitor.id]);
    });

    it('a visit again updates the one row of the user and bug', async () => {
      const user = await freshUser();
      const bug = f.pool[3];
      await app().seed.cc(bug, user.id);
      await app().seed.lastVisit(user.id, bug, ago(600));
      const response = await app().post(`${URL}/${bug}`, as(user));
      expect(response.status).toBe(200);
      const ts = response.body[0].last_visit_ts;
      expect(Date.parse(ts)).toBeGreaterThan(ago(5).getTime());
      await expect(storedVisits(app(), user.id)).resolves.toEqual([{ bug_id: bug, ts }]);
    });

    it('a failure in the middle of a batch writes nothing, not even an update of an existing row', async () => {
      const user = await freshUser();
      const [a, b, , , , notMine] = f.pool;
      await app().seed.cc(a, user.id);
      await app().seed.cc(b, user.id);
      const old = ago(120);
      await app().seed.lastVisit(user.id, a, old);
      const response = await app().post(URL, as(user, { body: { ids: [a, b, notMine, f.pool[7]] } }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(notInvolved(notMine));
      await expect(storedVisits(app(), user.id)).resolves.toEqual([{ bug_id: a, ts: wire(old) }]);
    });

    it('honours include_fields and exclude_fields (query or body)', async () => {
      const user = await freshUser();
      const bug = await app().seed.bug({
        product: f.product,
        component: f.component,
        reporter: user.id,
        assignee: f.visitor.id,
      });
      const included = await app().post(`${URL}/${bug}`, as(user, { query: { include_fields: 'id' } }));
      expect(included.status).toBe(200);
      expect(included.body).toEqual([{ id: bug }]);
      const excluded = await app().post(`${URL}/${bug}`, as(user, { body: { exclude_fields: ['id'] } }));
      expect(excluded.status).toBe(200);
      expect(excluded.body).toEqual([{ last_visit_ts: expect.stringMatching(TS) }]);
    });

    it('20 concurrent visits of one bug by one user all answer 200 and leave exactly one row', async () => {
      const user = await freshUser();
      const bug = await app().seed.bug({
        product: f.product,
        component: f.component,
        reporter: user.id,
        assignee: user.id,
      });
      const responses = await Promise.all(Array.from({ length: 20 }, () => app().post(`${URL}/${bug}`, as(user))));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
      for (const r of responses) expect(r.body).toEqual([{ id: bug, last_visit_ts: expect.stringMatching(TS) }]);
      const rows = await app().rows('SELECT COUNT(*) AS n FROM bug_user_last_visit WHERE user_id = ? AND bug_id = ?', [
        user.id,
        bug,
      ]);
      expect(rows).toEqual([{ n: 1 }]);
    });
  });

  describe('GET', () => {
    it('without ids answers the 20 most recent of 25 records, newest first', async () => {
      const user = await freshUser();
      const bugs = f.pool.slice(0, 25);
      // Distinct times, not in bug order: bug i was visited (i * 7 mod 25) minutes ago.
      const minutesAgo = bugs.map((_, i) => ((i * 7) % 25) + 1);
      const times = minutesAgo.map((minutes) => ago(minutes * 10));
      for (const [i, bug] of bugs.entries()) await app().seed.lastVisit(user.id, bug, times[i]);
      const expected = bugs
        .map((bug, i) => ({ id: bug, last_visit_ts: wire(times[i]), age: minutesAgo[i] }))
        .sort((x, y) => x.age - y.age)
        .slice(0, 20)
        .map(({ id, last_visit_ts }) => ({ id, last_visit_ts }));
      const response = await app().get(URL, as(user));
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(20);
      expect(response.body).toEqual(expected);
    });

    it('orders records with the same time by bug id', async () => {
      const user = await freshUser();
      const at = ago(30);
      const [a, b, c] = [f.pool[9], f.pool[4], f.pool[6]];
      for (const bug of [a, b, c]) await app().seed.lastVisit(user.id, bug, at);
      const newest = ago(10);
      await app().seed.lastVisit(user.id, f.pool[1], newest);
      const response = await app().get(URL, as(user));
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        { id: f.pool[1], last_visit_ts: wire(newest) },
        ...[a, b, c].sort((x, y) => x - y).map((id) => ({ id, last_visit_ts: wire(at) })),
      ]);
    });

    it('with ids answers the records of the path bug and the ids in request order, without duplicates, skipping bugs without a record', async () => {
      const user = await freshUser();
      const [a, b, c, d] = f.pool;
      const times = { [a]: ago(40), [b]: ago(30), [c]: ago(20) };
      for (const bug of [a, b, c]) await app().seed.lastVisit(user.id, bug, times[bug]);
      const record = (id: number) => ({ id, last_visit_ts: wire(times[id]) });

      const withPath = await app().get(
        `${URL}/${c}`,
        as(user, { query: { ids: [String(a), String(d), String(c), String(a)] } }),
      );
      expect(withPath.status).toBe(200);
      expect(withPath.body).toEqual([record(c), record(a)]);

      const single = await app().get(`${URL}/${b}`, as(user));
      expect(single.status).toBe(200);
      expect(single.body).toEqual([record(b)]);

      const plain = await app().get(URL, as(user, { query: { ids: [String(b), String(999999), String(a)] } }));
      expect(plain.status).toBe(200);
      expect(plain.body).toEqual([record(b), record(a)]);

      const oneValue = await app().get(URL, as(user, { query: { ids: String(c) } }));
      expect(oneValue.body).toEqual([record(c)]);
    });

    it('a bug without a record answers an empty list', async () => {
      const user = await freshUser();
      const response = await app().get(`${URL}/${f.pool[0]}`, as(user));
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
      const none = await app().get(URL, as(user));
      expect(none.body).toEqual([]);
    });

    it('an empty ids value matches nothing', async () => {
      const user = await freshUser();
      await app().seed.lastVisit(user.id, f.pool[0], ago(5));
      const response = await app().get(URL, as(user, { query: { ids: '' } }));
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    });

    it.each([`${URL}/1`, URL])('a non-numeric id in ids answers 52 (%s)', async (url) => {
      const response = await app().get(url, as(f.visitor, { query: { ids: ['1', 'abc'] } }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(notNumeric('abc'));
    });

    it('honours include_fields and exclude_fields', async () => {
      const user = await freshUser();
      const at = ago(15);
      await app().seed.lastVisit(user.id, f.pool[2], at);
      const included = await app().get(URL, as(user, { query: { include_fields: 'last_visit_ts' } }));
      expect(included.body).toEqual([{ last_visit_ts: wire(at) }]);
      const excluded = await app().get(
        `${URL}/${f.pool[2]}`,
        as(user, { query: { exclude_fields: ['last_visit_ts'] } }),
      );
      expect(excluded.body).toEqual([{ id: f.pool[2] }]);
      const both = await app().get(
        URL,
        as(user, { query: { include_fields: 'id,last_visit_ts', exclude_fields: 'id' } }),
      );
      expect(both.body).toEqual([{ last_visit_ts: wire(at) }]);
    });

    it("never answers another user's records", async () => {
      const mine = await freshUser();
      const theirs = await freshUser();
      const at = ago(5);
      await app().seed.lastVisit(mine.id, f.pool[0], at);
      await app().seed.lastVisit(theirs.id, f.pool[1], ago(4));
      await app().seed.lastVisit(theirs.id, f.pool[0], ago(3));
      const list = await app().get(URL, as(mine));
      expect(list.body).toEqual([{ id: f.pool[0], last_visit_ts: wire(at) }]);
      const byId = await app().get(`${URL}/${f.pool[1]}`, as(mine));
      expect(byId.body).toEqual([]);
    });

    it('leaves out the record of a bug that became invisible, also from the 20 most recent', async () => {
      const user = await freshUser();
      const hidden = await app().seed.bug({
        product: f.product,
        component: f.component,
        reporter: f.visitor.id,
        assignee: f.visitor.id,
      });
      const hiddenAt = ago(1);
      await app().seed.lastVisit(user.id, hidden, hiddenAt);
      const rest = f.pool.slice(0, 20);
      const times = rest.map((_, i) => ago(i + 2));
      for (const [i, bug] of rest.entries()) await app().seed.lastVisit(user.id, bug, times[i]);
      const visible = await app().get(URL, as(user));
      expect(visible.body).toHaveLength(20);
      expect(visible.body[0]).toEqual({ id: hidden, last_visit_ts: wire(hiddenAt) });

      await app().seed.bugGroup(hidden, 'secret');
      const list = await app().get(URL, as(user));
      expect(list.status).toBe(200);
      expect(list.body).toEqual(rest.map((id, i) => ({ id, last_visit_ts: wire(times[i]) })));
      const byId = await app().get(`${URL}/${hidden}`, as(user));
      expect(byId.body).toEqual([]);
      // A member of the group sees it again.
      await app().seed.userGroups(user.id, ['secret']);
      const member = await app().get(`${URL}/${hidden}`, as(user));
      expect(member.body).toEqual([{ id: hidden, last_visit_ts: wire(hiddenAt) }]);
    });

    it('shows restricted bugs by the same rule as POST: reporter_accessible, cclist_accessible, assignee', async () => {
      const s = f.secret;
      const all = [s.reporterOpen, s.reporterClosed, s.ccOpen, s.ccClosed, s.assignee, s.qaContact, f.twoGroups];
      for (const [i, bug] of all.entries()) await app().seed.lastVisit(f.visitor.id, bug, ago(i + 1));
      const response = await app().get(URL, as(f.visitor));
      expect(response.body.map((r: { id: number }) => r.id)).toEqual([s.reporterOpen, s.ccOpen, s.assignee]);
      await app().rows('DELETE FROM bug_user_last_visit WHERE user_id = ?', [f.visitor.id]);
    });
  });

  describe('npm run last-visit:purge', () => {
    it('deletes only the rows older than BZ_LAST_VISIT_KEEP_DAYS and prints how many', async () => {
      const user = await freshUser();
      const [a, b, c, d] = f.pool;
      const day = 24 * 60;
      const [monthOld, elevenDaysOld, nineDaysOld, fresh] = [30 * day, 10 * day + 60, 10 * day - 60, 1].map(ago);
      await app().seed.lastVisit(user.id, a, monthOld);
      await app().seed.lastVisit(user.id, b, elevenDaysOld);
      await app().seed.lastVisit(user.id, c, nineDaysOld);
      await app().seed.lastVisit(user.id, d, fresh);
      const before = await app().rows('SELECT COUNT(*) AS n FROM bug_user_last_visit');
      const keptElsewhere = Number(before[0].n) - 4;

      await run(process.execPath, ['scripts/build-if-needed.mjs'], { timeout: 120_000 });
      const { stdout } = await run(process.execPath, ['dist/src/cli/last-visit-purge.js'], {
        env: {
          ...process.env,
          DATABASE_URL: app().config.database.url,
          BZ_LAST_VISIT_KEEP_DAYS: '10',
          DB_MIGRATE: 'false',
          LOG_LEVEL: 'silent',
        },
        timeout: 60_000,
      });
      expect(stdout.trim()).toBe('Deleted 2 last-visit record(s) older than 10 day(s).');
      await expect(storedVisits(app(), user.id)).resolves.toEqual([
        { bug_id: c, ts: wire(nineDaysOld) },
        { bug_id: d, ts: wire(fresh) },
      ]);
      const after = await app().rows('SELECT COUNT(*) AS n FROM bug_user_last_visit');
      expect(Number(after[0].n)).toBe(keptElsewhere + 2);
    }, 180_000);
  });
});

forEachDialect(
  'bug_user_last_visit with useqacontact',
  (app) => {
    let f: Fixture;
    beforeAll(async () => {
      f = await seedFixture(app());
    });

    it('the QA contact is involved and sees a restricted bug', async () => {
      const ids = [f.qaOnly, f.secret.qaContact];
      const response = await app().post(URL, as(f.visitor, { body: { ids } }));
      expect(response.status).toBe(200);
      const ts = response.body[0].last_visit_ts;
      expect(response.body).toEqual(ids.map((id) => ({ id, last_visit_ts: ts })));
      await expect(storedVisits(app(), f.visitor.id)).resolves.toEqual(ids.map((bug_id) => ({ bug_id, ts })));
      const list = await app().get(URL, as(f.visitor));
      expect(list.body).toEqual([...ids].sort((x, y) => x - y).map((id) => ({ id, last_visit_ts: ts })));
    });

    it('other restricted bugs stay invisible', async () => {
      const response = await app().post(`${URL}/${f.secret.ccClosed}`, as(f.visitor));
      expect(response.status).toBe(401);
      expect(response.body).toEqual(denied(f.secret.ccClosed));
    });
  },
  { BZ_USEQACONTACT: '1' },
);

forEachDialect(
  'bug_user_last_visit with or_groups',
  (app) => {
    let f: Fixture;
    beforeAll(async () => {
      f = await seedFixture(app());
    });

    it('a bug in two groups is visible to a member of one of them', async () => {
      const response = await app().post(`${URL}/${f.twoGroups}`, as(f.visitor));
      expect(response.status).toBe(200);
      expect(response.body).toEqual([{ id: f.twoGroups, last_visit_ts: expect.stringMatching(TS) }]);
      const list = await app().get(URL, as(f.visitor));
      expect(list.body).toEqual(response.body);
    });

    it('a bug in one group the caller is not in stays invisible', async () => {
      const response = await app().post(`${URL}/${f.secret.ccClosed}`, as(f.visitor));
      expect(response.status).toBe(401);
      expect(response.body).toEqual(denied(f.secret.ccClosed));
    });
  },
  { BZ_OR_GROUPS: '1' },
);
