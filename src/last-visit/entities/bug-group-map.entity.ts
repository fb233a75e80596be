import { Entity, PrimaryColumn } from 'typeorm';

/** `bug_group_map`: the groups a bug is restricted to. Unique on (bug_id, group_id). */
@Entity({ name: 'bug_group_map' })
export class BugGroupMap {
  @PrimaryColumn({ name: 'bug_id', type: 'int' })
  bugId: number;

  @PrimaryColumn({ name: 'group_id', type: 'int' })
  groupId: number;
}
