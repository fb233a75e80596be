import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** A piece of SQL with `?` placeholders and the values they take, in order. */
export interface SqlFragment {
  sql: string;
  params: unknown[];
}

/**
 * THE rule for which bugs a user may see, and who is involved with a bug
 * (SPEC §6; Bugzilla's `User::visible_bugs` and `User::is_involved_in_bug`).
 *
 * Both are WHERE fragments on a `bugs` row, so every endpoint applies the rule
 * inside its own query: a batch of bugs is checked in one statement, and a
 * "newest 20 records" list can leave out invisible bugs before its LIMIT.
 *
 * Visible, with `or_groups` off: the bug has a creation time and either the user
 * is in every group of the bug (`bug_group_map`; a bug without groups is public),
 * or the user is the reporter and `reporter_accessible` is set, or the assignee,
 * or (with `useqacontact`) the QA contact, or on the CC list with
 * `cclist_accessible` set. With `or_groups` on, "every group" becomes "at least
 * one group, or the bug has none", and the creation time is not checked.
 */
@Injectable()
export class BugVisibility {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** True for the rows of `bugs` (aliased `alias`) that `user` may see. */
  visible(user: AuthUser, alias: string): SqlFragment {
    const groups = this.groupsAllow(user, alias);
    const personal = this.personalAccess(user, alias);
    const either = `(${groups.sql}) OR ${personal.sql}`;
    const params = [...groups.params, ...personal.params];
    if (this.config.params.or_groups) return { sql: `(${either})`, params };
    return { sql: `(${alias}.creation_ts IS NOT NULL AND (${either}))`, params };
  }

  /**
   * True for the rows of `bugs` (aliased `alias`) that `user` is involved with:
   * reporter, assignee, QA contact (only with `useqacontact`), or on the CC list.
   */
  involved(user: AuthUser, alias: string): SqlFragment {
    const parts = [`${alias}.reporter = ?`, `${alias}.assigned_to = ?`];
    const params: unknown[] = [user.id, user.id];
    if (this.config.params.useqacontact) {
      parts.push(`${alias}.qa_contact = ?`);
      params.push(user.id);
    }
    parts.push(`EXISTS (SELECT 1 FROM cc WHERE cc.bug_id = ${alias}.bug_id AND cc.who = ?)`);
    params.push(user.id);
    return { sql: `(${parts.join(' OR ')})`, params };
  }

  /** The group part: in every group of the bug, or (or_groups) in one of them or the bug has none. */
  private groupsAllow(user: AuthUser, alias: string): SqlFragment {
    // `IN ()` is not SQL; -1 is no group's id, so a user without groups is in none.
    const list = user.groupIds.size ? [...user.groupIds] : [-1];
    const placeholders = list.map(() => '?').join(', ');
    const groupsOfBug = `SELECT 1 FROM bug_group_map bgm WHERE bgm.bug_id = ${alias}.bug_id`;
    if (!this.config.params.or_groups) {
      return { sql: `NOT EXISTS (${groupsOfBug} AND bgm.group_id NOT IN (${placeholders}))`, params: list };
    }
    return {
      sql: `NOT EXISTS (${groupsOfBug}) OR EXISTS (${groupsOfBug} AND bgm.group_id IN (${placeholders}))`,
      params: list,
    };
  }

  /** The ways a person on the bug sees it whatever its groups. */
  private personalAccess(user: AuthUser, alias: string): SqlFragment {
    const parts = [`(${alias}.reporter_accessible = 1 AND ${alias}.reporter = ?)`, `${alias}.assigned_to = ?`];
    const params: unknown[] = [user.id, user.id];
    if (this.config.params.useqacontact) {
      parts.push(`${alias}.qa_contact = ?`);
      params.push(user.id);
    }
    parts.push(
      `(${alias}.cclist_accessible = 1 AND EXISTS (SELECT 1 FROM cc WHERE cc.bug_id = ${alias}.bug_id AND cc.who = ?))`,
    );
    params.push(user.id);
    return { sql: parts.join(' OR '), params };
  }
}
