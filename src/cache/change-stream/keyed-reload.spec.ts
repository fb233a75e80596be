import type { ModelReader, ProductRecord, TableIndexes } from '../model-loader.js';
import { committedReader, reloadKeys } from './keyed-reload.js';

/** A reader that answers every statement with `rows`, and keeps the statements it was sent. */
function readerOf(rows: object[]): { read: ModelReader; statements: string[] } {
  const statements: string[] = [];
  const read = (async (sql: string) => {
    statements.push(sql);
    return rows.map((row) => ({ ...row }));
  }) as ModelReader;
  return { read, statements };
}

function product(id: number, name: string, rank: number, description = `${name} description`): ProductRecord {
  return {
    id,
    name,
    description,
    isactive: 1,
    defaultmilestone: '---',
    allows_unconfirmed: 1,
    classification_id: 1,
    rank,
  };
}

function products(...list: ProductRecord[]): TableIndexes['products'] {
  return {
    all: list,
    byId: new Map(list.map((p) => [p.id, p])),
    byLowerName: new Map(list.map((p) => [p.name.toLowerCase(), [p]])),
  };
}

describe('rows read again by the keys the binary log named (SPEC §15)', () => {
  it('reads with a locking read that waits at most a second, and plainly when another transaction holds the lock', async () => {
    const sent: string[] = [];
    let locked = true;
    const read = committedReader((async (sql: string) => {
      sent.push(sql);
      if (locked && sql.endsWith('LOCK IN SHARE MODE WAIT 1')) {
        locked = false;
        throw Object.assign(new Error('Lock wait timeout exceeded'), { errno: 1205 });
      }
      return [];
    }) as ModelReader);
    await read('SELECT 1 FROM groups');
    await read('SELECT 2 FROM groups');
    expect(sent).toEqual([
      'SELECT 1 FROM groups LOCK IN SHARE MODE WAIT 1',
      'SELECT 1 FROM groups',
      'SELECT 2 FROM groups LOCK IN SHARE MODE WAIT 1',
    ]);
  });

  it('a product changed in place keeps its rank in the name order; the others are shared', async () => {
    const current = products(product(1, 'Alpha', 0), product(2, 'Beta', 1));
    const { read, statements } = readerOf([product(2, 'Beta', 0, 'Changed')]);
    const merged = (await reloadKeys('products', current, new Set([2]), committedReader(read)))!;
    expect(statements).toEqual([expect.stringMatching(/WHERE p\.id IN \(2\) ORDER BY .* LOCK IN SHARE MODE WAIT 1$/s)]);
    expect(merged.all.map((p) => [p.id, p.rank, p.description])).toEqual([
      [1, 0, 'Alpha description'],
      [2, 1, 'Changed'],
    ]);
    expect(merged.all[0]).toBe(current.all[0]);
    expect(merged.byLowerName.get('beta')).toEqual([merged.byId.get(2)]);
    expect(current.byId.get(2)!.description).toBe('Beta description');
  });

  it('a product renamed, added or deleted: the table is read whole instead (its place is the collation’s to say)', async () => {
    const current = products(product(1, 'Alpha', 0));
    expect(await reloadKeys('products', current, new Set([1]), readerOf([product(1, 'Zulu', 0)]).read)).toBeUndefined();
    expect(await reloadKeys('products', current, new Set([9]), readerOf([product(9, 'New', 0)]).read)).toBeUndefined();
    expect(await reloadKeys('products', current, new Set([1]), readerOf([]).read)).toBeUndefined();
  });

  it('flag types are always read whole', async () => {
    const { read, statements } = readerOf([]);
    expect(await reloadKeys('flagtypes', [], new Set([1]), read)).toBeUndefined();
    expect(statements).toEqual([]);
  });

  it("a flag type's rules are those read now; the other types' rules stay", async () => {
    const rule = (type_id: number, product_id: number) => ({ excluded: 0, type_id, product_id, component_id: null });
    const current = [rule(1, 10), rule(2, 10), rule(2, 11)];
    const { read } = readerOf([rule(2, 12)]);
    expect(await reloadKeys('flaginclusions', current, new Set([2]), read)).toEqual([rule(1, 10), rule(2, 12)]);
  });

  it('a map by key: the keys named take the rows read now, or go; texts are escaped as values', async () => {
    const current = new Map([
      ['key-a', { id: 1, user_id: 5, revoked: 0 }],
      ["it's", { id: 2, user_id: 5, revoked: 0 }],
    ]);
    const { read, statements } = readerOf([{ id: 1, user_id: 5, api_key: 'key-a', revoked: 1 }]);
    const merged = await reloadKeys('user_api_keys', current, new Set(['key-a', "it's"]), read);
    expect(new Map(merged)).toEqual(new Map([['key-a', { id: 1, user_id: 5, revoked: 1 }]]));
    expect(statements[0]).toContain("WHERE api_key IN ('key-a', 'it\\'s')");
  });

  it('a map by key comes back as it was when the rows read are those it holds (an API key used: last_used is not kept)', async () => {
    const current = new Map([['key-a', { id: 1, user_id: 5, revoked: 0 }]]);
    const { read } = readerOf([{ id: 1, user_id: 5, api_key: 'key-a', revoked: 0 }]);
    expect(await reloadKeys('user_api_keys', current, new Set(['key-a']), read)).toBe(current);
  });
});
