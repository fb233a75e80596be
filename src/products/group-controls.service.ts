import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { refuseUnstorableText } from '../bugzilla/storable-text.js';
import { type AuditEntry, writeAuditLog } from '../database/audit-log.js';
import { dialectOf } from '../database/dialect.js';
import { DatabaseReader, type SqlRunner } from '../database/read-routing.js';
import { runInTransaction } from '../database/writes.js';
import { logBugGroupActivity } from './bug-activity.js';
import type { GroupControlDto, GroupControlsDto, UpdatedGroupControlsDto } from './dto/group-controls.dto.js';
import {
  applyControlChange,
  CONTROL_FIELDS,
  type ControlChange,
  type ControlSettings,
  groupMissing,
  illegalGroup,
  MANDATORY,
  NA,
  NO_CONTROL,
  parseControlChanges,
  settingText,
} from './group-controls.rules.js';
import { groupControlItem } from './group-controls.mapper.js';
import { type AdministeredProduct, ProductAdminPolicy, productAdminDenied } from './product-admin-policy.js';

/** A `groups` row with the product's control for it, when it has one. */
interface ControlRow {
  id: number;
  name: string;
  description: string;
  isactive: number;
  isbuggroup: number;
  /** Whether the product has a `group_control_map` row for the group. */
  mapped: boolean;
  settings: ControlSettings;
}

/** Groups with the product's control for each (the product id is the one parameter). */
const GROUPS_WITH_CONTROLS = `SELECT g.id, g.name, g.description, g.isactive, g.isbuggroup, gcm.group_id AS mapped,
         gcm.entry, gcm.membercontrol, gcm.othercontrol, gcm.canedit, gcm.editcomponents, gcm.editbugs, gcm.canconfirm
    FROM \`groups\` g
    LEFT JOIN group_control_map gcm ON gcm.group_id = g.id AND gcm.product_id = ?`;

/** Groups read per statement (well below SQLite's bound on parameters). */
const GROUP_CHUNK = 500;

/** The audit log's class for a product's group controls: they belong to the product (Bugzilla writes no row). */
const PRODUCT_CLASS = 'Bugzilla::Product';

/**
 * A product's group controls (SPEC §10, Bugzilla's editproducts.cgi `editgroupcontrols` and
 * `updategroupcontrols`, Product.pm `set_group_controls` and `update`). Who may: as
 * editproducts.cgi, the `editcomponents` group or the product-level `editcomponents` control.
 * Reads cost four statements, writes a fixed number per changed group.
 */
@Injectable()
export class GroupControlsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: DatabaseReader,
    private readonly policy: ProductAdminPolicy,
  ) {}

  /** GET /rest/product/{id_or_name}/group_controls. */
  async get(user: AuthUser, idOrName: string): Promise<GroupControlsDto> {
    await this.policy.assertAdministersSomeProduct(user, 'products');
    const product = await this.administered(this.reader, user, idOrName, false);
    return { group_controls: await this.list(this.reader, product.id) };
  }

  /** PUT /rest/product/{id_or_name}/group_controls: every change or none, then the list as it now stands. */
  async update(user: AuthUser, idOrName: string, body: Record<string, unknown>): Promise<UpdatedGroupControlsDto> {
    await this.policy.assertAdministersSomeProduct(user, 'products');
    return runInTransaction(this.dataSource, async (em) => {
      const product = await this.administered(em, user, idOrName, true);
      const changes = parseControlChanges(body);
      // A group named with a character its column cannot hold names no group there; on a 3-byte database
      // it is refused as a write's value (SPEC §8), naming the parameter, rather than looked up.
      refuseUnstorableText(em, [
        {
          param: 'group',
          column: 'groups.name',
          value: changes.flatMap((change) => ('name' in change.group ? [change.group.name] : [])),
        },
      ]);
      const rows = await this.controlRows(em, product.id, changes);
      const planned = plan(rows, changes);

      const answer: UpdatedGroupControlsDto['changes'] = {};
      const audit: AuditEntry[] = [];
      for (const { row, next } of planned.values()) {
        // As Bugzilla's update: a group without a row counts as changed (its settings were undefined),
        // so naming it moves the product's bugs even when the settings stay NA.
        const reported = CONTROL_FIELDS.filter((field) => row.settings[field] !== next[field]);
        if (row.mapped && reported.length === 0) continue;
        await this.store(em, product.id, row, next);
        if (reported.length > 0) answer[row.name] = {};
        for (const field of reported) {
          const removed = settingText(field, row.settings[field]);
          const added = settingText(field, next[field]);
          answer[row.name][field] = { removed, added };
          audit.push({
            class: PRODUCT_CLASS,
            objectId: product.id,
            field: `group_control_map.${field}`,
            removed: `${row.name}: ${removed}`,
            added: `${row.name}: ${added}`,
          });
        }
        await this.moveBugs(em, user, product.id, row, next);
      }
      await writeAuditLog(em, user.id, audit);
      return { group_controls: await this.list(em, product.id), changes: answer };
    });
  }

  /** The product named by the path, which the caller administers (106, or 32000 when visible but not theirs). */
  private async administered(
    em: SqlRunner,
    user: AuthUser,
    idOrName: string,
    lock: boolean,
  ): Promise<AdministeredProduct> {
    const { product, administers } = await this.policy.accessibleProduct(em, user, idOrName, { byId: true, lock });
    if (!administers) throw productAdminDenied(product.name);
    return product;
  }

  /** One item per active bug group and per group already in the product's map, by group name. */
  private async list(em: SqlRunner, productId: number): Promise<GroupControlDto[]> {
    const rows: Record<string, unknown>[] = await em.query(
      `${GROUPS_WITH_CONTROLS}
        WHERE (g.isbuggroup = 1 AND g.isactive = 1) OR gcm.group_id IS NOT NULL
        ORDER BY ${dialectOf(this.dataSource).textOrder('g.name')}, g.id`,
      [productId],
    );
    const counts: { group_id: number; bug_count: number }[] = await em.query(
      `SELECT bgm.group_id, COUNT(*) AS bug_count FROM bug_group_map bgm
         JOIN bugs b ON b.bug_id = bgm.bug_id
        WHERE b.product_id = ? GROUP BY bgm.group_id`,
      [productId],
    );
    const bugCount = new Map(counts.map((c) => [Number(c.group_id), Number(c.bug_count)]));
    return rows.map((raw) => {
      const row = controlRow(raw);
      return { ...groupControlItem(row, row.settings), bug_count: bugCount.get(row.id) ?? 0 };
    });
  }

  /**
   * The groups the changes name, with the product's controls for them (an unknown one is answered
   * 51 by plan()). Read a chunk at a time: a body may name tens of thousands of groups, more than
   * SQLite binds in one statement; a group named twice (by id and by name) is read once.
   */
  private async controlRows(em: EntityManager, productId: number, changes: ControlChange[]): Promise<ControlRow[]> {
    const ids = [...new Set(changes.flatMap((c) => ('id' in c.group ? [c.group.id] : [])))];
    const names = [...new Set(changes.flatMap((c) => ('name' in c.group ? [c.group.name] : [])))];
    const dialect = dialectOf(this.dataSource);
    const lock = dialect.forUpdateOf('g');
    const found = new Map<number, ControlRow>();
    const read = async (condition: (count: number) => string, values: unknown[]) => {
      for (let start = 0; start < values.length; start += GROUP_CHUNK) {
        const chunk = values.slice(start, start + GROUP_CHUNK);
        const rows: Record<string, unknown>[] = await em.query(
          `${GROUPS_WITH_CONTROLS} WHERE ${condition(chunk.length)}${lock}`,
          [productId, ...chunk],
        );
        for (const row of rows) found.set(Number(row.id), controlRow(row));
      }
    };
    await read((count) => `g.id IN (${Array.from({ length: count }, () => '?').join(', ')})`, ids);
    await read((count) => dialect.textIn('g.name', count), names);
    return [...found.values()];
  }

  /** Bugzilla's update: a row whose settings are all zero is deleted, else updated or inserted. */
  private async store(em: EntityManager, productId: number, row: ControlRow, next: ControlSettings): Promise<void> {
    const allZero = CONTROL_FIELDS.every((field) => next[field] === 0);
    if (allZero && !row.mapped) return;
    if (allZero) {
      await em.query('DELETE FROM group_control_map WHERE product_id = ? AND group_id = ?', [productId, row.id]);
    } else if (row.mapped) {
      const fields = CONTROL_FIELDS.filter((field) => row.settings[field] !== next[field]);
      await em.query(
        `UPDATE group_control_map SET ${fields.map((f) => `${f} = ?`).join(', ')} WHERE product_id = ? AND group_id = ?`,
        [...fields.map((f) => next[f]), productId, row.id],
      );
    } else {
      await em.query(
        `INSERT INTO group_control_map (group_id, product_id, ${CONTROL_FIELDS.join(', ')})
         VALUES (?, ?, ${CONTROL_FIELDS.map(() => '?').join(', ')})`,
        [row.id, productId, ...CONTROL_FIELDS.map((f) => next[f])],
      );
    }
  }

  /**
   * As Bugzilla's update: every bug of the product joins a group that is now Mandatory, and
   * leaves one that is now NA, each move recorded in the bug's activity (field `bug_group`).
   */
  private async moveBugs(
    em: EntityManager,
    user: AuthUser,
    productId: number,
    row: ControlRow,
    next: ControlSettings,
  ): Promise<void> {
    const inGroup = 'EXISTS (SELECT 1 FROM bug_group_map bgm WHERE bgm.bug_id = b.bug_id AND bgm.group_id = ?)';
    if (next.membercontrol === MANDATORY) {
      // The activity first: it names the bugs that are not in the group yet.
      const joining = { where: `b.product_id = ? AND NOT ${inGroup}`, params: [productId, row.id] };
      await logBugGroupActivity(em, user.id, joining, { removed: '', added: row.name });
      await em.query(
        `INSERT INTO bug_group_map (bug_id, group_id) SELECT b.bug_id, ? FROM bugs b WHERE ${joining.where}`,
        [row.id, ...joining.params],
      );
    } else if (next.membercontrol === NA) {
      const leaving = { where: `b.product_id = ? AND ${inGroup}`, params: [productId, row.id] };
      await logBugGroupActivity(em, user.id, leaving, { removed: row.name, added: '' });
      await em.query(
        'DELETE FROM bug_group_map WHERE group_id = ? AND bug_id IN (SELECT b.bug_id FROM bugs b WHERE b.product_id = ?)',
        [row.id, productId],
      );
    }
  }
}

/**
 * Each named group's settings after the changes, applied in request order (a group named twice
 * gets both). 51 for an unknown group, Bugzilla's product_illegal_group for one that is not an
 * active bug group, then set_group_controls' own checks.
 */
function plan(rows: ControlRow[], changes: ControlChange[]): Map<number, { row: ControlRow; next: ControlSettings }> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const byName = (name: string) =>
    rows.find((row) => row.name === name) ?? rows.find((row) => row.name.toLowerCase() === name.toLowerCase());
  const planned = new Map<number, { row: ControlRow; next: ControlSettings }>();
  for (const change of changes) {
    const row = 'id' in change.group ? byId.get(change.group.id) : byName(change.group.name);
    if (!row) throw groupMissing(change.group);
    if (row.isactive === 0 || row.isbuggroup === 0) throw illegalGroup(row.name);
    const current = planned.get(row.id)?.next ?? row.settings;
    planned.set(row.id, { row, next: applyControlChange(row.name, current, change) });
  }
  return planned;
}

function controlRow(raw: Record<string, unknown>): ControlRow {
  const mapped = raw.mapped !== null && raw.mapped !== undefined;
  const settings = { ...NO_CONTROL };
  if (mapped) for (const field of CONTROL_FIELDS) settings[field] = Number(raw[field] ?? 0);
  return {
    id: Number(raw.id),
    name: String(raw.name),
    description: String(raw.description ?? ''),
    isactive: Number(raw.isactive),
    isbuggroup: Number(raw.isbuggroup),
    mapped,
    settings,
  };
}
