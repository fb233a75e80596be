#!/usr/bin/env node
// Fills a MariaDB/MySQL or PostgreSQL database with a large, deterministic Bugzilla data set for the benchmark.
//
//   npm run bench:data -- [--products 2000] [--components 50] [--versions 20] [--milestones 20]
//                         [--bugs 100000] [--users 1000] [--seed 1] [--force]
//
// DATABASE_URL (default mysql://root@127.0.0.1:3306/bzp_bench) names the database: a mysql:// (or
// mariadb://) URL for MariaDB/MySQL, a postgres:// (or postgresql://) one for PostgreSQL, which gets the
// same rows. It is dropped and created again, then the service's own migrations (from dist/) create the
// schema (Bugzilla's MySQL or Pg schema), and the rows go in with multi-row INSERTs; on PostgreSQL each id
// sequence is then moved past the ids written. A database whose name does not contain "bench" is only
// replaced with --force. What differs between the two databases is in bench/bench-database.mjs.
// The bench user's API key and the ids the benchmark needs go to bench/results/fixture.json (or the file
// BENCH_FIXTURE_FILE names: the scale curve keeps one per size).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { connect, databaseKind, recreateDatabase } from './bench-database.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(root, 'bench', 'results');
export const DEFAULT_DATABASE_URL = 'mysql://root@127.0.0.1:3306/bzp_bench';
export const BIG_PRODUCT = 'Bench Big';
export const BENCH_LOGIN = 'bench@bench.example';

const USAGE = `usage: npm run bench:data -- [--products N] [--components M] [--versions V] [--milestones K]
                          [--bugs B] [--users U] [--seed S] [--force]
  Every product gets M components, V versions and K milestones ('${BIG_PRODUCT}' among them).
  DATABASE_URL: mysql://user:pass@host:port/db or postgres://user:pass@host:port/db
                (default ${DEFAULT_DATABASE_URL}).`;

function parseArgs(argv) {
  const options = { products: 2000, components: 50, versions: 20, milestones: 20, bugs: 100_000, users: 1000, seed: 1, force: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (arg === '--force') {
      options.force = true;
      continue;
    }
    const [flag, inline] = arg.split('=', 2);
    const name = flag.replace(/^--/, '');
    if (!flag.startsWith('--') || !(name in options) || name === 'force') fail(`unknown option '${arg}'\n${USAGE}`);
    const raw = inline ?? argv[++i];
    if (!/^\d+$/.test(raw ?? '')) fail(`--${name} needs a whole number (got '${raw}')`);
    options[name] = Number(raw);
  }
  if (options.products < 10) fail('--products must be at least 10');
  if (options.products > 30_000) fail('--products must be at most 30000 (products.id is a smallint)');
  if (options.components < 12) fail('--components must be at least 12 (the flag-type rules use the first twelve)');
  if (options.versions < 1 || options.milestones < 1) fail('--versions and --milestones must be at least 1');
  if (options.users < 10) fail('--users must be at least 10');
  if (options.bugs < 100) fail('--bugs must be at least 100');
  return options;
}

function fail(message) {
  console.error(`bench:data: ${message}`);
  process.exit(2);
}

/** A small deterministic PRNG (mulberry32), so the same options give the same data. */
function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[next.int(list.length)];
  return next;
}

const pad = (n, width) => String(n).padStart(width, '0');

/** A 40-character alphanumeric API key derived from the seed, so a rerun gives the same keys. */
function apiKey(seed, userId) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = createHash('sha512').update(`bench-key:${seed}:${userId}`).digest();
  let key = '';
  for (let i = 0; i < 40; i++) key += alphabet[bytes[i] % alphabet.length];
  return key;
}

/** Creates the schema exactly as the service does: its own migrations, from the built dist/. */
async function migrate(databaseUrl) {
  const dist = (path) => new URL(`../dist/src/${path}`, import.meta.url).href;
  await import('reflect-metadata');
  const { loadConfig } = await import(dist('config/app-config.js'));
  const { buildDataSourceOptions } = await import(dist('database/data-source-options.js'));
  const { runMigrations } = await import(dist('database/run-migrations.js'));
  const { DataSource } = await import('typeorm');
  const config = loadConfig({ DATABASE_URL: databaseUrl });
  const ds = new DataSource(buildDataSourceOptions(config));
  await ds.initialize();
  try {
    const outcome = await runMigrations(ds, () => {});
    if (outcome !== 'migrated') fail(`migrations did not run on the new database (${outcome})`);
  } finally {
    await ds.destroy();
  }
}

/** Makes the rows, the same on every database; `db` is bench-database.mjs's connection. */
async function fill(db, o) {
  const rnd = random(o.seed);
  const counts = {};
  const put = async (table, columns, rows) => {
    counts[table] = (counts[table] ?? 0) + (await db.insert(table, columns, rows));
  };
  const now = Date.UTC(2026, 0, 1);
  const at = (msAgo) => new Date(now - msAgo);
  const DAY = 86_400_000;

  // --- classifications: the baseline's "Unclassified" (1) and four more.
  const [{ max_class: maxClass }] = await db.query('SELECT MAX(id) AS max_class FROM classifications');
  const classIds = [1];
  const classRows = [];
  for (let i = 1; i <= 4; i++) {
    classIds.push(maxClass + i);
    classRows.push([maxClass + i, `Bench Classification ${i}`, `Classification ${i} of the benchmark data.`, i * 10]);
  }
  await put('classifications', ['id', 'name', 'description', 'sortkey'], classRows);

  // --- groups: 20 product/bug groups, and "bench-parent", whose members are members of group 3 (inherited).
  const [{ max_group: maxGroup }] = await db.query('SELECT MAX(id) AS max_group FROM `groups`');
  const groupIds = Array.from({ length: 20 }, (_, i) => maxGroup + 1 + i);
  const parentGroup = maxGroup + 21;
  const groupRows = groupIds.map((id, i) => [id, `bench-group-${pad(i + 1, 2)}`, `Benchmark group ${i + 1}`, 1, '', 1]);
  groupRows.push([parentGroup, 'bench-parent', 'Members are members of bench-group-03', 1, '', 1]);
  await put('groups', ['id', 'name', 'description', 'isbuggroup', 'userregexp', 'isactive'], groupRows);
  // What Bugzilla's Group->create writes with each new group: the admin group is granted membership,
  // bless and visibility (grant types 0, 1, 2), so an admin sees and administers every product, and
  // the creation goes to audit_log.
  const [{ admin_group: adminGroup }] = await db.query("SELECT id AS admin_group FROM `groups` WHERE name = 'admin'");
  const adminGrants = groupRows.flatMap(([id]) => [0, 1, 2].map((grantType) => [adminGroup, id, grantType]));
  await put('group_group_map', ['member_id', 'grantor_id', 'grant_type'], [[parentGroup, groupIds[2], 0], ...adminGrants]);
  const groupAudit = groupRows.map(([id, name]) => [null, 'Bugzilla::Group', id, '__create__', null, name, at(400 * DAY)]);
  await put('audit_log', ['user_id', 'class', 'object_id', 'field', 'removed', 'added', 'at_time'], groupAudit);
  const g = (n) => groupIds[n - 1];
  // The bench user: directly in groups 1, 2, 5 and bench-parent, so in 1, 2, 3 (inherited) and 5.
  const benchGroups = [g(1), g(2), g(5), parentGroup];
  const benchEffective = new Set([g(1), g(2), g(3), g(5), parentGroup]);

  // --- users: user 1 is the bench user; every user has an API key.
  const userRows = [];
  const keyRows = [];
  const memberRows = [];
  for (let id = 1; id <= o.users; id++) {
    const login = id === 1 ? BENCH_LOGIN : `user${pad(id, 6)}@bench.example`;
    userRows.push([id, login, null, id === 1 ? 'Bench User' : `User ${id}`, '', 1]);
    keyRows.push([id, id, apiKey(o.seed, id), `bench key of ${login}`, 0, null]);
    const groups = id === 1 ? benchGroups : [...new Set(Array.from({ length: rnd.int(4) }, () => rnd.pick(groupIds)))];
    for (const group of groups) memberRows.push([id, group, 0, 0]);
  }
  await put('profiles', ['userid', 'login_name', 'cryptpassword', 'realname', 'disabledtext', 'is_enabled'], userRows);
  await put('user_api_keys', ['id', 'user_id', 'api_key', 'description', 'revoked', 'last_used'], keyRows);
  await put('user_group_map', ['user_id', 'group_id', 'isbless', 'grant_type'], memberRows);

  // --- products: product 1 is "Bench Big"; the others cycle through the visibility cases of SPEC §4.
  const productRows = [];
  const controlRows = [];
  const productCase = (pid) => (pid === 1 ? 'big' : ['public', 'public', 'public', 'public', 'mandatory-no-entry', 'mandatory-member', 'entry-only', 'mandatory-other', 'inactive', 'public'][pid % 10]);
  for (let pid = 1; pid <= o.products; pid++) {
    const kind = productCase(pid);
    const name = pid === 1 ? BIG_PRODUCT : `Bench Product ${pad(pid, 5)}`;
    const description = pid === 1 ? `The benchmark's large product: ${o.components} components, ${o.versions} versions, ${o.milestones} milestones.` : `Product ${pid} of the benchmark data (${kind}).`;
    productRows.push([pid, name, pid === 1 ? 1 : classIds[pid % classIds.length], description, kind === 'inactive' ? 0 : 1, '---', pid % 3 === 0 ? 0 : 1]);
    // [group_id, product_id, entry, membercontrol, othercontrol, canedit, editcomponents, editbugs, canconfirm]
    if (kind === 'big') {
      controlRows.push([g(1), pid, 0, 3, 3, 0, 0, 0, 0]); // MANDATORY on a group of the bench user
      controlRows.push([g(3), pid, 1, 0, 0, 0, 0, 0, 0]); // entry group reached only through bench-parent
    } else if (kind === 'mandatory-member') {
      controlRows.push([rnd.pick([g(1), g(2), g(5)]), pid, 1, 3, 3, 0, 0, 0, 0]);
      controlRows.push([rnd.pick([g(10), g(11)]), pid, 0, 1, 1, 0, 0, 0, 0]); // a SHOWN group: no restriction
    } else if (kind === 'entry-only') {
      controlRows.push([rnd.pick(groupIds), pid, 1, 0, 0, 0, 0, 0, 0]);
    } else if (kind === 'mandatory-no-entry') {
      // Not selectable for a non-member (MANDATORY), but enterable: no entry group (SPEC §4).
      controlRows.push([rnd.pick(groupIds.slice(10)), pid, 0, 3, 3, 0, 0, 0, 0]);
    } else if (kind === 'mandatory-other') {
      controlRows.push([rnd.pick(groupIds.slice(10)), pid, 1, 3, 3, 0, 0, 0, 0]);
    }
  }
  await put('products', ['id', 'name', 'classification_id', 'description', 'isactive', 'defaultmilestone', 'allows_unconfirmed'], productRows);
  await put('group_control_map', ['group_id', 'product_id', 'entry', 'membercontrol', 'othercontrol', 'canedit', 'editcomponents', 'editbugs', 'canconfirm'], controlRows);

  // --- components, versions, milestones: ids are (product - 1) * count + index, inserted in a shuffled name order.
  const componentId = (pid, j) => (pid - 1) * o.components + j + 1;
  const versionName = (j) => (j === 0 ? 'unspecified' : j % 5 === 4 ? `${1 + Math.floor(j / 10)}.${j % 10}-beta` : `${1 + Math.floor(j / 10)}.${j % 10 === 9 ? 10 : j % 10}`);
  const versionNames = [...new Set(Array.from({ length: o.versions * 2 }, (_, j) => versionName(j)))].slice(0, o.versions);
  const components = [];
  const versions = [];
  const milestones = [];
  for (let pid = 1; pid <= o.products; pid++) {
    for (let j = 0; j < o.components; j++) {
      // Names out of id order, so that "ordered by name" has work to do.
      const n = (j * 7) % o.components;
      components.push([componentId(pid, j), `Component ${pad(n, 3)}${n % 4 === 0 ? ' (legacy)' : ''}`, pid, 2 + ((pid * 31 + j) % (o.users - 1)), j % 3 === 0 ? null : 2 + ((pid * 17 + j) % (o.users - 1)), `Component ${n} of product ${pid}.`, j % 10 === 9 ? 0 : 1]);
    }
    // Some public products have no active version: selectable, not enterable.
    const activeAtAll = pid % 50 !== 10;
    for (let j = 0; j < o.versions; j++) {
      versions.push([(pid - 1) * o.versions + j + 1, versionNames[(j * 3) % o.versions] ?? `v${j}`, pid, activeAtAll && j % 7 !== 6 ? 1 : 0]);
    }
    for (let j = 0; j < o.milestones; j++) {
      milestones.push([(pid - 1) * o.milestones + j + 1, pid, j === 0 ? '---' : `M${pad(o.milestones - j, 3)}`, j === 0 ? 0 : (j % 5) * 10, j % 6 === 5 ? 0 : 1]);
    }
  }
  // A duplicate-free name per (product, version) is required by the unique key.
  const seen = new Set();
  for (const row of versions) {
    while (seen.has(`${row[2]}\u0000${row[1]}`)) row[1] = `${row[1]}.x`;
    seen.add(`${row[2]}\u0000${row[1]}`);
  }
  await put('components', ['id', 'name', 'product_id', 'initialowner', 'initialqacontact', 'description', 'isactive'], components);
  await put('versions', ['id', 'value', 'product_id', 'isactive'], versions);
  await put('milestones', ['id', 'product_id', 'value', 'sortkey', 'isactive'], milestones);

  // --- flag types with inclusions and exclusions (product NULL / component NULL mean "any").
  const flagTypes = [
    // [id, name, description, cc_list, target_type, is_active, is_requestable, is_requesteeble, is_multiplicable, sortkey, grant_group_id, request_group_id]
    [1, 'review', 'Code review', null, 'a', 1, 1, 1, 1, 10, null, null],
    [2, 'needinfo', 'More information is needed', null, 'b', 1, 1, 1, 1, 20, null, null],
    [3, 'approval', 'Release approval', 'release@bench.example', 'b', 1, 1, 0, 0, 30, g(1), g(2)],
    [4, 'qa-verified', 'Verified by QA', null, 'b', 1, 0, 0, 0, 40, g(5), null],
    [5, 'feedback', 'Feedback wanted', null, 'a', 1, 1, 1, 0, 10, null, null],
    [6, 'blocking-release', 'Blocks the release', null, 'b', 0, 1, 0, 0, 50, null, g(3)],
    [7, 'ui-review', 'UI review', null, 'a', 1, 1, 1, 1, 20, null, null],
    [8, 'security-approval', 'Security sign-off', 'security@bench.example', 'b', 1, 1, 0, 0, 60, g(1), g(1)],
  ];
  for (let i = 9; i <= 24; i++) flagTypes.push([i, `bench-flag-${pad(i, 2)}`, `Flag type ${i}`, null, i % 2 ? 'a' : 'b', 1, 1, 0, 0, 100 + i, null, null]);
  const c = (j) => componentId(1, j);
  const inclusions = [
    [1, null, null], // everywhere
    [2, null, null], // everywhere but excluded below
    [3, 1, null], // the whole big product
    [4, 1, c(0)], [4, 1, c(1)], [4, 1, c(2)], [4, 1, c(3)], [4, 1, c(4)], // some of its components
    [5, 1, null],
    [6, 1, null],
    [7, null, null],
    [8, 1, c(5)], [8, 1, c(6)],
  ];
  const exclusions = [
    [2, 1, c(7)], // needinfo: not on one component of the big product
    [3, 1, c(8)], [3, 1, c(9)],
    [5, 1, c(10)],
    [7, 1, null], // ui-review: nowhere in the big product
    [1, null, c(11)],
  ];
  // Other flag types apply to a spread of other products, so the rule tables grow with the data.
  for (let pid = 2; pid <= o.products; pid++) {
    if (pid % 4 === 0) inclusions.push([9 + (pid % 16), pid, null]);
    if (pid % 16 === 0) exclusions.push([2, pid, componentId(pid, pid % o.components)]);
  }
  await put('flagtypes', ['id', 'name', 'description', 'cc_list', 'target_type', 'is_active', 'is_requestable', 'is_requesteeble', 'is_multiplicable', 'sortkey', 'grant_group_id', 'request_group_id'], flagTypes);
  await put('flaginclusions', ['type_id', 'product_id', 'component_id'], inclusions);
  await put('flagexclusions', ['type_id', 'product_id', 'component_id'], exclusions);

  // --- bugs, CC lists, bug groups. About 2% of bugs involve the bench user.
  const statuses = ['UNCONFIRMED', 'CONFIRMED', 'IN_PROGRESS', 'RESOLVED', 'VERIFIED'];
  const bugColumns = ['bug_id', 'assigned_to', 'bug_file_loc', 'bug_severity', 'bug_status', 'creation_ts', 'delta_ts', 'short_desc', 'op_sys', 'priority', 'product_id', 'rep_platform', 'reporter', 'version', 'component_id', 'resolution', 'target_milestone', 'qa_contact', 'status_whiteboard', 'everconfirmed', 'reporter_accessible', 'cclist_accessible'];
  // Bugs the bench user is involved in. reporter_accessible and cclist_accessible are 1 on every bug, so
  // each of them is visible to the bench user whatever its groups (SPEC §6) and may be marked as visited.
  const involved = [];
  let bugRows = [];
  let ccRows = [];
  let bugGroupRows = [];
  const flushBugs = async () => {
    await put('bugs', bugColumns, bugRows);
    await put('cc', ['bug_id', 'who'], ccRows);
    await put('bug_group_map', ['bug_id', 'group_id'], bugGroupRows);
    bugRows = [];
    ccRows = [];
    bugGroupRows = [];
  };
  const otherUser = () => 2 + rnd.int(o.users - 1);
  for (let id = 1; id <= o.bugs; id++) {
    const pid = rnd() < 0.05 ? 1 : 1 + rnd.int(o.products);
    const role = rnd() < 0.02 ? rnd.pick(['reporter', 'assignee', 'cc']) : null;
    const reporter = role === 'reporter' ? 1 : otherUser();
    const assignee = role === 'assignee' ? 1 : otherUser();
    const status = rnd.pick(statuses);
    const created = at(rnd.int(3 * 365) * DAY + rnd.int(DAY));
    bugRows.push([id, assignee, '', 'normal', status, created, new Date(created.getTime() + rnd.int(30) * DAY), `Bench bug ${id}: something is not right in component ${rnd.int(o.components)}`, 'All', '---', pid, 'All', reporter, versionNames[0], componentId(pid, rnd.int(o.components)), status === 'RESOLVED' || status === 'VERIFIED' ? 'FIXED' : '', '---', rnd() < 0.3 ? otherUser() : null, '', 1, 1, 1]);
    const ccs = new Set(Array.from({ length: rnd.int(3) }, otherUser));
    if (role === 'cc') ccs.add(1);
    for (const who of ccs) ccRows.push([id, who]);
    const groups = rnd() < 0.15 ? new Set(Array.from({ length: 1 + rnd.int(2) }, () => rnd.pick(groupIds))) : new Set();
    for (const group of groups) bugGroupRows.push([id, group]);
    if (role) involved.push(id);
    if (bugRows.length >= 10_000) await flushBugs();
  }
  await flushBugs();

  // --- last visits: the bench user visited every bug it is involved in; everyone else a few bugs.
  const visitRows = [];
  const seenVisit = new Set();
  for (const bugId of involved) {
    visitRows.push([1, bugId, at(rnd.int(90 * DAY))]);
  }
  for (let user = 2; user <= o.users; user++) {
    for (let k = 0; k < 5; k++) {
      const bugId = 1 + rnd.int(o.bugs);
      if (seenVisit.has(`${user}:${bugId}`)) continue;
      seenVisit.add(`${user}:${bugId}`);
      visitRows.push([user, bugId, at(rnd.int(90 * DAY))]);
    }
  }
  await put('bug_user_last_visit', ['user_id', 'bug_id', 'last_visit_ts'], visitRows);

  return { counts, benchKey: apiKey(o.seed, 1), visitBugIds: involved.slice(0, 200), benchGroups: [...benchEffective] };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  let url;
  try {
    url = new URL(databaseUrl);
  } catch {
    fail(`DATABASE_URL is not a URL: '${databaseUrl}'`);
  }
  if (!databaseKind(url)) fail(`DATABASE_URL must be a mysql:// or postgres:// URL (got '${url.protocol}//…')`);
  // The schema comes from the built service; build it before anything is dropped.
  if (process.env.BENCH_NO_BUILD !== '1') {
    execFileSync(process.execPath, [join(root, 'scripts', 'build-if-needed.mjs')], { cwd: root, stdio: 'inherit' });
  }
  const started = Date.now();
  const database = await recreateDatabase(url, options.force, fail);
  await migrate(databaseUrl);
  const migrated = Date.now();

  const db = await connect(url);
  let result;
  try {
    await db.begin();
    result = await fill(db, options);
    await db.commit();
    // MariaDB: the checks back on and ANALYZE TABLE; PostgreSQL: the id sequences moved on and ANALYZE.
    await db.finish(Object.keys(result.counts));
  } finally {
    await db.end();
  }
  const seconds = (Date.now() - migrated) / 1000;
  const rows = Object.values(result.counts).reduce((a, b) => a + b, 0);

  const fixture = {
    databaseUrl,
    database,
    options: { ...options, force: undefined },
    createdAt: new Date().toISOString(),
    benchUser: { login: BENCH_LOGIN, id: 1, apiKey: result.benchKey, groupIds: result.benchGroups },
    bigProduct: BIG_PRODUCT,
    visitBugIds: result.visitBugIds,
    rowCounts: result.counts,
  };
  mkdirSync(RESULTS, { recursive: true });
  const fixtureFile = process.env.BENCH_FIXTURE_FILE || join(RESULTS, 'fixture.json');
  writeFileSync(fixtureFile, `${JSON.stringify(fixture, null, 2)}\n`);

  console.log(`Database ${database}: schema by the service's migrations in ${((migrated - started) / 1000).toFixed(1)} s, ${rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s.`);
  for (const [table, n] of Object.entries(fixture.rowCounts)) console.log(`  ${table.padEnd(20)} ${String(n).padStart(9)}`);
  console.log(`Bench user ${BENCH_LOGIN} (groups ${result.benchGroups.join(', ')}), API key: ${result.benchKey}`);
  console.log(`Written: ${fixtureFile}`);
}

main().catch((error) => {
  console.error(`bench:data failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
