import Database from 'better-sqlite3';
import fc from 'fast-check';
import type { AuthUser } from '../auth/auth-user.js';
import type { AppConfig, BugzillaParams } from '../config/app-config.js';
import { BugVisibility } from './bug-visibility.js';

/**
 * The visibility and involvement fragments, run by SQLite against the few
 * columns they read, compared with Bugzilla's rule written out case by case
 * (User.pm visible_bugs / is_involved_in_bug). The e2e suite runs them on MariaDB.
 */
interface BugFacts {
  created: boolean;
  groups: number[];
  reporter: number;
  assignee: number;
  qaContact: number | null;
  reporterAccessible: boolean;
  cclistAccessible: boolean;
  cc: number[];
}

const db = new Database(':memory:');
db.exec(`
  CREATE TABLE bugs (bug_id INTEGER PRIMARY KEY, creation_ts TEXT, reporter INTEGER NOT NULL,
    assigned_to INTEGER NOT NULL, qa_contact INTEGER, reporter_accessible INTEGER NOT NULL,
    cclist_accessible INTEGER NOT NULL);
  CREATE TABLE bug_group_map (bug_id INTEGER NOT NULL, group_id INTEGER NOT NULL);
  CREATE TABLE cc (bug_id INTEGER NOT NULL, who INTEGER NOT NULL);
`);

function store(bug: BugFacts): void {
  db.exec('DELETE FROM bugs; DELETE FROM bug_group_map; DELETE FROM cc;');
  db.prepare('INSERT INTO bugs VALUES (1, ?, ?, ?, ?, ?, ?)').run(
    bug.created ? '2026-01-01 00:00:00' : null,
    bug.reporter,
    bug.assignee,
    bug.qaContact,
    bug.reporterAccessible ? 1 : 0,
    bug.cclistAccessible ? 1 : 0,
  );
  for (const group of bug.groups) db.prepare('INSERT INTO bug_group_map VALUES (1, ?)').run(group);
  for (const who of bug.cc) db.prepare('INSERT INTO cc VALUES (1, ?)').run(who);
}

function rule(params: Partial<BugzillaParams>): BugVisibility {
  const full: BugzillaParams = {
    useqacontact: false,
    or_groups: false,
    makeproductgroups: false,
    requirelogin: false,
    useclassification: false,
    allowbugdeletion: false,
  };
  return new BugVisibility({ params: { ...full, ...params } } as AppConfig);
}

function user(id: number, groups: number[] = []): AuthUser {
  return { id, login: `u${id}@example.com`, realName: '', groupIds: new Set(groups), groupNames: new Set() };
}

function sqlSays(visibility: BugVisibility, who: AuthUser, kind: 'visible' | 'involved'): boolean {
  const fragment = visibility[kind](who, 'b');
  const row = db
    .prepare(`SELECT COUNT(*) AS n FROM bugs b WHERE ${fragment.sql}`)
    .get(...(fragment.params as number[]));
  return (row as { n: number }).n === 1;
}

/** Bugzilla's rule, spelled out (reference/bugzilla-facts.md §6.7, §6.2). */
function expectedVisible(bug: BugFacts, who: AuthUser, params: Partial<BugzillaParams>): boolean {
  const groupsOk = params.or_groups
    ? bug.groups.length === 0 || bug.groups.some((g) => who.groupIds.has(g))
    : bug.groups.every((g) => who.groupIds.has(g));
  const personal =
    (bug.reporter === who.id && bug.reporterAccessible) ||
    bug.assignee === who.id ||
    (!!params.useqacontact && bug.qaContact === who.id) ||
    (bug.cclistAccessible && bug.cc.includes(who.id));
  return (params.or_groups || bug.created) && (groupsOk || personal);
}

function expectedInvolved(bug: BugFacts, who: AuthUser, params: Partial<BugzillaParams>): boolean {
  return (
    bug.reporter === who.id ||
    bug.assignee === who.id ||
    (!!params.useqacontact && bug.qaContact === who.id) ||
    bug.cc.includes(who.id)
  );
}

const public1: BugFacts = {
  created: true,
  groups: [],
  reporter: 2,
  assignee: 3,
  qaContact: 4,
  reporterAccessible: true,
  cclistAccessible: true,
  cc: [5],
};

describe('BugVisibility', () => {
  afterAll(() => db.close());

  it('a bug without groups is visible to everyone, even a user in no group', () => {
    store(public1);
    expect(sqlSays(rule({}), user(9), 'visible')).toBe(true);
  });

  it('a bug in two groups needs both groups without or_groups, one of them with or_groups', () => {
    store({ ...public1, groups: [10, 11] });
    expect(sqlSays(rule({}), user(9, [10]), 'visible')).toBe(false);
    expect(sqlSays(rule({}), user(9, [10, 11]), 'visible')).toBe(true);
    expect(sqlSays(rule({ or_groups: true }), user(9, [10]), 'visible')).toBe(true);
    expect(sqlSays(rule({ or_groups: true }), user(9, [12]), 'visible')).toBe(false);
  });

  it('the reporter sees a restricted bug only with reporter_accessible', () => {
    store({ ...public1, groups: [10] });
    expect(sqlSays(rule({}), user(2), 'visible')).toBe(true);
    store({ ...public1, groups: [10], reporterAccessible: false });
    expect(sqlSays(rule({}), user(2), 'visible')).toBe(false);
  });

  it('a CC member sees a restricted bug only with cclist_accessible', () => {
    store({ ...public1, groups: [10] });
    expect(sqlSays(rule({}), user(5), 'visible')).toBe(true);
    store({ ...public1, groups: [10], cclistAccessible: false });
    expect(sqlSays(rule({}), user(5), 'visible')).toBe(false);
  });

  it('the QA contact sees and is involved only with useqacontact', () => {
    store({ ...public1, groups: [10] });
    expect(sqlSays(rule({}), user(4), 'visible')).toBe(false);
    expect(sqlSays(rule({}), user(4), 'involved')).toBe(false);
    expect(sqlSays(rule({ useqacontact: true }), user(4), 'visible')).toBe(true);
    expect(sqlSays(rule({ useqacontact: true }), user(4), 'involved')).toBe(true);
  });

  it('a bug without a creation time is invisible unless or_groups is on', () => {
    store({ ...public1, created: false });
    expect(sqlSays(rule({}), user(3), 'visible')).toBe(false);
    expect(sqlSays(rule({ or_groups: true }), user(3), 'visible')).toBe(true);
  });

  it('matches the rule for any bug, user and settings', () => {
    const person = fc.integer({ min: 1, max: 4 });
    const groups = fc.uniqueArray(fc.integer({ min: 10, max: 13 }), { maxLength: 4 });
    const bug = fc.record({
      created: fc.boolean(),
      groups,
      reporter: person,
      assignee: person,
      qaContact: fc.option(person, { nil: null }),
      reporterAccessible: fc.boolean(),
      cclistAccessible: fc.boolean(),
      cc: fc.uniqueArray(person, { maxLength: 4 }),
    });
    const params = fc.record({ or_groups: fc.boolean(), useqacontact: fc.boolean() });
    fc.assert(
      fc.property(bug, person, groups, params, (facts, id, userGroups, settings) => {
        store(facts);
        const who = user(id, userGroups);
        const visibility = rule(settings);
        expect(sqlSays(visibility, who, 'visible')).toBe(expectedVisible(facts, who, settings));
        expect(sqlSays(visibility, who, 'involved')).toBe(expectedInvolved(facts, who, settings));
      }),
      { numRuns: 500 },
    );
  });
});
