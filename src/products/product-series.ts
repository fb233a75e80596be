import type { EntityManager } from 'typeorm';
import { dialectOf } from '../database/dialect.js';
import { insertReturningId } from '../database/writes.js';

/**
 * The "New Charts" series Bugzilla creates with a product (SPEC §5.3): one per
 * active bug status, one per active non-empty resolution, and "All Open", under
 * a category named after the product and the subcategory "-All-".
 */

export const SERIES_SUBCATEGORY = '-All-';
export const SERIES_ALL_OPEN = 'All Open';

export interface SeriesDefinition {
  name: string;
  query: string;
}

/** Bugzilla's url_quote: every byte of the UTF-8 text except A-Z a-z 0-9 _ - . as %XX (upper case). */
export function urlQuote(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The series of a product, in Bugzilla's order: statuses, resolutions, then "All Open". */
export function seriesDefinitions(
  product: string,
  statuses: string[],
  resolutions: string[],
  openStatuses: string[],
): SeriesDefinition[] {
  const suffix = `&product=${urlQuote(product)}`;
  const series: SeriesDefinition[] = [
    ...statuses.map((value) => ({ name: value, query: `bug_status=${urlQuote(value)}${suffix}` })),
    ...resolutions
      .filter((value) => value !== '')
      .map((value) => ({ name: value, query: `resolution=${urlQuote(value)}${suffix}` })),
  ];
  const allOpen = openStatuses.map((value) => `bug_status=${urlQuote(value)}`).join('&');
  series.push({ name: SERIES_ALL_OPEN, query: `${allOpen}${suffix}` });
  return series;
}

/** The id of the `series_categories` row named `name`, created when missing. */
async function categoryId(em: EntityManager, name: string): Promise<number> {
  const rows: { id: number }[] = await em.query('SELECT id FROM series_categories WHERE name = ?', [name]);
  if (rows.length > 0) return Number(rows[0].id);
  return await insertReturningId(em, 'INSERT INTO series_categories (name) VALUES (?)', [name]);
}

/**
 * Writes the product's series in one statement. A series that already exists
 * (same category, subcategory and name: a category left behind by an older
 * product of that name) is updated instead, as Bugzilla does.
 */
export async function createProductSeries(em: EntityManager, product: string, creatorId: number): Promise<void> {
  const values = async (sql: string) => ((await em.query(sql)) as { value: string }[]).map((row) => row.value);
  const statuses = await values('SELECT value FROM bug_status WHERE isactive = 1 ORDER BY sortkey, value');
  const resolutions = await values(
    "SELECT value FROM resolution WHERE isactive = 1 AND value <> '' ORDER BY sortkey, value",
  );
  const open = await values('SELECT value FROM bug_status WHERE is_open = 1 ORDER BY sortkey, value');
  const definitions = seriesDefinitions(product, statuses, resolutions, open);
  await writeSeries(em, product, SERIES_SUBCATEGORY, creatorId, definitions);
}

/**
 * Writes `definitions` under category `category` and subcategory `subcategory` (both created
 * when missing) in one statement, public, run daily (frequency 1). A series that already
 * exists under the same names (left behind by a deleted product or component of that name)
 * gets the new query instead of failing the write.
 */
export async function writeSeries(
  em: EntityManager,
  category: string,
  subcategory: string,
  creatorId: number,
  definitions: SeriesDefinition[],
): Promise<void> {
  const categoryRow = await categoryId(em, category);
  const subcategoryRow = await categoryId(em, subcategory);
  const rows = definitions.map(() => '(?, ?, ?, ?, 1, ?, 1)').join(', ');
  const params = definitions.flatMap((series) => [creatorId, categoryRow, subcategoryRow, series.name, series.query]);
  const insert = `INSERT INTO series (creator, category, subcategory, name, frequency, query, is_public) VALUES ${rows}`;
  const upsert = dialectOf(em.dataSource).upsert(
    insert,
    ['category', 'subcategory', 'name'],
    ['frequency', 'query', 'is_public'],
  );
  await em.query(upsert, params);
}
