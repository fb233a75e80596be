import type { DataSource, EntityManager } from 'typeorm';
import { generateApiKey, hashPassword } from '../auth/password.js';
import { dialectOf, toSqlDateTime } from '../database/dialect.js';
import { CONTROL_DEFAULT, CONTROL_MANDATORY } from '../products/entities/group-control-map.entity.js';
import type { Seed, SeedBug, SeedFlagType, SeedProduct, SeedUser, SeedValue } from './seed.js';
import { createBugzillaUser } from '../users/create-user.js';
import { Seeder, quoteTable } from './seeder.js';
import { controlNumber, flagTargets, validateSeed, valueName } from './seed-validation.js';

/** What applying a seed gives back: the API key of each of its users (login → key). */
export interface AppliedSeed {
  apiKeys: Record<string, string>;
}

type Row = Record<string, unknown>;
type Value = string | number | boolean | null;

/** Bugzilla's statuses that are closed: a bug in one gets a resolution. */
const CLOSED = new Set(['RESOLVED', 'VERIFIED']);

/**
 * Applies a seed (SPEC §12) in one transaction: validated as a whole first (a SeedError lists
 * every problem and nothing is written), then each thing found by name, login or id is updated
 * with the fields the seed gives and anything missing is created; lists (members, CCs, groups,
 * versions, ...) are added to and nothing is removed, so applying the same seed twice changes
 * nothing the second time.
 */
export async function applySeed(ds: DataSource, input: unknown): Promise<AppliedSeed> {
  return ds.transaction(async (manager) => {
    const seed = await validateSeed(manager, input);
    return new SeedApplication(manager).apply(seed);
  });
}

class SeedApplication {
  private readonly rows: Seeder;
  private readonly users = new Map<string, number>();
  private readonly groups = new Map<string, number>();
  private readonly products = new Map<string, number>();

  constructor(private readonly db: EntityManager) {
    this.rows = new Seeder(db);
  }

  async apply(seed: Seed): Promise<AppliedSeed> {
    for (const c of seed.classifications ?? []) {
      const id = await this.idOf(`SELECT id FROM classifications WHERE ${this.eq('name')}`, [c.name]);
      if (id === undefined) await this.rows.classification(c.name, c.description ?? null, c.sortkey ?? 0);
      else await this.update('classifications', 'id', id, { description: c.description, sortkey: c.sortkey });
    }
    for (const g of seed.groups ?? []) await this.group(g.name, g.description, g.is_active);
    for (const g of seed.groups ?? []) {
      for (const grantor of g.member_of ?? []) {
        await this.link('group_group_map', {
          member_id: await this.groupId(g.name),
          grantor_id: await this.groupId(grantor),
          grant_type: 0,
        });
      }
    }
    const apiKeys: Record<string, string> = {};
    for (const u of seed.users ?? []) apiKeys[u.login] = await this.user(u);
    for (const p of seed.products ?? []) await this.product(p);
    for (const t of seed.flag_types ?? []) await this.flagType(t);
    for (const b of seed.bugs ?? []) await this.bug(b);
    for (const v of seed.last_visits ?? []) {
      const userId = await this.userId(v.user);
      const ts = toSqlDateTime(v.last_visit_ts ? new Date(v.last_visit_ts) : new Date());
      const id = await this.idOf('SELECT id FROM bug_user_last_visit WHERE user_id = ? AND bug_id = ?', [
        userId,
        v.bug,
      ]);
      if (id === undefined)
        await this.rows.insert('bug_user_last_visit', { user_id: userId, bug_id: v.bug, last_visit_ts: ts });
      else await this.update('bug_user_last_visit', 'id', id, { last_visit_ts: ts });
    }
    return { apiKeys };
  }

  private async group(name: string, description?: string, isActive?: boolean): Promise<void> {
    const id = await this.idOf(`SELECT id FROM \`groups\` WHERE ${this.eq('name')}`, [name]);
    if (id !== undefined) {
      await this.update('groups', 'id', id, { description, isactive: isActive });
      return;
    }
    // As Bugzilla's Group->create: the admin group may see, join and bless every new group.
    this.groups.set(
      name.toLowerCase(),
      await this.rows.group(name, { description, isactive: isActive, grantAdmin: true }),
    );
  }

  /** Returns the user's key: the seed's, else one the user already has, else a new one. */
  private async user(u: SeedUser): Promise<string> {
    let id = await this.idOf(`SELECT userid AS id FROM profiles WHERE ${this.eq('login_name')}`, [u.login]);
    const disabled = u.disabled_text === undefined ? undefined : u.disabled_text.trim() !== '';
    if (id === undefined) {
      // As Bugzilla::User->create: mail settings, regexp groups, creation activity and audit rows.
      id = await createBugzillaUser(this.db, {
        login: u.login,
        realname: u.real_name,
        password: u.password,
        disabledText: disabled ? u.disabled_text : undefined,
        // Written with the creation's `bug_group` activity row, as Bugzilla's user editor does.
        groups: u.groups,
      });
    } else {
      await this.update('profiles', 'userid', id, {
        realname: u.real_name,
        cryptpassword: u.password === undefined ? undefined : hashPassword(u.password),
        disabledtext: u.disabled_text,
        is_enabled: disabled === undefined ? undefined : !disabled,
      });
    }
    this.users.set(u.login.toLowerCase(), id);
    // An existing user joins the groups it is not in yet (a new one already has them all).
    for (const group of u.groups ?? []) {
      await this.link('user_group_map', {
        user_id: id,
        group_id: await this.groupId(group),
        isbless: 0,
        grant_type: 0,
      });
    }
    if (u.api_key) {
      const owner = await this.idOf('SELECT user_id AS id FROM user_api_keys WHERE api_key = ?', [u.api_key]);
      if (owner === undefined) await this.rows.apiKey(id, { key: u.api_key, description: 'seed' });
      else await this.db.query('UPDATE user_api_keys SET revoked = 0 WHERE api_key = ?', [u.api_key]);
      return u.api_key;
    }
    const keys: { api_key: string }[] = await this.db.query(
      'SELECT api_key FROM user_api_keys WHERE user_id = ? AND revoked = 0 ORDER BY id LIMIT 1',
      [id],
    );
    return keys[0]?.api_key ?? (await this.rows.apiKey(id, { key: generateApiKey(), description: 'seed' }));
  }

  private async product(p: SeedProduct): Promise<void> {
    const classification =
      p.classification === undefined
        ? undefined
        : await this.idOf(`SELECT id FROM classifications WHERE ${this.eq('name')}`, [p.classification]);
    let id = await this.idOf(`SELECT id FROM products WHERE ${this.eq('name')}`, [p.name]);
    if (id === undefined) {
      id = await this.rows.product(p.name, {
        description: p.description,
        classification,
        isactive: p.is_open,
        defaultmilestone: p.default_milestone,
        allows_unconfirmed: p.has_unconfirmed,
      });
      // Bugzilla's Product->create: the first version and the default milestone come with the product.
      await this.rows.version(id, p.version ?? 'unspecified');
      await this.rows.milestone(id, p.default_milestone ?? '---', { sortkey: 0 });
    } else {
      await this.update('products', 'id', id, {
        description: p.description,
        classification_id: classification,
        isactive: p.is_open,
        defaultmilestone: p.default_milestone,
        allows_unconfirmed: p.has_unconfirmed,
      });
      if (p.default_milestone !== undefined) await this.value('milestones', id, p.default_milestone);
    }
    this.products.set(p.name.toLowerCase(), id);
    for (const v of p.versions ?? []) await this.value('versions', id, v);
    for (const m of p.milestones ?? []) await this.value('milestones', id, m);
    for (const c of p.components ?? []) {
      const fields = {
        description: c.description,
        initialowner: await this.userId(c.default_assignee),
        initialqacontact: c.default_qa_contact === undefined ? undefined : await this.userId(c.default_qa_contact),
        isactive: c.is_active,
      };
      let componentId = await this.idOf(`SELECT id FROM components WHERE product_id = ? AND ${this.eq('name')}`, [
        id,
        c.name,
      ]);
      if (componentId === undefined) {
        componentId = await this.rows.component(id, c.name, {
          owner: fields.initialowner,
          qaContact: fields.initialqacontact,
          description: c.description,
          isactive: c.is_active,
        });
      } else await this.update('components', 'id', componentId, fields);
      for (const login of c.default_cc ?? []) {
        await this.link('component_cc', { user_id: await this.userId(login), component_id: componentId });
      }
    }
    for (const gc of p.group_controls ?? []) {
      const groupId = await this.groupId(gc.group);
      const fields = {
        entry: gc.entry,
        membercontrol: gc.membercontrol === undefined ? undefined : controlNumber(gc.membercontrol),
        othercontrol: gc.othercontrol === undefined ? undefined : controlNumber(gc.othercontrol),
        canedit: gc.canedit,
        editcomponents: gc.editcomponents,
        editbugs: gc.editbugs,
        canconfirm: gc.canconfirm,
      };
      const found: unknown[] = await this.db.query(
        'SELECT 1 AS one FROM group_control_map WHERE group_id = ? AND product_id = ?',
        [groupId, id],
      );
      if (found.length === 0) await this.rows.groupControl(groupId, id, fields);
      else await this.update('group_control_map', ['group_id', 'product_id'], [groupId, id], fields);
    }
  }

  /** A version or milestone of a product, created or updated. */
  private async value(table: 'versions' | 'milestones', productId: number, v: SeedValue): Promise<void> {
    const name = valueName(v);
    const fields =
      typeof v === 'string' ? {} : { isactive: v.is_active, sortkey: table === 'milestones' ? v.sort_key : undefined };
    const id = await this.idOf(`SELECT id FROM ${table} WHERE product_id = ? AND ${this.eq('value')}`, [
      productId,
      name,
    ]);
    if (id !== undefined) await this.update(table, 'id', id, fields);
    else if (table === 'versions') await this.rows.version(productId, name, { isactive: fields.isactive });
    else await this.rows.milestone(productId, name, { isactive: fields.isactive, sortkey: fields.sortkey });
  }

  private async flagType(t: SeedFlagType): Promise<void> {
    const targetType = t.target_type === 'attachment' ? 'a' : 'b';
    const groupOf = async (name: string | undefined) => (name === undefined ? undefined : this.groupId(name));
    const fields = {
      description: t.description,
      cc_list: t.cc_list,
      sortkey: t.sortkey,
      is_active: t.is_active,
      is_requestable: t.is_requestable,
      is_requesteeble: t.is_specifically_requestable,
      is_multiplicable: t.is_multiplicable,
      grant_group_id: await groupOf(t.grant_group),
      request_group_id: await groupOf(t.request_group),
    };
    let id = await this.idOf(
      `SELECT id FROM flagtypes WHERE ${this.eq('name')} AND target_type = ? ORDER BY id LIMIT 1`,
      [t.name, targetType],
    );
    const isNew = id === undefined;
    if (id === undefined) {
      // POST /rest/flag_type's defaults: active, requestable, specifically requestable, multiplicable.
      id = await this.rows.flagType(t.name, {
        targetType,
        description: t.description,
        cc_list: t.cc_list ?? '',
        sortkey: t.sortkey ?? 1,
        isactive: t.is_active ?? true,
        requestable: t.is_requestable ?? true,
        requesteeble: t.is_specifically_requestable ?? true,
        multiplicable: t.is_multiplicable ?? true,
        grantGroup: fields.grant_group_id,
        requestGroup: fields.request_group_id,
      });
    } else await this.update('flagtypes', 'id', id, fields);
    const inclusions = flagTargets(t.inclusions);
    // Without inclusions a new type applies everywhere (Bugzilla's __Any__:__Any__).
    if (isNew && inclusions.length === 0)
      await this.link('flaginclusions', { type_id: id, product_id: null, component_id: null });
    for (const [table, targets] of [
      ['flaginclusions', inclusions],
      ['flagexclusions', flagTargets(t.exclusions)],
    ] as const) {
      for (const [product, component] of targets) {
        const productId = await this.productId(product);
        const componentId =
          component === undefined
            ? null
            : await this.idOf(`SELECT id FROM components WHERE product_id = ? AND ${this.eq('name')}`, [
                productId,
                component,
              ]);
        await this.link(table, { type_id: id, product_id: productId, component_id: componentId ?? null });
      }
    }
  }

  private async bug(b: SeedBug): Promise<void> {
    const productId = await this.productId(b.product);
    const component = (
      await this.db.query(
        `SELECT id, initialowner, initialqacontact FROM components WHERE product_id = ? AND ${this.eq('name')}`,
        [productId, b.component],
      )
    )[0] as { id: number; initialowner: number; initialqacontact: number | null };
    const optionalUser = async (login: string | undefined) => (login === undefined ? undefined : this.userId(login));
    const fields = {
      product_id: productId,
      component_id: Number(component.id),
      short_desc: b.summary,
      version: b.version,
      target_milestone: b.target_milestone,
      bug_status: b.status,
      resolution: b.resolution ?? (b.status === undefined ? undefined : CLOSED.has(b.status) ? 'FIXED' : ''),
      everconfirmed: b.status === undefined ? undefined : b.status !== 'UNCONFIRMED',
      reporter: await this.userId(b.reporter),
      assigned_to: await optionalUser(b.assigned_to),
      qa_contact: await optionalUser(b.qa_contact),
    };
    const exists = await this.idOf('SELECT bug_id AS id FROM bugs WHERE bug_id = ?', [b.id]);
    if (exists !== undefined) await this.update('bugs', 'bug_id', b.id, fields);
    else {
      // Bugzilla's defaults for what the seed leaves out: the component's people, the product's
      // default milestone, the version 'unspecified' when the product has it, else its first.
      const product = (await this.db.query('SELECT defaultmilestone FROM products WHERE id = ?', [productId]))[0] as {
        defaultmilestone: string;
      };
      const versions: { value: string }[] = await this.db.query(
        'SELECT value FROM versions WHERE product_id = ? ORDER BY id',
        [productId],
      );
      await this.rows.bug({
        id: b.id,
        product: productId,
        component: fields.component_id,
        reporter: fields.reporter,
        assignee: fields.assigned_to ?? Number(component.initialowner),
        qaContact:
          fields.qa_contact ?? (component.initialqacontact === null ? null : Number(component.initialqacontact)),
        status: b.status,
        resolution: fields.resolution,
        version: b.version ?? (versions.find((v) => v.value === 'unspecified') ?? versions[0])?.value,
        targetMilestone: b.target_milestone ?? product.defaultmilestone,
        shortDesc: b.summary,
      });
      // Bugzilla's Bug->create: the component's default CC list, and the product's groups.
      const defaultCc: { user_id: number }[] = await this.db.query(
        'SELECT user_id FROM component_cc WHERE component_id = ?',
        [fields.component_id],
      );
      for (const row of defaultCc) await this.link('cc', { bug_id: b.id, who: Number(row.user_id) });
      for (const groupId of await this.groupsOfNewBug(productId, fields.reporter, b.groups === undefined))
        await this.link('bug_group_map', { bug_id: b.id, group_id: groupId });
    }
    for (const login of b.cc ?? []) await this.link('cc', { bug_id: b.id, who: await this.userId(login) });
    for (const group of b.groups ?? [])
      await this.link('bug_group_map', { bug_id: b.id, group_id: await this.groupId(group) });
  }

  /**
   * The groups Bugzilla's Bug->create puts a new bug in for its reporter (Bug::_check_groups,
   * Product::groups_mandatory and groups_available): every group Mandatory for members, those
   * Mandatory for others when the reporter is not a member, and, when the seed names no groups, the
   * active bug groups whose control for the reporter (membercontrol if a member, else othercontrol)
   * is Default. Membership includes what group_group_map grants.
   */
  private async groupsOfNewBug(productId: number, reporterId: number, withDefaults: boolean): Promise<number[]> {
    const controls: { group_id: number; membercontrol: number; othercontrol: number; usable: number }[] =
      await this.db.query(
        `SELECT m.group_id, m.membercontrol, m.othercontrol, CASE WHEN g.isbuggroup = 1 AND g.isactive = 1 THEN 1 ELSE 0 END AS usable
           FROM group_control_map m JOIN \`groups\` g ON g.id = m.group_id
          WHERE m.product_id = ?`,
        [productId],
      );
    const memberOf = new Set(
      (
        (await this.db.query(
          `WITH RECURSIVE member_groups(id) AS (
             SELECT group_id FROM user_group_map WHERE user_id = ? AND isbless = 0
             UNION
             SELECT ggm.grantor_id FROM group_group_map ggm JOIN member_groups mg ON ggm.member_id = mg.id
              WHERE ggm.grant_type = 0
           )
           SELECT id FROM member_groups`,
          [reporterId],
        )) as { id: number }[]
      ).map((row) => Number(row.id)),
    );
    const out: number[] = [];
    for (const row of controls) {
      const groupId = Number(row.group_id);
      const member = memberOf.has(groupId);
      const mandatory =
        Number(row.membercontrol) === CONTROL_MANDATORY || (!member && Number(row.othercontrol) === CONTROL_MANDATORY);
      const control = member ? Number(row.membercontrol) : Number(row.othercontrol);
      if (mandatory || (withDefaults && Number(row.usable) === 1 && control === CONTROL_DEFAULT)) out.push(groupId);
    }
    return out;
  }

  private async userId(login: string): Promise<number> {
    return this.cached(this.users, login, `SELECT userid AS id FROM profiles WHERE ${this.eq('login_name')}`);
  }

  private async groupId(name: string): Promise<number> {
    return this.cached(this.groups, name, `SELECT id FROM \`groups\` WHERE ${this.eq('name')}`);
  }

  private async productId(name: string): Promise<number> {
    return this.cached(this.products, name, `SELECT id FROM products WHERE ${this.eq('name')}`);
  }

  private async cached(cache: Map<string, number>, name: string, sql: string): Promise<number> {
    const hit = cache.get(name.toLowerCase());
    if (hit !== undefined) return hit;
    const id = await this.idOf(sql, [name]);
    // Validation found every name, so a miss here is a bug of this file.
    if (id === undefined) throw new Error(`seed: '${name}' vanished while the seed was applied`);
    cache.set(name.toLowerCase(), id);
    return id;
  }

  /** `column` equals a placeholder as Bugzilla compares names (case-insensitively: the dialect's textEquals). */
  private eq(column: string): string {
    return dialectOf(this.db).textEquals(column);
  }

  private async idOf(sql: string, params: Value[]): Promise<number | undefined> {
    const rows: Row[] = await this.db.query(sql, params);
    return rows.length ? Number(rows[0].id) : undefined;
  }

  /** A link row (membership, CC, inclusion...), unless it is already there. */
  private async link(table: string, row: Record<string, number | null>): Promise<void> {
    const columns = Object.keys(row);
    const where = columns.map((c) => (row[c] === null ? `${c} IS NULL` : `${c} = ?`)).join(' AND ');
    const params = columns.filter((c) => row[c] !== null).map((c) => row[c]);
    const found: unknown[] = await this.db.query(
      `SELECT 1 AS one FROM ${quoteTable(table)} WHERE ${where} LIMIT 1`,
      params,
    );
    if (found.length === 0) await this.rows.insert(table, row);
  }

  /** UPDATE of the fields given (undefined ones are left as they are). */
  private async update(
    table: string,
    key: string | string[],
    id: number | number[],
    fields: Record<string, Value | undefined>,
  ) {
    const columns = Object.keys(fields).filter((c) => fields[c] !== undefined);
    if (columns.length === 0) return;
    const keys = Array.isArray(key) ? key : [key];
    const ids = Array.isArray(id) ? id : [id];
    const values = columns.map((c) => {
      const v = fields[c];
      return typeof v === 'boolean' ? (v ? 1 : 0) : (v as Value);
    });
    await this.db.query(
      `UPDATE ${quoteTable(table)} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE ${keys.map((k) => `${k} = ?`).join(' AND ')}`,
      [...values, ...ids],
    );
  }
}
