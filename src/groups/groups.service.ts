import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { BugzillaError, ErrorCode } from '../bugzilla/bugzilla-error.js';
import { parseIdList, parseStringList } from '../bugzilla/params.js';
import { dialectOf } from '../database/dialect.js';
import { matchEach, preferExact } from '../database/match-each.js';
import { DatabaseReader } from '../database/read-routing.js';
import type { GroupDto, GroupListDto } from './dto/group.dto.js';

/** Parameters of Group.get, as every transport hands them over. */
export interface GroupGetParams {
  ids?: unknown;
  names?: unknown;
  /** Perl-true: each group lists its members. */
  membership?: unknown;
}

/** A member as Group.get's `membership` lists it. */
export interface GroupMemberDto {
  id: number;
  real_name: string;
  name: string;
  email: string;
  can_login: boolean;
  email_enabled: boolean;
  login_denied_text: string;
}

interface MemberRow {
  group_id: number;
  userid: number;
  login_name: string;
  realname: string;
  is_enabled: number;
  disable_mail: number;
  disabledtext: string;
}

interface GroupRow {
  id: number;
  name: string;
  description: string;
  isbuggroup: number;
  userregexp: string | null;
  isactive: number;
}

/** Bugzilla's group_cannot_view (WebService code 805, HTTP 400). */
export const GROUP_CANNOT_VIEW = 805;
/** group_group_map.grant_type of a bless grant (Bugzilla's GROUP_BLESS). */
const GROUP_BLESS = 1;

const COLUMNS = 'g.id, g.name, g.description, g.isbuggroup, g.userregexp, g.isactive';

/**
 * Bugzilla 5.2's Group.get (Bugzilla/WebService/Group.pm): groups by id and name for members of
 * `editusers` or `creategroups` and for users who can bless some group; every group or the
 * caller's bless groups when neither is given; with `membership`, each group's members. Five
 * statements at most. `usevisibilitygroups` is read as off, as everywhere in this service.
 */
@Injectable()
export class GroupsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: DatabaseReader,
  ) {}

  async get(user: AuthUser, params: GroupGetParams): Promise<GroupListDto> {
    const allGroups = user.groupNames.has('editusers') || user.groupNames.has('creategroups');
    const blessIds = allGroups ? undefined : await this.blessGroupIds(user);
    if (blessIds !== undefined && blessIds.length === 0) {
      throw new BugzillaError(
        GROUP_CANNOT_VIEW,
        "In order to view groups, you need to be a member of the 'editusers' or 'creategroups' group, " +
          'or have bless privileges to at least one group.',
      );
    }
    const order = `ORDER BY g.isbuggroup, ${dialectOf(this.dataSource).textOrder('g.name')}, g.id`;
    let rows: GroupRow[] = [];
    if (params.ids != null) {
      const ids = [...new Set(parseIdList('ids', params.ids))];
      if (ids.length) {
        rows = await this.reader.query(
          `SELECT ${COLUMNS} FROM \`groups\` g WHERE g.id IN (${ids.map(() => '?').join(', ')}) ${order}`,
          ids,
        );
      }
    }
    if (params.names != null) {
      // Group->check of each name in turn (50 blank, 51 unknown), skipping those the ids gave.
      const names = parseStringList('names', params.names).map((name) => name.trim());
      const dialect = dialectOf(this.dataSource);
      const matches = await matchEach(
        this.reader,
        { columns: COLUMNS, from: '`groups` g' },
        names.filter((name) => name !== ''),
        (name) => ({ sql: dialect.textEquals('g.name'), params: [name] }),
      );
      for (const name of names) {
        if (rows.some((row) => row.name === name)) continue;
        if (name === '') throw new BugzillaError(ErrorCode.PARAMS_REQUIRED, 'You must select/enter a group.');
        const row = preferExact(matches.get(name), name) as GroupRow | undefined;
        if (!row) throw new BugzillaError(ErrorCode.OBJECT_DOES_NOT_EXIST, `There is no group named '${name}'.`);
        rows.push(row);
      }
    }
    if (params.ids == null && params.names == null) {
      const only = blessIds === undefined ? '' : `WHERE g.id IN (${blessIds.map(() => '?').join(', ')})`;
      rows = await this.reader.query(`SELECT ${COLUMNS} FROM \`groups\` g ${only} ${order}`, blessIds ?? []);
    }
    const full = user.groupNames.has('creategroups');
    const groups = rows.map((row) => toGroup(row, full));
    if (perlTrue(params.membership)) {
      // _get_group_membership: members are visible to editusers and creategroups members, and on the groups one can bless.
      const blessable = new Set(blessIds ?? []);
      for (const row of rows) {
        if (!allGroups && !blessable.has(Number(row.id))) {
          throw new BugzillaError(ErrorCode.USER_ERROR, `You are not allowed to see members of the ${row.name} group.`);
        }
      }
      const members = await this.members(rows.map((row) => Number(row.id)));
      groups.forEach((group) => (group.membership = members.get(group.id) ?? []));
    }
    return { groups };
  }

  /**
   * Each group's members (Group.pm's flatten_group_membership): users directly in it (user_group_map,
   * not bless rows) or in a group whose members are, transitively, members of it; by login. Two
   * statements: the membership grants, then the members of every group concerned.
   */
  private async members(groupIds: number[]): Promise<Map<number, GroupMemberDto[]>> {
    const out = new Map<number, GroupMemberDto[]>();
    if (groupIds.length === 0) return out;
    const edges: { member_id: number; grantor_id: number }[] = await this.reader.query(
      'SELECT member_id, grantor_id FROM group_group_map WHERE grant_type = 0',
    );
    const membersOf = new Map<number, number[]>();
    for (const edge of edges) {
      const list = membersOf.get(Number(edge.grantor_id)) ?? [];
      list.push(Number(edge.member_id));
      membersOf.set(Number(edge.grantor_id), list);
    }
    const flattened = new Map<number, Set<number>>();
    for (const id of groupIds) {
      const seen = new Set([id]);
      const queue = [id];
      while (queue.length) {
        for (const member of membersOf.get(queue.shift()!) ?? []) {
          if (!seen.has(member)) {
            seen.add(member);
            queue.push(member);
          }
        }
      }
      flattened.set(id, seen);
    }
    const all = [...new Set([...flattened.values()].flatMap((set) => [...set]))];
    const rows: MemberRow[] = await this.reader.query(
      `SELECT ugm.group_id, p.userid, p.login_name, p.realname, p.is_enabled, p.disable_mail, p.disabledtext
         FROM user_group_map ugm JOIN profiles p ON p.userid = ugm.user_id
        WHERE ugm.isbless = 0 AND ugm.group_id IN (${all.map(() => '?').join(', ')})`,
      all,
    );
    // The rows by group, so that each group reads only its member groups' rows (not every row per group).
    const rowsByGroup = new Map<number, MemberRow[]>();
    for (const row of rows) {
      const list = rowsByGroup.get(Number(row.group_id));
      if (list) list.push(row);
      else rowsByGroup.set(Number(row.group_id), [row]);
    }
    for (const [id, set] of flattened) {
      const users = new Map<number, GroupMemberDto>();
      for (const row of [...set].flatMap((groupId) => rowsByGroup.get(groupId) ?? [])) {
        if (users.has(Number(row.userid))) continue;
        users.set(Number(row.userid), {
          id: Number(row.userid),
          real_name: row.realname ?? '',
          name: row.login_name,
          email: row.login_name,
          can_login: Number(row.is_enabled) !== 0,
          email_enabled: Number(row.disable_mail) === 0,
          login_denied_text: row.disabledtext ?? '',
        });
      }
      out.set(
        id,
        [...users.values()].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id),
      );
    }
    return out;
  }

  /**
   * User.pm's bless_groups without editusers: groups the user may bless directly (user_group_map
   * isbless) or through a group of theirs granted bless on them (group_group_map GROUP_BLESS).
   */
  private async blessGroupIds(user: AuthUser): Promise<number[]> {
    if (!user.id) return [];
    const groupIds = [...user.groupIds];
    const inherited = groupIds.length
      ? ` UNION SELECT grantor_id AS id FROM group_group_map
           WHERE grant_type = ${GROUP_BLESS} AND member_id IN (${groupIds.map(() => '?').join(', ')})`
      : '';
    const rows: { id: number }[] = await this.reader.query(
      `SELECT group_id AS id FROM user_group_map WHERE user_id = ? AND isbless = 1${inherited}`,
      [user.id, ...groupIds],
    );
    return [...new Set(rows.map((row) => Number(row.id)))];
  }
}

/** Perl's truth of a parameter: not undefined, null, false, 0, "0" or "". */
function perlTrue(value: unknown): boolean {
  const first = Array.isArray(value) ? value[0] : value;
  return !(first === undefined || first === null || first === false || first === 0 || first === '0' || first === '');
}

/** A group as Group.get shows it; the administrative fields for members of `creategroups` only. */
function toGroup(row: GroupRow, full: boolean): GroupDto {
  const group: GroupDto = { id: Number(row.id), name: row.name, description: row.description };
  if (full) {
    group.is_active = Number(row.isactive) !== 0;
    group.is_bug_group = Number(row.isbuggroup) !== 0;
    group.user_regexp = row.userregexp ?? '';
  }
  return group;
}
