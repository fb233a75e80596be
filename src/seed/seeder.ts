import type { DataSource, EntityManager } from 'typeorm';
import { generateApiKey, generateLoginCookie, hashPassword } from '../auth/password.js';
import { dialectOf, toSqlDateTime } from '../database/dialect.js';
import { SERIAL_COLUMNS } from '../database/serial-columns.js';

/** A data source, or an entity manager (e.g. inside `ds.transaction(...)`). */
export type Queryable = DataSource | EntityManager;

type Ref = number | string;
type Value = string | number | boolean | Date | null | undefined;

/** The statuses of a bug that is closed: it gets a resolution. */
const CLOSED_STATUSES = new Set(['RESOLVED', 'VERIFIED']);

export interface GroupOptions {
  description?: string;
  /** Default true, like a group made in Bugzilla's admin UI. */
  isbuggroup?: boolean;
  isactive?: boolean;
  userregexp?: string;
  /** Do as Bugzilla does on group creation: the `admin` group gets membership, bless and visibility over it. Default false. */
  grantAdmin?: boolean;
}

export interface UserOptions {
  realname?: string;
  /** Stored with Bugzilla's hash; without one, `cryptpassword` is NULL (no password login). */
  password?: string;
  enabled?: boolean;
  /** Direct memberships (user_group_map, isbless 0), by group id or name. */
  groups?: Ref[];
}

export interface ProductOptions {
  description?: string;
  /** Classification id or name; default 1 (Unclassified). */
  classification?: Ref;
  isactive?: boolean;
  defaultmilestone?: string;
  allows_unconfirmed?: boolean;
}

export interface ComponentOptions {
  owner: number;
  qaContact?: number | null;
  description?: string;
  isactive?: boolean;
}

export interface GroupControlOptions {
  entry?: boolean;
  /** 0 NA, 1 Shown, 2 Default, 3 Mandatory. */
  membercontrol?: number;
  othercontrol?: number;
  canedit?: boolean;
  editcomponents?: boolean;
  editbugs?: boolean;
  canconfirm?: boolean;
}

export interface FlagTypeOptions {
  targetType?: 'b' | 'a';
  description?: string;
  cc_list?: string | null;
  sortkey?: number;
  isactive?: boolean;
  requestable?: boolean;
  requesteeble?: boolean;
  multiplicable?: boolean;
  grantGroup?: Ref | null;
  requestGroup?: Ref | null;
}

export interface BugOptions {
  /** A fixed bug_id (a seed's); default: the next one. */
  id?: number;
  product: number;
  component: number;
  reporter: number;
  assignee: number;
  qaContact?: number | null;
  status?: string;
  resolution?: string;
  version?: string;
  targetMilestone?: string;
  shortDesc?: string;
  /** bug_group_map rows, by group id or name. */
  groups?: Ref[];
  /** cc rows (user ids). */
  cc?: number[];
  reporterAccessible?: boolean;
  cclistAccessible?: boolean;
  /** creation_ts and delta_ts; default now. */
  createdAt?: Date;
}

function param(value: Value): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return toSqlDateTime(value);
  return value;
}

/**
 * Inserts Bugzilla rows quickly and the same way on MySQL and SQLite: one
 * parameterised INSERT per row (or per batch of link rows), ids read from the
 * driver's result (mysql2 `insertId`, better-sqlite3 `lastInsertRowid`).
 * Used by the demo data, the CLI and the tests.
 */
export class Seeder {
  private readonly groupIds = new Map<string, number>();
  private readonly classificationIds = new Map<string, number>();

  constructor(private readonly db: Queryable) {}

  private get dataSource(): DataSource {
    return 'dataSource' in this.db ? this.db.dataSource : this.db;
  }

  /**
   * One INSERT; returns the new row's auto-numbered id (0 for tables without one). A row given its
   * id explicitly moves the table's numbering past it where the database does not do so itself
   * (PostgreSQL's sequences), so that later rows numbered by the database do not collide.
   */
  async insert(table: string, row: Record<string, Value>): Promise<number> {
    const dialect = dialectOf(this.dataSource);
    const serial = SERIAL_COLUMNS[table];
    const columns = Object.keys(row).filter((c) => row[c] !== undefined);
    const sql =
      `INSERT INTO ${quoteTable(table)} (${columns.join(', ')}) ` + `VALUES (${columns.map(() => '?').join(', ')})`;
    const params = columns.map((c) => param(row[c]));
    if (!serial) {
      await this.db.query(sql, params);
      return 0;
    }
    const id = dialect.insertedId(await this.db.query(sql + dialect.returning(serial), params));
    if (columns.includes(serial)) {
      const renumber = dialect.followExplicitIds(quoteTable(table), serial);
      if (renumber) await this.db.query(renumber);
    }
    return id;
  }

  /** One multi-row INSERT, for link tables. */
  async insertMany(table: string, columns: string[], rows: Value[][]): Promise<void> {
    if (rows.length === 0) return;
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    await this.db.query(
      `INSERT INTO ${quoteTable(table)} (${columns.join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`,
      rows.flat().map(param),
    );
  }

  async classification(name: string, description: string | null = null, sortkey = 0): Promise<number> {
    const id = await this.insert('classifications', {
      name,
      description,
      sortkey,
    });
    this.classificationIds.set(name.toLowerCase(), id);
    return id;
  }

  async group(name: string, options: GroupOptions = {}): Promise<number> {
    const id = await this.insert('groups', {
      name,
      description: options.description ?? name,
      isbuggroup: options.isbuggroup ?? true,
      userregexp: options.userregexp ?? '',
      isactive: options.isactive ?? true,
    });
    this.groupIds.set(name.toLowerCase(), id);
    if (options.grantAdmin) {
      const admin = await this.groupId('admin');
      await this.insertMany(
        'group_group_map',
        ['member_id', 'grantor_id', 'grant_type'],
        [0, 1, 2].map((grantType) => [admin, id, grantType]),
      );
    }
    return id;
  }

  /** Members of `memberGroupId` become members of `grantorGroupId` (group_group_map, grant_type 0). */
  async groupMember(memberGroupId: Ref, grantorGroupId: Ref): Promise<void> {
    await this.insertMany(
      'group_group_map',
      ['member_id', 'grantor_id', 'grant_type'],
      [[await this.groupId(memberGroupId), await this.groupId(grantorGroupId), 0]],
    );
  }

  async user(login: string, options: UserOptions = {}): Promise<number> {
    const enabled = options.enabled ?? true;
    const id = await this.insert('profiles', {
      login_name: login,
      cryptpassword: options.password === undefined ? null : hashPassword(options.password),
      realname: options.realname ?? '',
      disabledtext: enabled ? '' : 'This account is disabled.',
      is_enabled: enabled,
    });
    if (options.groups?.length) await this.userGroups(id, options.groups);
    return id;
  }

  /** Direct memberships (user_group_map, isbless 0, grant_type 0). */
  async userGroups(userId: number, groups: Ref[]): Promise<void> {
    const ids = await this.groupIdList(groups);
    await this.insertMany(
      'user_group_map',
      ['user_id', 'group_id', 'isbless', 'grant_type'],
      ids.map((groupId) => [userId, groupId, 0, 0]),
    );
  }

  /** Returns the key. */
  async apiKey(
    userId: number,
    options: { key?: string; revoked?: boolean; description?: string } = {},
  ): Promise<string> {
    const key = options.key ?? generateApiKey();
    await this.insert('user_api_keys', {
      user_id: userId,
      api_key: key,
      description: options.description ?? null,
      revoked: options.revoked ?? false,
    });
    return key;
  }

  /** A logincookies row; returns the token `<userid>-<cookie>`. */
  async loginCookie(
    userId: number,
    options: { cookie?: string; ipaddr?: string | null; lastused?: Date } = {},
  ): Promise<string> {
    const cookie = options.cookie ?? generateLoginCookie();
    await this.insert('logincookies', {
      cookie,
      userid: userId,
      ipaddr: options.ipaddr ?? null,
      lastused: options.lastused ?? new Date(),
    });
    return `${userId}-${cookie}`;
  }

  async product(name: string, options: ProductOptions = {}): Promise<number> {
    return this.insert('products', {
      name,
      classification_id: options.classification === undefined ? 1 : await this.classificationId(options.classification),
      description: options.description ?? `${name} description`,
      isactive: options.isactive ?? true,
      defaultmilestone: options.defaultmilestone ?? '---',
      allows_unconfirmed: options.allows_unconfirmed ?? true,
    });
  }

  async component(productId: number, name: string, options: ComponentOptions): Promise<number> {
    return this.insert('components', {
      name,
      product_id: productId,
      initialowner: options.owner,
      initialqacontact: options.qaContact ?? null,
      description: options.description ?? `${name} description`,
      isactive: options.isactive ?? true,
    });
  }

  /** A component's default CC list (component_cc): users added to the CC list of its new bugs. */
  async componentCc(componentId: number, userIds: number[]): Promise<void> {
    await this.insertMany(
      'component_cc',
      ['user_id', 'component_id'],
      userIds.map((userId) => [userId, componentId]),
    );
  }

  async version(productId: number, value: string, options: { isactive?: boolean } = {}): Promise<number> {
    return this.insert('versions', {
      value,
      product_id: productId,
      isactive: options.isactive ?? true,
    });
  }

  async milestone(
    productId: number,
    value: string,
    options: { sortkey?: number; isactive?: boolean } = {},
  ): Promise<number> {
    return this.insert('milestones', {
      product_id: productId,
      value,
      sortkey: options.sortkey ?? 0,
      isactive: options.isactive ?? true,
    });
  }

  async groupControl(groupId: Ref, productId: number, options: GroupControlOptions = {}): Promise<void> {
    await this.insert('group_control_map', {
      group_id: await this.groupId(groupId),
      product_id: productId,
      entry: options.entry ?? false,
      membercontrol: options.membercontrol ?? 0,
      othercontrol: options.othercontrol ?? 0,
      canedit: options.canedit ?? false,
      editcomponents: options.editcomponents ?? false,
      editbugs: options.editbugs ?? false,
      canconfirm: options.canconfirm ?? false,
    });
  }

  async flagType(name: string, options: FlagTypeOptions = {}): Promise<number> {
    return this.insert('flagtypes', {
      name,
      description: options.description ?? `${name} description`,
      cc_list: options.cc_list ?? null,
      target_type: options.targetType ?? 'b',
      is_active: options.isactive ?? true,
      is_requestable: options.requestable ?? false,
      is_requesteeble: options.requesteeble ?? false,
      is_multiplicable: options.multiplicable ?? false,
      sortkey: options.sortkey ?? 0,
      grant_group_id: options.grantGroup == null ? null : await this.groupId(options.grantGroup),
      request_group_id: options.requestGroup == null ? null : await this.groupId(options.requestGroup),
    });
  }

  /** The flag type applies to this product/component (null: any). */
  async flagInclusion(typeId: number, productId: number | null, componentId: number | null = null): Promise<void> {
    await this.insert('flaginclusions', {
      type_id: typeId,
      product_id: productId,
      component_id: componentId,
    });
  }

  /** The flag type does not apply to this product/component (null: any). */
  async flagExclusion(typeId: number, productId: number | null, componentId: number | null = null): Promise<void> {
    await this.insert('flagexclusions', {
      type_id: typeId,
      product_id: productId,
      component_id: componentId,
    });
  }

  /** A bug with every NOT NULL column of `bugs` filled; timestamps UTC. */
  async bug(options: BugOptions): Promise<number> {
    const status = options.status ?? 'CONFIRMED';
    const created = options.createdAt ?? new Date();
    const inserted = await this.insert('bugs', {
      bug_id: options.id,
      assigned_to: options.assignee,
      bug_file_loc: '',
      bug_severity: 'normal',
      bug_status: status,
      creation_ts: created,
      delta_ts: created,
      short_desc: options.shortDesc ?? 'A bug',
      op_sys: 'All',
      priority: '---',
      product_id: options.product,
      rep_platform: 'All',
      reporter: options.reporter,
      version: options.version ?? 'unspecified',
      component_id: options.component,
      resolution: options.resolution ?? (CLOSED_STATUSES.has(status) ? 'FIXED' : ''),
      target_milestone: options.targetMilestone ?? '---',
      qa_contact: options.qaContact ?? null,
      status_whiteboard: '',
      everconfirmed: status !== 'UNCONFIRMED',
      reporter_accessible: options.reporterAccessible ?? true,
      cclist_accessible: options.cclistAccessible ?? true,
      estimated_time: 0,
      remaining_time: 0,
    });
    const id = options.id ?? inserted;
    if (options.groups?.length) {
      const groupIds = await this.groupIdList(options.groups);
      await this.insertMany(
        'bug_group_map',
        ['bug_id', 'group_id'],
        groupIds.map((g) => [id, g]),
      );
    }
    if (options.cc?.length) {
      await this.insertMany(
        'cc',
        ['bug_id', 'who'],
        options.cc.map((who) => [id, who]),
      );
    }
    return id;
  }

  async cc(bugId: number, userId: number): Promise<void> {
    await this.insert('cc', { bug_id: bugId, who: userId });
  }

  async bugGroup(bugId: number, groupId: Ref): Promise<void> {
    await this.insert('bug_group_map', {
      bug_id: bugId,
      group_id: await this.groupId(groupId),
    });
  }

  /** An attachment of `bugId` by `submitter` (its data row is not written); returns its id. */
  async attachment(bugId: number, submitter: number, options: { description?: string; filename?: string } = {}) {
    const now = new Date();
    return this.insert('attachments', {
      bug_id: bugId,
      creation_ts: now,
      modification_time: now,
      description: options.description ?? 'an attachment',
      mimetype: 'text/plain',
      filename: options.filename ?? 'file.txt',
      submitter_id: submitter,
    });
  }

  /** A flag of type `type` on a bug, or on one of its attachments; returns its id. */
  async flag(flag: {
    type: number;
    status: '?' | '+' | '-';
    bug: number;
    attachment?: number;
    setter: number;
    requestee?: number;
  }): Promise<number> {
    const now = new Date();
    return this.insert('flags', {
      type_id: flag.type,
      status: flag.status,
      bug_id: flag.bug,
      attach_id: flag.attachment ?? null,
      creation_date: now,
      modification_date: now,
      setter_id: flag.setter,
      requestee_id: flag.requestee ?? null,
    });
  }

  /** Returns the bug_user_last_visit id. */
  async lastVisit(userId: number, bugId: number, ts: Date): Promise<number> {
    return this.insert('bug_user_last_visit', {
      user_id: userId,
      bug_id: bugId,
      last_visit_ts: ts,
    });
  }

  /** A group's id from its id or (case-insensitive) name; throws when there is no such group. */
  async groupId(ref: Ref): Promise<number> {
    return this.idByName(ref, this.groupIds, '`groups`', 'group');
  }

  private async groupIdList(refs: Ref[]): Promise<number[]> {
    const ids: number[] = [];
    for (const ref of refs) ids.push(await this.groupId(ref));
    return ids;
  }

  /** A classification's id from its id or name; throws when there is none. */
  async classificationId(ref: Ref): Promise<number> {
    return this.idByName(ref, this.classificationIds, 'classifications', 'classification');
  }

  private async idByName(ref: Ref, cache: Map<string, number>, table: string, what: string): Promise<number> {
    if (typeof ref === 'number') return ref;
    const cached = cache.get(ref.toLowerCase());
    if (cached !== undefined) return cached;
    const rows: { id: number | string }[] = await this.db.query(`SELECT id FROM ${table} WHERE name = ?`, [ref]);
    if (rows.length === 0) throw new Error(`There is no ${what} named '${ref}'.`);
    const id = Number(rows[0].id);
    cache.set(ref.toLowerCase(), id);
    return id;
  }
}

/** `groups` is reserved in MySQL 8; backticks also quote identifiers in SQLite. */
export function quoteTable(table: string): string {
  return table === 'groups' ? '`groups`' : table;
}
