import { InformationSchemaSignal } from './change-signal.js';
import { MODEL_TABLES, type ModelReader } from './model-loader.js';

/**
 * The information_schema signal and a commit that publishes an UPDATE_TIME already seen: InnoDB's
 * UPDATE_TIME is the second of a transaction's first change, published at its commit, so a
 * transaction that began before a check and committed after it can leave the fingerprint as that
 * check saw it. A check made after a write passed to Bugzilla (`since`: when it was sent) counts
 * every table changed since then as changed.
 */
describe('InformationSchemaSignal', () => {
  /** information_schema.TABLES as the signal reads it: every model table last changed `age` seconds ago. */
  const tablesAged = (ages: Partial<Record<string, number>>): ModelReader => {
    const reader = async () =>
      MODEL_TABLES.map((name) => ({
        name,
        update_time: new Date('2026-11-27T17:00:00Z'),
        create_time: new Date('2026-11-01T00:00:00Z'),
        auto_increment: 10,
        table_rows: 5,
        age: ages[name] ?? 600,
        server: 'db:3306',
      }));
    return reader as ModelReader;
  };

  it('sees no change when the fingerprints are as last seen and no table was hot', async () => {
    let ages: Partial<Record<string, number>> = { components: 1 };
    const signal = new InformationSchemaSignal((sql) => tablesAged(ages)(sql));
    (await signal.changes()).accept();
    // components was hot (changed a second ago): read again once more, then no longer.
    ages = { components: 3 };
    const hotOnce = await signal.changes();
    expect(hotOnce.changed).toEqual(new Set(['components']));
    hotOnce.accept();
    expect((await signal.changes()).changed).toEqual(new Set());
  });

  it('after a passed write, counts as changed the tables changed since it was sent, though their fingerprints did not move', async () => {
    const ages = { components: 3 };
    const signal = new InformationSchemaSignal(tablesAged(ages));
    (await signal.changes()).accept();
    (await signal.changes()).accept();
    // The write was sent 2.5 s ago: a change of it is at most 4 s old; one of 3 s counts, others not.
    expect((await signal.changes(Date.now() - 2_500)).changed).toEqual(new Set(['components']));
    // Sent 0.2 s ago: a table last changed 3 s ago was not changed by it.
    expect((await signal.changes(Date.now() - 200)).changed).toEqual(new Set());
  });
});
