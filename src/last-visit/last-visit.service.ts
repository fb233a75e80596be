import { chunks, placeholders } from '../database/in-lists.js';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { FieldFilter } from '../bugzilla/field-filter.js';
import { parseId, toList } from '../bugzilla/params.js';
import { type Dialect, dialectOf, formatBugzillaDateTime, toSqlDateTime } from '../database/dialect.js';
import { runInTransaction } from '../database/writes.js';
import { BugVisibility } from './bug-visibility.js';
import { LastVisitRecordDto } from './dto/last-visit-record.dto.js';
import { DatabaseReader } from '../database/read-routing.js';

/** How many records `GET /rest/bug_user_last_visit` without ids answers (SPEC "Limits"). */
export const RECENT_LIMIT = 20;

/** Ids per statement, far below SQLite's 32766 bound parameters; a request with more ids uses a few statements. */
const CHUNK = 1000;

type Params = Record<string, unknown>;

interface AccessRow {
  id: number | string;
  visible: number | string;
  involved: number | string;
}

interface RecordRow {
  id: number | string;
  ts: Date | string;
}

/** Bug last visits (SPEC §6): recording and reading when the caller last looked at bugs. */
@Injectable()
export class LastVisitService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: BugVisibility,
    private readonly reader: DatabaseReader,
  ) {}

  /**
   * Marks the bugs as visited now: the path id, then the body's `ids`, without
   * duplicates. Every bug must exist (101), be visible (102) and involve the
   * caller (32000), checked in request order; then all rows are written with one
   * database timestamp, or none are.
   */
  async update(
    user: AuthUser,
    pathId: string | undefined,
    query: Params,
    body: Params,
  ): Promise<Partial<LastVisitRecordDto>[]> {
    const ids = unique([...pathIds(pathId), ...bodyIds(body.ids)]);
    if (ids.length === 0) {
      throw new BugzillaError(
        ErrorCode.PARAMS_REQUIRED,
        'The function requires a ids argument, and that argument was not set.',
      );
    }
    const filter = FieldFilter.fromParams({ ...query, ...body });
    const timestamp = await runInTransaction(this.dataSource, async (em) => {
      await this.checkVisitable(em, user, ids);
      const [row] = (await em.query(`SELECT ${dialectOf(this.dataSource).nowUtc()} AS ts`)) as { ts: Date | string }[];
      const stored = toSqlDateTime(row.ts);
      for (const chunk of chunks(ids, CHUNK)) {
        await em.query(
          upsertLastVisits(dialectOf(this.dataSource), chunk.length),
          chunk.flatMap((bugId) => [user.id, bugId, stored]),
        );
      }
      return formatBugzillaDateTime(row.ts);
    });
    return ids.map((id) => filter.pick({ id, last_visit_ts: timestamp }));
  }

  /**
   * The caller's records: for the path id and the query's `ids` (request order,
   * without duplicates, bugs without a record left out), or without ids the
   * newest `RECENT_LIMIT`. Records of bugs the caller cannot see are left out.
   */
  async get(user: AuthUser, pathId: string | undefined, query: Params): Promise<Partial<LastVisitRecordDto>[]> {
    const filter = FieldFilter.fromParams(query);
    const idsGiven = pathId !== undefined || query.ids !== undefined;
    const ids = unique([...pathIds(pathId), ...queryIds(query.ids)]);
    const visible = this.visibility.visible(user, 'b');
    const base =
      'SELECT v.bug_id AS id, v.last_visit_ts AS ts FROM bug_user_last_visit v' +
      ' JOIN bugs b ON b.bug_id = v.bug_id' +
      ` WHERE v.user_id = ? AND ${visible.sql}`;

    let rows: RecordRow[];
    if (!idsGiven) {
      rows = await this.reader.query(`${base} ORDER BY v.last_visit_ts DESC, v.bug_id ASC LIMIT ${RECENT_LIMIT}`, [
        user.id,
        ...visible.params,
      ]);
    } else {
      const byId = new Map<number, RecordRow>();
      for (const chunk of chunks(ids, CHUNK)) {
        const found: RecordRow[] = await this.reader.query(`${base} AND v.bug_id IN (${placeholders(chunk)})`, [
          user.id,
          ...visible.params,
          ...chunk,
        ]);
        for (const row of found) byId.set(Number(row.id), row);
      }
      rows = ids.flatMap((id) => byId.get(id) ?? []);
    }
    return rows.map((row) => filter.pick({ id: Number(row.id), last_visit_ts: formatBugzillaDateTime(row.ts) }));
  }

  /**
   * Checks the whole batch with one statement (per 1000 ids) and throws the first
   * problem in request order: missing (101), invisible (102), not involved (32000).
   */
  private async checkVisitable(em: EntityManager, user: AuthUser, ids: number[]): Promise<void> {
    const visible = this.visibility.visible(user, 'b');
    const involved = this.visibility.involved(user, 'b');
    const access = new Map<number, AccessRow>();
    for (const chunk of chunks(ids, CHUNK)) {
      const rows: AccessRow[] = await em.query(
        `SELECT b.bug_id AS id,` +
          ` CASE WHEN ${visible.sql} THEN 1 ELSE 0 END AS visible,` +
          ` CASE WHEN ${involved.sql} THEN 1 ELSE 0 END AS involved` +
          ` FROM bugs b WHERE b.bug_id IN (${placeholders(chunk)})`,
        [...visible.params, ...involved.params, ...chunk],
      );
      for (const row of rows) access.set(Number(row.id), row);
    }
    for (const id of ids) {
      const row = access.get(id);
      if (!row) throw new BugzillaError(ErrorCode.BUG_NOT_FOUND, `Bug #${id} does not exist.`);
      if (Number(row.visible) !== 1) {
        throw new BugzillaError(ErrorCode.BUG_ACCESS_DENIED, `You are not authorized to access bug #${id}.`);
      }
      if (Number(row.involved) !== 1) throw Errors.badRequest(`Sorry, but you are not involved with Bug ${id}.`);
    }
  }
}

/** The path id (digits only, by the route). */
function pathIds(pathId: string | undefined): number[] {
  return pathId === undefined ? [] : [parseId('id', pathId)];
}

/** Body `ids`: an array of ids (52 for a non-numeric string, 53 for another JSON type); anything else but absent is 53. */
function bodyIds(value: unknown): number[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw Errors.invalidParam('ids', 'an array of bug ids');
  return value.map((item) => parseId('ids', item));
}

/** Query `ids`: repeated or single; an empty value (`ids=`) matches nothing. */
function queryIds(value: unknown): number[] {
  return toList(value)
    .filter((item) => item !== '')
    .map((item) => parseId('ids', item));
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}

/**
 * Insert-or-update of `bug_user_last_visit` on its unique key (user_id, bug_id), `rows` rows in one
 * statement. Parameters, per row: user_id, bug_id, last_visit_ts (through `toSqlDateTime`).
 */
function upsertLastVisits(dialect: Dialect, rows: number): string {
  const values = Array.from({ length: rows }, () => '(?, ?, ?)').join(', ');
  return dialect.upsert(
    `INSERT INTO bug_user_last_visit (user_id, bug_id, last_visit_ts) VALUES ${values}`,
    ['user_id', 'bug_id'],
    ['last_visit_ts'],
  );
}
