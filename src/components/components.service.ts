import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { isMysql } from '../database/dialect.js';
import { DatabaseReader } from '../database/read-routing.js';
import { ProductAdminPolicy } from '../products/product-admin-policy.js';
import { ProductVisibility } from '../catalogue/product-visibility.js';
import type { ComponentTarget } from './component.params.js';
import { componentIdMissing, componentMissing, componentNotSpecified } from './component.rules.js';
import type { ComponentRecordDto } from './dto/component.dto.js';

/**
 * Reading one component as bugzilla.mozilla.org serves it (`GET /rest/component/{product}/{component}`),
 * without BMO's own fields (triage owner, team, bug type) and with the default CC list. Anyone
 * who can access the product may read its components, logged in or not.
 */
@Injectable()
export class ComponentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly policy: ProductAdminPolicy,
    private readonly visibility: ProductVisibility,
    private readonly reader: DatabaseReader,
  ) {}

  async get(user: AuthUser, target: ComponentTarget): Promise<ComponentRecordDto> {
    const em = this.reader;
    const columns = `c.id, c.name, p.name AS product, c.description, owner.login_name AS default_assignee,
                     qa.login_name AS default_qa_contact, c.isactive`;
    const from = `components c JOIN products p ON p.id = c.product_id
                  JOIN profiles owner ON owner.userid = c.initialowner
                  LEFT JOIN profiles qa ON qa.userid = c.initialqacontact`;
    let row: Record<string, unknown> | undefined;
    if ('id' in target) {
      const visible = this.visibility.condition(user, ['accessible'], 'p');
      const rows: Record<string, unknown>[] = await em.query(
        `SELECT ${columns} FROM ${from} WHERE c.id = ? AND (${visible.sql})`,
        [target.id, ...visible.params],
      );
      row = rows[0];
      if (!row) throw componentIdMissing(target.id);
    } else {
      const { product } = await this.policy.accessibleProduct(em, user, target.product);
      const name = target.component.trim();
      if (name === '') throw componentNotSpecified();
      const nocase = isMysql(this.dataSource) ? '' : ' COLLATE NOCASE';
      const rows: Record<string, unknown>[] = await em.query(
        `SELECT ${columns} FROM ${from} WHERE c.product_id = ? AND c.name = ?${nocase}`,
        [product.id, name],
      );
      row = rows.find((r) => r.name === name) ?? rows[0];
      if (!row) throw componentMissing(name, product.name);
    }
    const cc: { login_name: string }[] = await em.query(
      `SELECT pr.login_name FROM component_cc cc JOIN profiles pr ON pr.userid = cc.user_id
        WHERE cc.component_id = ? ORDER BY pr.login_name`,
      [row.id],
    );
    return {
      id: Number(row.id),
      name: String(row.name),
      product: String(row.product),
      description: String(row.description),
      default_assignee: String(row.default_assignee),
      default_qa_contact: row.default_qa_contact === null ? '' : String(row.default_qa_contact),
      default_cc: cc.map((r) => r.login_name),
      is_active: Number(row.isactive) !== 0,
    };
  }
}
