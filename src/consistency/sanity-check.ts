import type { DataSource, EntityManager } from 'typeorm';
import { dialectOf } from '../database/dialect.js';
import { CROSS_CHECKS, DOUBLE_CROSS_CHECKS, type DoubleReferrer, type Referrer } from './sanity-checks.js';

/**
 * Bugzilla's own consistency check (sanitycheck.cgi), read-only, for the tables this service
 * reads and writes: its referential checks, its two-column checks, flags outside their type's
 * inclusions or inside its exclusions, and products with no component or no version. Each
 * problem is one line in Bugzilla's words. A check whose tables the database lacks is skipped.
 * A fixed number of statements, each an anti-join on indexed columns.
 */

export type ProblemKind = 'reference' | 'flag' | 'product';

export interface SanityProblem {
  kind: ProblemKind;
  message: string;
}

export interface SanityReport {
  problems: SanityProblem[];
  /** A referential or flag problem: a Perl Bugzilla would find rows it rejects. Products missing data do not count. */
  failed: boolean;
}

type Db = DataSource | EntityManager;
type Row = Record<string, unknown>;

export const NO_ERRORS = 'No errors have been found.';

/** `groups` is a reserved word in MySQL 8; backticks quote on both databases. */
const quote = (table: string) => `\`${table}\``;

export async function runSanityCheck(db: Db): Promise<SanityReport> {
  const tables = await tableNames(db);
  const has = (...names: string[]) => names.every((name) => tables.has(name));
  const problems: SanityProblem[] = [];
  const reference = (message: string) => problems.push({ kind: 'reference', message });

  for (const check of CROSS_CHECKS) {
    for (const referrer of check.referrers) {
      if (!has(check.table, referrer.table)) continue;
      for (const row of await badReferences(db, check.table, check.column, referrer)) {
        reference(
          `Bad value '${text(row.value)}' found in ${referrer.table}.${referrer.column}${keyNote(referrer.key, row.key, ' ')}`,
        );
      }
    }
  }
  for (const check of DOUBLE_CROSS_CHECKS) {
    for (const referrer of check.referrers) {
      if (!has(check.table, referrer.table)) continue;
      const [first, second] = referrer.columns;
      for (const row of await badDoubleReferences(db, check.table, check.columns, referrer)) {
        reference(
          `Bad values '${text(row.value1)}', '${text(row.value2)}' found in ${referrer.table}.${first} / ` +
            `${referrer.table}.${second}.${keyNote(referrer.key, row.key, ' ')}`,
        );
      }
    }
  }
  if (has('flags', 'bugs', 'flaginclusions', 'flagexclusions')) {
    for (const flag of await invalidFlags(db)) {
      const attachment = flag.attach_id == null ? '' : `attachment ${text(flag.attach_id)} in `;
      problems.push({
        kind: 'flag',
        message: `Invalid flag ${text(flag.id)} for ${attachment}bug ${text(flag.bug_id)}.`,
      });
    }
  }
  if (has('products', 'components', 'versions')) {
    for (const name of await productsMissingData(db)) {
      problems.push({ kind: 'product', message: `Product ${name} has no components or no versions.` });
    }
  }
  return { problems, failed: problems.some((problem) => problem.kind !== 'product') };
}

/** The report as lines, ending with Bugzilla's all-clear when nothing fails. */
export function reportLines(report: SanityReport): string[] {
  const lines = report.problems.map((problem) => problem.message);
  if (!report.failed) lines.push(NO_ERRORS);
  return lines;
}

async function tableNames(db: Db): Promise<Set<string>> {
  const rows: { name: string }[] = await db.query(dialectOf('dataSource' in db ? db.dataSource : db).tableNamesSql);
  return new Set(rows.map((row) => row.name.toLowerCase()));
}

function keyNote(keyName: string | undefined, key: unknown, before: string): string {
  if (!keyName) return '';
  return keyName === 'bug_id' ? `${before}(bug ${text(key)})` : `${before}(${keyName} == '${text(key)}')`;
}

function text(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * The join of a referring column to the referred one. Values (bug_status, a version, a milestone)
 * match as the database compares them on MySQL/MariaDB, case-insensitively: the service keeps that
 * rule on every database (SPEC §16), so on PostgreSQL they are compared through LOWER().
 */
function matches(db: Db, referring: string, referred: string, column: string): string {
  if (column !== 'value') return `${referring} = ${referred}`;
  return dialectOf('dataSource' in db ? db.dataSource : db).textEquals(referring, referred);
}

/** CrossCheck: values of `referrer` that no row of `table`.`column` has (NULL is no reference). */
async function badReferences(db: Db, table: string, column: string, referrer: Referrer): Promise<Row[]> {
  const r = referrer.table;
  const key = referrer.key ? `, r.${referrer.key} AS \`key\`` : '';
  return db.query(
    `SELECT DISTINCT r.${referrer.column} AS value${key}
       FROM ${quote(r)} r LEFT JOIN ${quote(table)} t ON ${matches(db, `r.${referrer.column}`, `t.${column}`, column)}
      WHERE t.${column} IS NULL AND r.${referrer.column} IS NOT NULL
      ORDER BY 1${referrer.key ? ', 2' : ''}`,
  );
}

/** DoubleCrossCheck: pairs of `referrer` that no row of `table` has. */
async function badDoubleReferences(
  db: Db,
  table: string,
  [c1, c2]: [string, string],
  referrer: DoubleReferrer,
): Promise<Row[]> {
  const [r1, r2] = referrer.columns;
  const key = referrer.key ? `, r.${referrer.key} AS \`key\`` : '';
  return db.query(
    `SELECT DISTINCT r.${r1} AS value1, r.${r2} AS value2${key}
       FROM ${quote(referrer.table)} r LEFT JOIN ${quote(table)} t
         ON r.${r1} = t.${c1} AND ${matches(db, `r.${r2}`, `t.${c2}`, c2)}
      WHERE t.${c1} IS NULL AND t.${c2} IS NULL AND r.${r1} IS NOT NULL AND r.${r2} IS NOT NULL
      ORDER BY 1, 2${referrer.key ? ', 3' : ''}`,
  );
}

/**
 * Flags whose bug's product/component no inclusion of their type covers, then flags an
 * exclusion of their type covers (Bugzilla lists both, prints only the second; both are
 * printed here, each flag once).
 */
async function invalidFlags(db: Db): Promise<{ id: unknown; bug_id: unknown; attach_id: unknown }[]> {
  const notIncluded: Row[] = await db.query(
    `SELECT DISTINCT f.id, f.bug_id, f.attach_id
       FROM flags f JOIN bugs b ON f.bug_id = b.bug_id
       LEFT JOIN flaginclusions i
              ON f.type_id = i.type_id
             AND (b.product_id = i.product_id OR i.product_id IS NULL)
             AND (b.component_id = i.component_id OR i.component_id IS NULL)
      WHERE i.type_id IS NULL
      ORDER BY f.id`,
  );
  const excluded: Row[] = await db.query(
    `SELECT DISTINCT f.id, f.bug_id, f.attach_id
       FROM flags f JOIN bugs b ON f.bug_id = b.bug_id
       JOIN flagexclusions e ON f.type_id = e.type_id
      WHERE (b.product_id = e.product_id OR e.product_id IS NULL)
        AND (b.component_id = e.component_id OR e.component_id IS NULL)
      ORDER BY f.id`,
  );
  const byId = new Map<number, Row>();
  for (const flag of [...notIncluded, ...excluded]) if (!byId.has(Number(flag.id))) byId.set(Number(flag.id), flag);
  return [...byId.values()].map((flag) => ({ id: flag.id, bug_id: flag.bug_id, attach_id: flag.attach_id }));
}

async function productsMissingData(db: Db): Promise<string[]> {
  const rows: { name: string }[] = await db.query(
    `SELECT p.name FROM products p
      WHERE NOT EXISTS (SELECT 1 FROM components c WHERE c.product_id = p.id)
         OR NOT EXISTS (SELECT 1 FROM versions v WHERE v.product_id = p.id)
      ORDER BY p.name`,
  );
  return rows.map((row) => row.name);
}
