import { flagTargets, legalControls, shapeProblems } from './seed-validation.js';

describe('the seed shape check: every problem, by its path', () => {
  it('accepts an empty seed and every documented key', () => {
    expect(shapeProblems({})).toEqual([]);
    expect(
      shapeProblems({
        products: [
          { name: 'P', versions: ['1.0', { name: '2.0', is_active: false }], milestones: [{ name: 'M', sort_key: 5 }] },
        ],
        flag_types: [{ name: 'review', inclusions: ['P', 'P:C', { P: ['C'] }] }],
        last_visits: [{ user: 'a@b', bug: 1, last_visit_ts: '2026-01-02T03:04:05Z' }],
      }),
    ).toEqual([]);
  });

  it('names unknown keys, missing keys, wrong types and bad values by path', () => {
    expect(
      shapeProblems({
        product: [],
        users: [{ login: 'has space', api_key: 'x'.repeat(40) + 'y' }],
        products: [{ name: '', versions: [7], components: [{ name: 'C', default_assignee: 'a@b', is_active: 'yes' }] }],
        bugs: [{ id: 0, product: 'P', component: 'C', reporter: 'a@b', status: 'OPEN' }],
        last_visits: [{ user: 'a@b', bug: 1, last_visit_ts: 'yesterday' }],
      }),
    ).toEqual([
      'product: is not a known key',
      'users[0].login: must match pattern "^\\S+$"',
      'users[0].api_key: must match pattern "^[A-Za-z0-9]{40}$"',
      'products[0].name: must NOT have fewer than 1 characters',
      'products[0].versions[0]: must be a name or an object of the documented form',
      'products[0].components[0].is_active: must be boolean',
      'bugs[0].id: must be >= 1',
      'bugs[0].status: must be one of "UNCONFIRMED", "CONFIRMED", "IN_PROGRESS", "RESOLVED", "VERIFIED"',
      'last_visits[0].last_visit_ts: must match format "date-time"',
    ]);
    expect(shapeProblems([])).toEqual(['(the seed): must be object']);
  });
});

describe('seed rules taken from Bugzilla', () => {
  it("allows Bugzilla's member/other group control pairs only", () => {
    expect(legalControls('NA', 'NA')).toBe(true);
    expect(legalControls('Shown', 'Mandatory')).toBe(true);
    expect(legalControls('Default', 'NA')).toBe(true);
    expect(legalControls('Default', 'Shown')).toBe(false);
    expect(legalControls('NA', 'Shown')).toBe(false);
    expect(legalControls('Mandatory', 'NA')).toBe(false);
  });

  it('reads flag type targets in each form POST /rest/flag_type takes', () => {
    expect(flagTargets(['P', 'P:C', 'Q:', { R: ['C1', 'C2'], S: [] }])).toEqual([
      ['P', undefined],
      ['P', 'C'],
      ['Q', undefined],
      ['R', 'C1'],
      ['R', 'C2'],
      ['S', undefined],
    ]);
  });
});
