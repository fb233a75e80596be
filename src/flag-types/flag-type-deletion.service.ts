import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { FLAG_TYPE_COLUMNS, type FlagTypeRow } from '../catalogue/flag-type-applicability.js';
import { AUDIT_REMOVE, writeAuditLog } from '../database/audit-log.js';
import { dialectOf } from '../database/dialect.js';
import { runInTransaction } from '../database/writes.js';
import { ProductAdminPolicy } from '../products/product-admin-policy.js';
import { adminRights, checkCanAdminFlagType, rulesOfTypes } from './flag-type-admin-rights.js';
import { flagTypeMissing, notAuthorized } from './flag-type.rules.js';

/**
 * Deleting flag types (SPEC §10), as Bugzilla's editflagtypes.cgi `delete`: the caller must be
 * able to edit the type fully (check_can_admin_flagtype: 1105, or Bugzilla's
 * flag_type_cannot_delete when it also applies to products they do not administer); the type
 * goes with its inclusions, exclusions and flags (Bugzilla's foreign keys), and an audit_log row.
 */
@Injectable()
export class FlagTypeDeletionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly policy: ProductAdminPolicy,
  ) {}

  /** DELETE /rest/flag_type/{id_or_name}: an id (all digits), or every type of that name. */
  async remove(user: AuthUser, idOrName: string): Promise<{ flagtypes: { id: number }[] }> {
    const rights = await adminRights(this.policy, user, this.dataSource.manager);
    if (!rights.global && rights.products.size === 0) throw notAuthorized('add, modify or delete flag types');
    return runInTransaction(this.dataSource, async (em) => {
      const rows = await this.targets(em, idOrName.trim());
      const ids = rows.map((row) => Number(row.id));
      const list = ids.map(() => '?').join(', ');
      const rules = await rulesOfTypes(em, rows);
      for (const row of rows) {
        if (!checkCanAdminFlagType(rights, row, rules)) {
          throw Errors.badRequest(
            `Sorry, but the flag type '${row.name}' also applies to some products you cannot see, and so you are not allowed to delete it.`,
          );
        }
      }
      await writeAuditLog(
        em,
        user.id,
        rows.map((row) => ({
          class: 'Bugzilla::FlagType',
          objectId: Number(row.id),
          field: AUDIT_REMOVE,
          removed: row.name,
          added: null,
        })),
      );
      for (const table of ['flags', 'flaginclusions', 'flagexclusions']) {
        await em.query(`DELETE FROM ${table} WHERE type_id IN (${list})`, ids);
      }
      await em.query(`DELETE FROM flagtypes WHERE id IN (${list})`, ids);
      return { flagtypes: ids.map((id) => ({ id })) };
    });
  }

  /**
   * The names of the products the types of `idOrName` are included for by name, whose
   * `GET /rest/flag_type/{product}` show them (for `If-Match`); none for an unknown type.
   */
  async includingProducts(idOrName: string): Promise<string[]> {
    const byId = /^\d+$/.test(idOrName.trim());
    const rows: { name: string }[] = await this.dataSource.query(
      `SELECT DISTINCT p.name FROM flaginclusions fi
         JOIN products p ON p.id = fi.product_id
         JOIN flagtypes ft ON ft.id = fi.type_id
        WHERE ${byId ? 'ft.id = ?' : 'ft.name = ?'} ORDER BY p.name`,
      [byId ? Number(idOrName.trim()) : idOrName.trim()],
    );
    return rows.map((row) => String(row.name));
  }

  /** The types the path names, locked (MySQL): 51 when there is none. */
  private async targets(em: EntityManager, idOrName: string): Promise<FlagTypeRow[]> {
    const lock = dialectOf(this.dataSource).forUpdate;
    if (/^\d+$/.test(idOrName)) {
      const rows: FlagTypeRow[] = await em.query(
        `SELECT ${FLAG_TYPE_COLUMNS} FROM flagtypes ft WHERE ft.id = ?${lock}`,
        [Number(idOrName)],
      );
      if (rows.length === 0) throw flagTypeMissing(Number(idOrName));
      return rows;
    }
    const rows: FlagTypeRow[] = await em.query(
      `SELECT ${FLAG_TYPE_COLUMNS} FROM flagtypes ft WHERE ft.name = ? ORDER BY ft.id${lock}`,
      [idOrName],
    );
    if (rows.length === 0) {
      throw new BugzillaError(ErrorCode.OBJECT_DOES_NOT_EXIST, `There is no flagtype named '${idOrName}'.`);
    }
    return rows;
  }
}
