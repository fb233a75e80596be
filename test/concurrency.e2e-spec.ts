import { formatBugzillaDateTime } from '../src/database/dialect.js';
import { forEachDialect, type ApiResponse, type TestApp } from './support/test-app.js';
import { envelopeProblem, withKey } from './support/reliability.js';
import { itLeavesTheDatabaseConsistent } from './support/db-check.js';

/**
 * 50 writes at once — creates with colliding names, updates of one product,
 * renames racing the creates, visits of the same bugs by two users, some of them
 * invalid — leave the database consistent: unique names, one last-visit row per
 * (user, bug), every 2xx answer reflected in storage, every 4xx leaving no
 * trace, and never a 5xx. On SQLite the writes queue up; on MariaDB they race.
 */

const ROUNDS = 3;

interface Fixture {
  adminKey: string;
  users: { id: number; key: string }[];
  /** Bugs both users are involved with. */
  bugs: number[];
  /** A bug only bad batches name (user 0 is not involved with it). */
  foreignBug: number;
}

async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  const admin = await seed.user('admin@race.test', { groups: ['editcomponents'] });
  const users = [];
  for (const login of ['u0@race.test', 'u1@race.test']) {
    const id = await seed.user(login);
    users.push({ id, key: await seed.apiKey(id) });
  }
  const stranger = await seed.user('stranger@race.test');
  const product = await seed.product('Bugs Home');
  const component = await seed.component(product, 'main', { owner: admin });
  await seed.version(product, 'unspecified');
  await seed.milestone(product, '---');
  const bugs: number[] = [];
  for (let i = 0; i < 5; i++) {
    bugs.push(await seed.bug({ product, component, reporter: users[0].id, assignee: users[1].id }));
  }
  const foreignBug = await seed.bug({ product, component, reporter: stranger, assignee: users[1].id });
  return { adminKey: await seed.apiKey(admin), users, bugs, foreignBug };
}

type Kind = 'create' | 'update' | 'rename' | 'visit';

interface Sent {
  kind: Kind;
  /** create/rename: the name claimed; update: the description set; visit: the user. */
  detail: string | number;
  ids?: number[];
  res: ApiResponse;
}

/** Runs `items` in a deterministic shuffled order (the same for every run). */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

forEachDialect('50 concurrent mixed writes', (app) => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await seedFixture(app());
  });

  for (let round = 0; round < ROUNDS; round++) {
    it(`round ${round + 1}: the database is consistent afterwards, and every answer is true to it`, async () => {
      const a = app();
      await a.rows('DELETE FROM bug_user_last_visit');
      const target = await a.seed.product(`Updated ${round}`, { description: 'initial' });
      const renamed = await a.seed.product(`Renamed ${round}`);
      // Their default milestone, as every product has one.
      for (const id of [target, renamed]) await a.seed.milestone(id, '---');
      const raceNames = [0, 1, 2].map((i) => `Race ${round}-${i}`);
      const before = {
        products: await count(a, 'products'),
        versions: await count(a, 'versions'),
        milestones: await count(a, 'milestones'),
        categories: await count(a, 'series_categories'),
        creates: await count(a, 'audit_log', "class = 'Bugzilla::Product' AND field = '__create__'"),
      };

      const admin = (body: unknown) => withKey(fx.adminKey, { body });
      const jobs: (() => Promise<Sent>)[] = [];
      // 15 creates: three names, each claimed five times (exact, other case, padded).
      for (const name of raceNames) {
        for (const variant of [name, name.toUpperCase(), name.toLowerCase(), ` ${name} `, name]) {
          jobs.push(async () => ({
            kind: 'create',
            detail: variant.trim(),
            res: await a.post('/rest/product', admin({ name: variant, description: 'raced', version: '1.0' })),
          }));
        }
      }
      // 3 renames of another product to the first race name, racing its creates.
      for (let i = 0; i < 3; i++) {
        jobs.push(async () => ({
          kind: 'rename',
          detail: raceNames[0],
          res: await a.put(`/rest/product/${renamed}`, admin({ name: raceNames[0] })),
        }));
      }
      // 12 updates of one product, each to a description of its own.
      for (let i = 0; i < 12; i++) {
        const description = `description ${round}.${i}`;
        jobs.push(async () => ({
          kind: 'update',
          detail: description,
          res: await a.put(`/rest/product/${target}`, admin({ description, has_unconfirmed: i % 2 === 0 })),
        }));
      }
      // 20 visits by two users of overlapping bugs; every fifth one names a bug it must not (no trace allowed).
      for (let i = 0; i < 20; i++) {
        const user = fx.users[i % 2];
        const ids = fx.bugs.filter((_, b) => (b + i) % 3 !== 0).slice(0, 4);
        if (i % 5 === 4) ids.push(i % 2 === 0 ? fx.foreignBug : 99999);
        jobs.push(async () => ({
          kind: 'visit',
          detail: user.id,
          ids,
          res: await a.post('/rest/bug_user_last_visit', withKey(user.key, { body: { ids } })),
        }));
      }
      expect(jobs).toHaveLength(50);
      const sent = await Promise.all(shuffled(jobs, round + 7).map((job) => job()));

      // Never a 5xx; errors are the envelope.
      for (const { kind, detail, res } of sent) {
        expect({ kind, detail, status: res.status < 500 }).toEqual({ kind, detail, status: true });
        if (res.status >= 400)
          expect({ kind, detail, problem: envelopeProblem(res) }).toEqual({ kind, detail, problem: undefined });
      }

      // Names stay unique (as the database compares them).
      const names: { name: string }[] = await a.rows('SELECT name FROM products');
      const lowered = names.map((n) => n.name.toLowerCase());
      expect(lowered.length).toBe(new Set(lowered).size);

      // Each race name: exactly one claim won, the others got 702, and storage holds the winner.
      for (const name of raceNames) {
        const claims = sent.filter(
          (s) => (s.kind === 'create' || s.kind === 'rename') && String(s.detail).toLowerCase() === name.toLowerCase(),
        );
        const wins = claims.filter(
          (s) => s.res.status < 300 && (s.kind === 'create' || s.res.body.products[0].changes.name),
        );
        const stored: { id: number; name: string }[] = await a.rows(
          `SELECT id, name FROM products WHERE LOWER(name) = ?`,
          [name.toLowerCase()],
        );
        expect({ name, wins: wins.length, stored: stored.length }).toEqual({ name, wins: 1, stored: 1 });
        const winner = wins[0];
        const winnerId = winner.kind === 'create' ? winner.res.body.id : renamed;
        expect(Number(stored[0].id)).toBe(winnerId);
        expect(stored[0].name).toBe(winner.kind === 'create' ? winner.detail : name);
        for (const loser of claims.filter((c) => c !== winner)) {
          // A rename after the rename that won is a no-op (the product already has the name).
          if (loser.kind === 'rename' && winner.kind === 'rename' && loser.res.status === 200) {
            expect(loser.res.body).toEqual({ products: [{ id: renamed, changes: {} }] });
            continue;
          }
          expect({ name, status: loser.res.status, code: loser.res.body.code }).toEqual({
            name,
            status: 400,
            code: 702,
          });
        }
      }

      // Every 201 is a complete product; no failed create left a row anywhere.
      const created = sent.filter((s) => s.kind === 'create' && s.res.status === 201);
      for (const c of created) {
        const id = c.res.body.id;
        expect(await count(a, 'versions', 'product_id = ?', [id])).toBe(1);
        expect(await count(a, 'milestones', 'product_id = ?', [id])).toBe(1);
        expect(await count(a, 'series_categories', 'name = ?', [c.detail])).toBe(1);
      }
      expect({
        products: await count(a, 'products'),
        versions: await count(a, 'versions'),
        milestones: await count(a, 'milestones'),
        creates: await count(a, 'audit_log', "class = 'Bugzilla::Product' AND field = '__create__'"),
      }).toEqual({
        products: before.products + created.length,
        versions: before.versions + created.length,
        milestones: before.milestones + created.length,
        creates: before.creates + created.length,
      });
      // One category per new product, plus "-All-" the first time any product got series.
      expect((await count(a, 'series_categories')) - before.categories - created.length).toBeLessThanOrEqual(1);

      // The updates of one product: all succeeded, and their reports chain from the first value to the stored one.
      const updates = sent.filter((s) => s.kind === 'update');
      for (const u of updates)
        expect({ detail: u.detail, status: u.res.status }).toEqual({ detail: u.detail, status: 200 });
      const steps = new Map<string, string>();
      for (const u of updates) {
        const change = u.res.body.products[0].changes.description;
        expect(change.added).toBe(u.detail);
        expect(steps.has(change.removed)).toBe(false); // no two updates replaced the same value: none was lost
        steps.set(change.removed, change.added);
      }
      let value = 'initial';
      for (let i = 0; i < updates.length; i++) value = steps.get(value)!;
      const [stored] = await a.rows<{ description: string }>('SELECT description FROM products WHERE id = ?', [target]);
      expect(stored.description).toBe(value);
      const audit = await a.rows<{ removed: string; added: string }>(
        "SELECT removed, added FROM audit_log WHERE class = 'Bugzilla::Product' AND object_id = ? AND field = 'description'",
        [target],
      );
      expect(audit.map((r) => `${r.removed}→${r.added}`).sort()).toEqual(
        [...steps].map(([r, ad]) => `${r}→${ad}`).sort(),
      );

      // Visits: one row per (user, bug); exactly the bugs of the successful batches; times as answered.
      const visits = sent.filter((s) => s.kind === 'visit');
      for (const v of visits) {
        const bad = v.ids!.some((id) => !fx.bugs.includes(id));
        expect({ ids: v.ids, status: v.res.status }).toEqual({
          ids: v.ids,
          status: bad ? (v.ids!.includes(99999) ? 404 : 400) : 200,
        });
      }
      const rows: { user_id: number; bug_id: number; last_visit_ts: Date | string }[] = await a.rows(
        'SELECT user_id, bug_id, last_visit_ts FROM bug_user_last_visit',
      );
      const keys = rows.map((r) => `${r.user_id}/${r.bug_id}`);
      expect(keys.length).toBe(new Set(keys).size);
      for (const user of fx.users) {
        const answered = new Map<number, Set<string>>();
        for (const v of visits.filter((x) => x.detail === user.id && x.res.status === 200)) {
          for (const record of v.res.body as { id: number; last_visit_ts: string }[]) {
            if (!answered.has(record.id)) answered.set(record.id, new Set());
            answered.get(record.id)!.add(record.last_visit_ts);
          }
        }
        const mine = rows.filter((r) => Number(r.user_id) === user.id);
        expect(mine.map((r) => Number(r.bug_id)).sort((x, y) => x - y)).toEqual(
          [...answered.keys()].sort((x, y) => x - y),
        );
        for (const r of mine) expect(answered.get(Number(r.bug_id))).toContain(formatBugzillaDateTime(r.last_visit_ts));
      }
      expect(rows.filter((r) => Number(r.bug_id) === fx.foreignBug)).toEqual([]);
    }, 60_000);
  }

  itLeavesTheDatabaseConsistent(app);
});

async function count(app: TestApp, table: string, where = '1 = 1', params: unknown[] = []): Promise<number> {
  const rows: { n: number | string }[] = await app.rows(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`, params);
  return Number(rows[0].n);
}
