import type { DataSource } from 'typeorm';
import { onCommittedWrite, type WrittenTables } from './writes.js';

/** A data source whose one query runner records nothing and answers nothing. */
function fakeDataSource() {
  const runner = { isTransactionActive: false, query: async (_sql: string) => [] as unknown[] };
  const ds = { driver: { createQueryRunner: () => runner } } as unknown as DataSource;
  return { ds, runner: () => ds.driver.createQueryRunner('master') as unknown as typeof runner };
}

describe('onCommittedWrite: what this instance committed, for read-your-writes', () => {
  it('reports an autocommit write at once, with its table', async () => {
    const { ds, runner } = fakeDataSource();
    const seen: WrittenTables[] = [];
    onCommittedWrite(ds, (tables) => seen.push(tables));
    await runner().query('UPDATE user_api_keys SET last_used = NOW() WHERE id = ?');
    await runner().query('INSERT INTO `logincookies` (cookie) VALUES (?)');
    await runner().query('SELECT 1');
    expect(seen).toEqual([new Set(['user_api_keys']), new Set(['logincookies'])]);
  });

  it('reports a transaction once, at its COMMIT, with every table it wrote; a rollback reports nothing', async () => {
    const { ds, runner } = fakeDataSource();
    const seen: WrittenTables[] = [];
    onCommittedWrite(ds, (tables) => seen.push(tables));
    const r = runner();
    await r.query('START TRANSACTION');
    r.isTransactionActive = true;
    await r.query('INSERT INTO products (name) VALUES (?)');
    await r.query('DELETE FROM group_control_map WHERE product_id = ?');
    expect(seen).toEqual([]);
    await r.query('COMMIT');
    r.isTransactionActive = false;
    expect(seen).toEqual([new Set(['products', 'group_control_map'])]);

    await r.query('START TRANSACTION');
    r.isTransactionActive = true;
    await r.query('UPDATE products SET name = ?');
    await r.query('ROLLBACK');
    r.isTransactionActive = false;
    expect(seen).toHaveLength(1);
  });

  it('a statement whose table it cannot tell (DDL, multi-table) counts as any table', async () => {
    const { ds, runner } = fakeDataSource();
    const seen: WrittenTables[] = [];
    onCommittedWrite(ds, (tables) => seen.push(tables));
    await runner().query('TRUNCATE TABLE products');
    await runner().query('UPDATE products p JOIN components c ON c.product_id = p.id SET p.name = c.name');
    expect(seen).toEqual(['unknown', 'unknown']);
  });
});
