import { MODEL_TABLES, type ModelReader, type ModelTable } from '../model-loader.js';
import { KEY_COLUMN } from './row-keys.js';

/**
 * What PostgreSQL's logical decoding needs before it can feed the model (SPEC §16), and the objects the
 * service keeps on the server for it: a publication naming the model's tables and a replication slot
 * per process (docs/operators.md, "Changes from PostgreSQL's logical decoding").
 */

/** PostgreSQL's names: lower-case letters, digits and underscores, at most 63 bytes (slots allow no more). */
export const SLOT_NAME = /^[a-z0-9_]{1,63}$/;

/**
 * The slot names of a service with `workers` processes: each process reads its own slot (a slot serves
 * one reader at a time), the first free of `<name>`, `<name>_2` ... A reload (SIGHUP, SPEC §17) runs the
 * new workers beside the old ones until they are ready, so there are twice as many names as workers;
 * a process that stops cleanly drops its slot (PgLogicalStream.release), so none is left unread.
 */
export function slotNames(name: string, workers: number): string[] {
  return Array.from({ length: 2 * Math.max(1, workers) }, (_, i) =>
    i === 0 ? name : `${name.slice(0, 63 - String(i + 1).length - 1)}_${i + 1}`,
  );
}

interface TableIdentity {
  name: string;
  /** pg_class.relreplident: d(efault: the primary key), n(othing), f(ull), i(ndex). */
  identity: string;
  /** The primary key's columns, in order ({} when none). */
  primary_key: string[] | string;
  owned: boolean;
}

/**
 * The tables whose updates and deletes must carry the whole old row (REPLICA IDENTITY FULL): those whose
 * change key (row-keys.ts, KEY_COLUMN) is not their primary key. With the default identity, PostgreSQL
 * logs an update's or delete's old row as its primary key only (`components.id`, not the
 * `product_id` the model reloads by), and a table without a primary key (`flaginclusions`,
 * `group_control_map`, ...) not at all: a publication that takes such a table's updates even makes
 * them fail ("cannot update table ... because it does not have a replica identity"), Bugzilla's
 * included. FULL changes nothing in the rows or the table's definition, only what an update or delete
 * of these (small, rarely written) tables writes to the WAL.
 */
export function needsFullIdentity(table: ModelTable, identity: string, primaryKey: readonly string[]): boolean {
  if (identity === 'f') return false;
  return !(identity === 'd' && primaryKey.length === 1 && primaryKey[0] === KEY_COLUMN[table]);
}

async function identities(read: ModelReader): Promise<TableIdentity[]> {
  return read<TableIdentity>(
    `SELECT c.relname AS name, c.relreplident AS identity, ` +
      `ARRAY(SELECT a.attname::text FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid ` +
      `AND a.attnum = ANY(i.indkey) WHERE i.indrelid = c.oid AND i.indisprimary ORDER BY a.attnum) AS primary_key, ` +
      `pg_has_role(c.relowner, 'USAGE') AS owned ` +
      `FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace ` +
      `AND c.relname IN (${MODEL_TABLES.map((table) => `'${table}'`).join(', ')}) ORDER BY c.relname`,
  );
}

/** pg's driver gives a name[] array as a JS array, some paths as its text '{a,b}'. */
function columns(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

interface ServerSettings {
  wal_level: string;
  user: string;
  replication: boolean;
  superuser: boolean;
  can_create: boolean;
  max_slots: string;
  slots_used: string;
}

/**
 * Why this server's logical decoding cannot feed the model, or undefined when it can: `wal_level =
 * logical`, a user with the REPLICATION attribute (or a superuser), a slot free (or the service's own
 * there already), and the publication there or the rights to make it (CREATE on the database, and the
 * model's tables owned, for the publication and their replica identity). One line, naming what is missing.
 */
export async function logicalDecodingProblem(
  read: ModelReader,
  publication: string,
  slots: readonly string[],
): Promise<string | undefined> {
  const [settings] = await read<ServerSettings>(
    `SELECT current_setting('wal_level') AS wal_level, current_user AS "user", r.rolreplication AS replication, ` +
      `r.rolsuper AS superuser, has_database_privilege(current_database(), 'CREATE') AS can_create, ` +
      `current_setting('max_replication_slots') AS max_slots, ` +
      `(SELECT count(*) FROM pg_replication_slots) AS slots_used FROM pg_roles r WHERE r.rolname = current_user`,
  );
  if (settings.wal_level !== 'logical') return `wal_level is ${settings.wal_level} (it must be logical)`;
  if (!settings.replication && !settings.superuser)
    return `the user ${settings.user} may not read the log (it needs ALTER ROLE ${settings.user} REPLICATION)`;
  const existing = await read<{ slot_name: string }>(
    `SELECT slot_name FROM pg_replication_slots WHERE slot_name IN (${slots.map((slot) => `'${slot}'`).join(', ')})`,
  );
  // Room for one slot per worker (half the names: the other half is for a reload's new workers, which
  // drop the old ones' slots as they leave).
  const missing = Math.ceil(slots.length / 2) - existing.length;
  if (missing > 0 && Number(settings.slots_used) + missing > Number(settings.max_slots))
    return `max_replication_slots (${settings.max_slots}) has no room for the slot ${slots.find((slot) => !existing.some((row) => row.slot_name === slot))}`;
  const tables = await identities(read);
  const absent = MODEL_TABLES.filter((table) => !tables.some((row) => row.name === table));
  if (absent.length > 0) return `the database has no table ${absent.join(', ')}`;
  const published = await publishedTables(read, publication);
  // A table is owned to be added to a publication (or to make one naming it), and to change its identity.
  const changes = tables.filter(
    (row) =>
      needsFullIdentity(row.name as ModelTable, row.identity, columns(row.primary_key)) ||
      published === undefined ||
      !published.has(row.name),
  );
  const notOwned = changes.filter((row) => !row.owned && !settings.superuser).map((row) => row.name);
  if (notOwned.length > 0)
    return `the user ${settings.user} does not own ${notOwned.join(', ')} (to publish them with their whole rows: the publication ${publication})`;
  if (published === undefined && !settings.can_create && !settings.superuser)
    return `the user ${settings.user} may not create the publication ${publication} (it needs CREATE on the database)`;
  return undefined;
}

/** The tables of the publication, or undefined when there is none of that name. */
async function publishedTables(read: ModelReader, publication: string): Promise<Set<string> | undefined> {
  const rows = await read<{ name: string | null }>(
    `SELECT t.tablename AS name FROM pg_publication p LEFT JOIN pg_publication_tables t ON t.pubname = p.pubname ` +
      `AND t.schemaname = current_schema() WHERE p.pubname = '${publication}'`,
  );
  if (rows.length === 0) return undefined;
  return new Set(rows.map((row) => row.name).filter((name): name is string => name !== null));
}

/**
 * Makes the publication of the model's tables, adds the ones it lacks, and gives the tables that need it
 * REPLICA IDENTITY FULL (needsFullIdentity). Idempotent: a second run changes nothing. Returns what it changed.
 */
export async function preparePublication(read: ModelReader, publication: string): Promise<string[]> {
  const done: string[] = [];
  for (const row of await identities(read))
    if (needsFullIdentity(row.name as ModelTable, row.identity, columns(row.primary_key))) {
      await read(`ALTER TABLE ${row.name} REPLICA IDENTITY FULL`);
      done.push(`${row.name}: REPLICA IDENTITY FULL`);
    }
  const published = await publishedTables(read, publication);
  if (published === undefined) {
    await read(`CREATE PUBLICATION ${publication} FOR TABLE ${MODEL_TABLES.join(', ')}`);
    done.push(`publication ${publication} created`);
  } else {
    const absent = MODEL_TABLES.filter((table) => !published.has(table));
    if (absent.length > 0) {
      await read(`ALTER PUBLICATION ${publication} ADD TABLE ${absent.join(', ')}`);
      done.push(`publication ${publication}: ${absent.join(', ')} added`);
    }
  }
  return done;
}

/** Makes the slot when it is not there (pgoutput); true when it made it. */
export async function ensureSlot(read: ModelReader, slot: string): Promise<boolean> {
  const [row] = await read<{ n: string }>(`SELECT count(*) AS n FROM pg_replication_slots WHERE slot_name = '${slot}'`);
  if (Number(row.n) > 0) return false;
  try {
    await read(`SELECT pg_create_logical_replication_slot('${slot}', 'pgoutput')`);
    return true;
  } catch (error) {
    // Another process of the service made it meanwhile.
    if ((error as { code?: string }).code === '42710') return false;
    throw error;
  }
}
