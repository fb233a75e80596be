import { MAX_KEYS_PER_TABLE, addRowKeys, mergeRowChanges, noRowChanges, tablesNamedBy } from './row-keys.js';

describe('the keys a row event names (SPEC §15)', () => {
  it('takes each table’s key column from the row image: ids as numbers, key texts as they are', () => {
    const changes = noRowChanges();
    addRowKeys(changes, 'components', { id: 7, product_id: 3, name: 'Core' });
    addRowKeys(changes, 'components', { id: 8, product_id: '4', name: 'UI' });
    addRowKeys(changes, 'user_api_keys', { id: 1, user_id: 2, api_key: 'AbC123' });
    addRowKeys(changes, 'group_group_map', { member_id: 16, grantor_id: 17, grant_type: 0 });
    expect(changes.keys).toEqual(
      new Map<string, Set<number | string>>([
        ['components', new Set([3, 4])],
        ['user_api_keys', new Set(['AbC123'])],
        ['group_group_map', new Set([16])],
      ]),
    );
    expect(changes.whole).toEqual(new Set());
  });

  it('reads a table whole when a row image lacks its key (a row image that is not FULL)', () => {
    const changes = noRowChanges();
    addRowKeys(changes, 'versions', { id: 1, product_id: 2 });
    addRowKeys(changes, 'versions', { id: 2, value: '1.0' });
    addRowKeys(changes, 'versions', { id: 3, product_id: 5 });
    expect([changes.whole, changes.keys]).toEqual([new Set(['versions']), new Map()]);
  });

  it('merges transactions: a table read whole in one stays whole', () => {
    const into = noRowChanges();
    addRowKeys(into, 'profiles', { userid: 1 });
    addRowKeys(into, 'products', { id: 9 });
    const next = noRowChanges();
    addRowKeys(next, 'profiles', { userid: 2 });
    next.whole.add('products');
    mergeRowChanges(into, next);
    expect([into.whole, into.keys]).toEqual([new Set(['products']), new Map([['profiles', new Set([1, 2])]])]);
  });

  it('reads a table whole past MAX_KEYS_PER_TABLE keys (a bulk change), in one transaction or merged', () => {
    const one = noRowChanges();
    for (let id = 1; id <= MAX_KEYS_PER_TABLE + 1; id++) addRowKeys(one, 'components', { product_id: id });
    expect([one.whole, one.keys]).toEqual([new Set(['components']), new Map()]);
    const merged = noRowChanges();
    for (let id = 1; id <= MAX_KEYS_PER_TABLE + 1; id++) {
      const next = noRowChanges();
      addRowKeys(next, 'profiles', { userid: id });
      mergeRowChanges(merged, next);
    }
    expect([merged.whole, merged.keys]).toEqual([new Set(['profiles']), new Map()]);
  });

  it('names the model tables a logged statement touches, and none for transaction control', () => {
    expect(tablesNamedBy('ALTER TABLE `components` ADD COLUMN x INT')).toEqual(['components']);
    expect(tablesNamedBy('TRUNCATE TABLE bugs.flagexclusions')).toEqual(['flagexclusions']);
    expect(tablesNamedBy('RENAME TABLE groups TO old_groups, new_groups TO groups')).toEqual(['groups']);
    expect(tablesNamedBy('CREATE TABLE bugs_activity (id INT)')).toEqual([]);
    expect(tablesNamedBy('BEGIN')).toEqual([]);
    expect(tablesNamedBy('COMMIT')).toEqual([]);
  });
});
