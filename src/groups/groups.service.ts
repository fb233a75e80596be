import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { BugzillaError, ErrorCode } from '../bugzilla/bugzilla-error.js';
import { parseIdList, parseStringList } from '../bugzilla/params.js';
import { matchEach, nocase, preferExact } from '../database/match-each.js';
import { DatabaseReader } from '../database/read-routing.js';
import type { GroupDto, GroupListDto } from './dto/group.dto.js';

/** Parameters of Group.get, as every transport hands them over. */
export interface GroupGetParams {
  ids?: unknown;
  names?: unknown;
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
 * caller's bless groups when neither is given. Three statements at most. `membership` (the members
 * of each group) is not served; `usevisibilitygroups` is read as off, as everywhere in this service.
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
    const order = `ORDER BY g.isbuggroup, g.name${nocase(this.dataSource)}, g.id`;
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
      const collate = nocase(this.dataSource);
      const matches = await matchEach(
        this.reader,
        { columns: COLUMNS, from: '`groups` g' },
        names.filter((name) => name !== ''),
        (name) => ({ sql: `g.name = ?${collate}`, params: [name] }),
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
    return { groups: rows.map((row) => toGroup(row, full)) };
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
