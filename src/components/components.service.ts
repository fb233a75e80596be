import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { Errors } from '../bugzilla/bugzilla-error.js';
import { matchingIds } from '../bugzilla/params.js';
import { placeholders } from '../database/in-lists.js';
import { dialectOf } from '../database/dialect.js';
import { DatabaseReader } from '../database/read-routing.js';
import { ProductAdminPolicy } from '../products/product-admin-policy.js';
import { ProductVisibility } from '../catalogue/product-visibility.js';
import type { ComponentTarget } from './component.params.js';
import { componentIdMissing, componentMissing, componentNotSpecified } from './component.rules.js';
import type { ComponentListDto, ComponentRecordDto } from './dto/component.dto.js';

const COLUMNS = `c.id, c.name, p.name AS product, c.description, owner.login_name AS default_assignee,
                 qa.login_name AS default_qa_contact, c.isactive`;
const FROM = `components c JOIN products p ON p.id = c.product_id
              JOIN profiles owner ON owner.userid = c.initialowner
              LEFT JOIN profiles qa ON qa.userid = c.initialqacontact`;

/**
 * Most ids, and most product ids, one request may name: the answer is built whole, so what one request
 * holds stays bounded at any catalogue size (the catalogue command asks 500 and 50), and each list is
 * one `IN (...)`, well below what SQLite binds in one statement.
 */
export const MAX_COMPONENT_IDS = 1000;
export const MAX_PRODUCT_IDS = 100;

/**
 * Reading components as bugzilla.mozilla.org serves one (`GET /rest/component/{product}/{component}`),
 * without BMO's own fields (triage owner, team, bug type) and with the default CC list; and many at
 * once (`GET /rest/component`, this service's extension). Anyone who can access the product may read
 * its components, logged in or not.
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
    let row: Record<string, unknown> | undefined;
    if ('id' in target) {
      const visible = this.visibility.condition(user, ['accessible'], 'p');
      const rows: Record<string, unknown>[] = await em.query(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = ? AND (${visible.sql})`,
        [target.id, ...visible.params],
      );
      row = rows[0];
      if (!row) throw componentIdMissing(target.id);
    } else {
      const { product } = await this.policy.accessibleProduct(em, user, target.product);
      const name = target.component.trim();
      if (name === '') throw componentNotSpecified();
      const rows: Record<string, unknown>[] = await em.query(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE c.product_id = ? AND ${dialectOf(this.dataSource).textEquals('c.name')}`,
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
    return record(
      row,
      cc.map((r) => r.login_name),
    );
  }

  /**
   * GET /rest/component: the components named by `ids`, and every component of the products named by
   * `product_ids`, of products the caller can access; others are left out. Ordered by product name, then
   * component name. Without either, 50; more than MAX_COMPONENT_IDS ids or MAX_PRODUCT_IDS product ids, 53. Two
   * statements per list (the components, then their default CC lists), whatever the size of the catalogue.
   */
  async list(user: AuthUser, params: Record<string, unknown>): Promise<ComponentListDto> {
    if (params.ids === undefined && params.product_ids === undefined) {
      throw Errors.paramsRequired('GET /rest/component', ['ids', 'product_ids']);
    }
    const ids = matchingIds(params.ids);
    const productIds = matchingIds(params.product_ids);
    if (ids.length > MAX_COMPONENT_IDS) throw Errors.invalidParam('ids', `a list of at most ${MAX_COMPONENT_IDS} ids`);
    if (productIds.length > MAX_PRODUCT_IDS)
      throw Errors.invalidParam('product_ids', `a list of at most ${MAX_PRODUCT_IDS} product ids`);
    const visible = this.visibility.condition(user, ['accessible'], 'p');
    // By component id: a component asked for by id and through its product is answered once.
    const rows = new Map<number, Record<string, unknown>>();
    const cc = new Map<number, string[]>();
    const lists = [
      { column: 'c.id', values: ids },
      { column: 'c.product_id', values: productIds },
    ].filter(({ values }) => values.length > 0);
    for (const { column, values } of lists) {
      const where = `${column} IN (${placeholders(values)}) AND (${visible.sql})`;
      const found: Record<string, unknown>[] = await this.reader.query(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where}`,
        [...values, ...visible.params],
      );
      const logins: { component_id: number; login_name: string }[] = await this.reader.query(
        `SELECT cc.component_id, pr.login_name FROM component_cc cc
           JOIN profiles pr ON pr.userid = cc.user_id
           JOIN components c ON c.id = cc.component_id JOIN products p ON p.id = c.product_id
          WHERE ${where} ORDER BY pr.login_name`,
        [...values, ...visible.params],
      );
      const fresh = new Set(found.map((row) => Number(row.id)).filter((id) => !rows.has(id)));
      for (const row of found) if (fresh.has(Number(row.id))) rows.set(Number(row.id), row);
      for (const { component_id, login_name } of logins) {
        if (!fresh.has(Number(component_id))) continue;
        const list = cc.get(Number(component_id)) ?? [];
        list.push(login_name);
        cc.set(Number(component_id), list);
      }
    }
    const components = [...rows.values()]
      .map((row) => record(row, cc.get(Number(row.id)) ?? []))
      .sort((a, b) => caseless(a.product, b.product) || caseless(a.name, b.name) || a.id - b.id);
    return { components };
  }
}

const exact = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const caseless = (a: string, b: string) => exact(a.toLowerCase(), b.toLowerCase());

function record(row: Record<string, unknown>, defaultCc: string[]): ComponentRecordDto {
  return {
    id: Number(row.id),
    name: String(row.name),
    product: String(row.product),
    description: String(row.description),
    default_assignee: String(row.default_assignee),
    default_qa_contact: row.default_qa_contact === null ? '' : String(row.default_qa_contact),
    default_cc: defaultCc,
    is_active: Number(row.isactive) !== 0,
  };
}
