import { Entity, PrimaryColumn } from 'typeorm';

/** `grant_type` of `group_group_map` (`Bugzilla::Constants`). */
export const GROUP_MEMBERSHIP = 0;
export const GROUP_BLESS = 1;
export const GROUP_VISIBLE = 2;

/**
 * `group_group_map`: with `grant_type = 0`, members of `member_id` are members of
 * `grantor_id`. Unique on (member_id, grantor_id, grant_type).
 */
@Entity({ name: 'group_group_map' })
export class GroupGroupMap {
  @PrimaryColumn({ name: 'member_id', type: 'int' })
  memberId: number;

  @PrimaryColumn({ name: 'grantor_id', type: 'int' })
  grantorId: number;

  @PrimaryColumn({ name: 'grant_type', type: 'smallint', default: 0 })
  grantType: number;
}
