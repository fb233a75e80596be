import { Entity, PrimaryColumn } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.js';

/** `grant_type` of `user_group_map` (`Bugzilla::Constants`). */
export const GRANT_DIRECT = 0;
export const GRANT_REGEXP = 2;

/**
 * `user_group_map`: a user's direct memberships (`isbless = 0`) and bless rights
 * (`isbless = 1`). Unique on (user_id, group_id, grant_type, isbless).
 */
@Entity({ name: 'user_group_map' })
export class UserGroupMap {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;

  @PrimaryColumn({ name: 'group_id', type: 'int' })
  groupId: number;

  @BooleanColumn('isbless', { default: false, primary: true })
  isbless: boolean;

  @PrimaryColumn({ name: 'grant_type', type: 'smallint', default: 0 })
  grantType: number;
}
