import { chunks, placeholders } from '../database/in-lists.js';
import type { EntityManager } from 'typeorm';
import { FlagTypeApplicability, type FlagRuleRow, type FlagTypeRow } from '../catalogue/flag-type-applicability.js';

/**
 * What an administration write does to the flags that already exist, as Bugzilla does it in
 * the same transaction:
 *
 * - `forceRetarget` is `Bugzilla::Flag->force_retarget`: each flag (in id order) moves to the
 *   first flag type of the same name that applies to its bug or attachment, is active, has no
 *   flag there yet unless it is multiplicable, and that the flag's setter may set (or request,
 *   for a `?`); a flag no such type takes is deleted. Bugzilla writes no activity or audit row
 *   for either (its flags are not audited) and mails the deletions, which the service does not.
 * - `cleanUpFlagsOfTypes` is the part of `Bugzilla::FlagType->update` that follows a type's new
 *   inclusions and exclusions: its flags on bugs/attachments no inclusion covers any more, then
 *   those an exclusion covers, are force-retargeted; then, for a type that is no longer
 *   specifically requestable, every requestee of its flags is cleared.
 *
 * Shared by every write that changes which flags apply where (flag type updates; product,
 * component and flag type deletions delete their flags through the foreign keys). A fixed
 * number of statements per call (in chunks for very long lists), whatever the number of flags.
 */

const CHUNK = 500;

interface FlagRow {
  id: number;
  type_id: number;
  name: string;
  status: string;
  bug_id: number;
  attach_id: number | null;
  setter_id: number;
  product_id: number;
  component_id: number;
}

export interface RetargetOutcome {
  /** flag id → its new type id */
  retargeted: Map<number, number>;
  /** ids of the flags deleted */
  removed: number[];
}

/** Runs `sql` for each chunk of `ids`; `uses` is how many times the statement names the list. */
async function queryInChunks<T>(
  em: EntityManager,
  ids: readonly unknown[],
  sql: (inList: string) => string,
  uses = 1,
): Promise<T[]> {
  const rows: T[] = [];
  for (const chunk of chunks(ids, CHUNK)) {
    const params = Array.from({ length: uses }, () => chunk).flat();
    for (const row of (await em.query(sql(placeholders(chunk)), params)) as T[]) rows.push(row);
  }
  return rows;
}

export async function forceRetarget(em: EntityManager, flagIds: readonly number[]): Promise<RetargetOutcome> {
  const outcome: RetargetOutcome = { retargeted: new Map(), removed: [] };
  if (flagIds.length === 0) return outcome;
  const flags = (
    await queryInChunks<FlagRow>(
      em,
      [...new Set(flagIds)],
      (list) =>
        `SELECT f.id, f.type_id, ft.name, f.status, f.bug_id, f.attach_id, f.setter_id, b.product_id, b.component_id
           FROM flags f JOIN flagtypes ft ON ft.id = f.type_id JOIN bugs b ON b.bug_id = f.bug_id
          WHERE f.id IN (${list})`,
    )
  )
    .map(numbers)
    .sort((a, b) => a.id - b.id);
  if (flags.length === 0) return outcome;

  const candidates = await sameNameTypes(em, flags);
  const counts = await flagCounts(em, flags, candidates);
  const groups = await setterGroups(em, flags);

  for (const flag of flags) {
    const target = flag.attach_id === null ? 'b' : 'a';
    const setter = groups.get(flag.setter_id) ?? new Set<number>();
    const canSet = (type: FlagTypeRow) => type.grant_group_id === null || setter.has(Number(type.grant_group_id));
    const canRequest = (type: FlagTypeRow) =>
      canSet(type) || type.request_group_id === null || setter.has(Number(type.request_group_id));
    const chosen = candidates.forComponent(flag.product_id, flag.component_id).find((type) => {
      if (type.name !== flag.name || type.target_type !== target) return false;
      if (!Number(type.is_active)) return false;
      if (!Number(type.is_multiplicable) && (counts.get(objectKey(flag, Number(type.id))) ?? 0) > 0) return false;
      return (flag.status === '?' && canRequest(type)) || canSet(type);
    });
    if (chosen) {
      const key = objectKey(flag, Number(chosen.id));
      counts.set(key, (counts.get(key) ?? 0) + 1);
      outcome.retargeted.set(flag.id, Number(chosen.id));
    } else {
      outcome.removed.push(flag.id);
    }
  }

  const byNewType = new Map<number, number[]>();
  for (const [flagId, typeId] of outcome.retargeted) byNewType.set(typeId, [...(byNewType.get(typeId) ?? []), flagId]);
  for (const [typeId, ids] of byNewType) {
    for (const chunk of chunks(ids, CHUNK))
      await em.query(`UPDATE flags SET type_id = ? WHERE id IN (${placeholders(chunk)})`, [typeId, ...chunk]);
  }
  for (const chunk of chunks(outcome.removed, CHUNK))
    await em.query(`DELETE FROM flags WHERE id IN (${placeholders(chunk)})`, chunk);
  return outcome;
}

export async function cleanUpFlagsOfTypes(em: EntityManager, typeIds: readonly number[]): Promise<RetargetOutcome> {
  const outcome: RetargetOutcome = { retargeted: new Map(), removed: [] };
  if (typeIds.length === 0) return outcome;
  const notIncluded = await queryInChunks<{ id: number }>(
    em,
    typeIds,
    (list) =>
      `SELECT DISTINCT f.id FROM flags f JOIN bugs b ON f.bug_id = b.bug_id
         LEFT JOIN flaginclusions i
                ON f.type_id = i.type_id
               AND (b.product_id = i.product_id OR i.product_id IS NULL)
               AND (b.component_id = i.component_id OR i.component_id IS NULL)
        WHERE f.type_id IN (${list}) AND i.type_id IS NULL`,
  );
  merge(
    outcome,
    await forceRetarget(
      em,
      notIncluded.map((row) => Number(row.id)),
    ),
  );
  const excluded = await queryInChunks<{ id: number }>(
    em,
    typeIds,
    (list) =>
      `SELECT DISTINCT f.id FROM flags f JOIN bugs b ON f.bug_id = b.bug_id
         JOIN flagexclusions e ON f.type_id = e.type_id
        WHERE f.type_id IN (${list})
          AND (b.product_id = e.product_id OR e.product_id IS NULL)
          AND (b.component_id = e.component_id OR e.component_id IS NULL)`,
  );
  merge(
    outcome,
    await forceRetarget(
      em,
      excluded.map((row) => Number(row.id)),
    ),
  );
  for (const chunk of chunks(typeIds, CHUNK)) {
    await em.query(
      `UPDATE flags SET requestee_id = NULL
        WHERE requestee_id IS NOT NULL
          AND type_id IN (SELECT id FROM flagtypes WHERE is_requesteeble = 0 AND id IN (${placeholders(chunk)}))`,
      chunk,
    );
  }
  return outcome;
}

function merge(into: RetargetOutcome, from: RetargetOutcome): void {
  for (const [flagId, typeId] of from.retargeted) into.retargeted.set(flagId, typeId);
  into.removed.push(...from.removed);
}

function numbers(row: FlagRow): FlagRow {
  return {
    ...row,
    id: Number(row.id),
    type_id: Number(row.type_id),
    bug_id: Number(row.bug_id),
    attach_id: row.attach_id === null ? null : Number(row.attach_id),
    setter_id: Number(row.setter_id),
    product_id: Number(row.product_id),
    component_id: Number(row.component_id),
  };
}

/** A bug's own flags (attach_id NULL) and each attachment's are counted apart, as Bugzilla's `{flags}` of a type. */
function objectKey(flag: { bug_id: number; attach_id: number | null }, typeId: number): string {
  return `${flag.bug_id}:${flag.attach_id ?? ''}:${typeId}`;
}

/**
 * The types a flag may move to: those of the same name (the database compares names without
 * case; the exact comparison is Bugzilla's, made above), in Bugzilla's order (sort key, name),
 * with their inclusion and exclusion rows.
 */
async function sameNameTypes(em: EntityManager, flags: FlagRow[]): Promise<FlagTypeApplicability> {
  const names = [...new Set(flags.map((flag) => flag.name))];
  const types = (
    await queryInChunks<FlagTypeRow>(
      em,
      names,
      (list) =>
        `SELECT ft.id, ft.name, ft.description, ft.cc_list, ft.target_type, ft.is_active, ft.is_requestable,
                ft.is_requesteeble, ft.is_multiplicable, ft.sortkey, ft.grant_group_id, ft.request_group_id
           FROM flagtypes ft WHERE ft.name IN (${list})`,
    )
  ).sort((a, b) => Number(a.sortkey) - Number(b.sortkey) || Number(a.id) - Number(b.id));
  const ids = types.map((type) => Number(type.id));
  const rules = await queryInChunks<FlagRuleRow>(
    em,
    ids,
    (list) =>
      `SELECT 0 AS excluded, type_id, product_id, component_id FROM flaginclusions WHERE type_id IN (${list})
       UNION ALL
       SELECT 1 AS excluded, type_id, product_id, component_id FROM flagexclusions WHERE type_id IN (${list})`,
    2,
  );
  return new FlagTypeApplicability(types, rules);
}

/** How many flags of each candidate type each bug and attachment of `flags` holds. */
async function flagCounts(em: EntityManager, flags: FlagRow[], candidates: FlagTypeApplicability) {
  const counts = new Map<string, number>();
  const typeIds = candidates.types.map((type) => Number(type.id));
  const bugIds = [...new Set(flags.map((flag) => flag.bug_id))];
  if (typeIds.length === 0) return counts;
  for (const typeChunk of chunks(typeIds, CHUNK)) {
    const rows = await queryInChunks<{ bug_id: number; attach_id: number | null; type_id: number; n: number }>(
      em,
      bugIds,
      (list) =>
        `SELECT bug_id, attach_id, type_id, COUNT(*) AS n FROM flags
          WHERE bug_id IN (${list}) AND type_id IN (${typeChunk.join(', ')})
          GROUP BY bug_id, attach_id, type_id`,
    );
    for (const row of rows) {
      const flag = { bug_id: Number(row.bug_id), attach_id: row.attach_id === null ? null : Number(row.attach_id) };
      counts.set(objectKey(flag, Number(row.type_id)), Number(row.n));
    }
  }
  return counts;
}

/** Each setter's groups: direct memberships closed over group_group_map (grant_type 0), as Bugzilla's in_group_id. */
async function setterGroups(em: EntityManager, flags: FlagRow[]): Promise<Map<number, Set<number>>> {
  const setters = [...new Set(flags.map((flag) => flag.setter_id))];
  const rows = await queryInChunks<{ user_id: number; id: number }>(
    em,
    setters,
    (list) =>
      `WITH RECURSIVE member_groups(user_id, id) AS (
         SELECT user_id, group_id FROM user_group_map WHERE isbless = 0 AND user_id IN (${list})
         UNION
         SELECT mg.user_id, ggm.grantor_id FROM group_group_map ggm
           JOIN member_groups mg ON ggm.member_id = mg.id
          WHERE ggm.grant_type = 0
       )
       SELECT user_id, id FROM member_groups`,
  );
  const groups = new Map<number, Set<number>>();
  for (const row of rows) {
    const userId = Number(row.user_id);
    if (!groups.has(userId)) groups.set(userId, new Set());
    groups.get(userId)!.add(Number(row.id));
  }
  return groups;
}
