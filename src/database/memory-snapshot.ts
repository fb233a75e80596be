import type { DataSource } from 'typeorm';

/** Every row of every table of an embedded database, as read at one moment. */
export interface Snapshot {
  tables: { name: string; columns: string[]; rows: unknown[][] }[];
}

/** SQLite's limit on bound values in one statement is far above this; rows go in batches. */
const ROWS_PER_INSERT = 200;

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Reads the whole embedded (SQLite) database: the tables' rows and `sqlite_sequence` (the
 * AUTOINCREMENT counters), so that a restore gives the next row the same id as the first time.
 * Meant for the small databases of tests (`--database memory`), where this takes milliseconds.
 */
export async function takeSnapshot(ds: DataSource): Promise<Snapshot> {
  if (ds.options.type !== 'better-sqlite3') throw new Error('Snapshots are for the embedded (SQLite) database only');
  const names: { name: string }[] = await ds.query(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND (name NOT LIKE 'sqlite_%' OR name = 'sqlite_sequence') ORDER BY name",
  );
  const tables: Snapshot['tables'] = [];
  for (const { name } of names) {
    const rows: Record<string, unknown>[] = await ds.query(`SELECT * FROM ${quote(name)}`);
    const info: { name: string }[] = await ds.query(`PRAGMA table_info(${quote(name)})`);
    const columns = info.map((c) => c.name);
    tables.push({ name, columns, rows: rows.map((row) => columns.map((c) => row[c])) });
  }
  return { tables };
}

/**
 * Puts the database back as the snapshot found it, in one transaction (foreign keys checked at
 * its commit). Every write goes through the data source, so the in-memory model hears of it.
 */
export async function restoreSnapshot(ds: DataSource, snapshot: Snapshot): Promise<void> {
  await ds.transaction(async (manager) => {
    await manager.query('PRAGMA defer_foreign_keys = ON');
    for (const table of snapshot.tables) await manager.query(`DELETE FROM ${quote(table.name)}`);
    for (const table of snapshot.tables) {
      const tuple = `(${table.columns.map(() => '?').join(', ')})`;
      const columns = table.columns.map(quote).join(', ');
      for (let i = 0; i < table.rows.length; i += ROWS_PER_INSERT) {
        const batch = table.rows.slice(i, i + ROWS_PER_INSERT);
        await manager.query(
          `INSERT INTO ${quote(table.name)} (${columns}) VALUES ${batch.map(() => tuple).join(', ')}`,
          batch.flat(),
        );
      }
    }
  });
}
