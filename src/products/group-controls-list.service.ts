import { placeholders } from '../database/in-lists.js';
import { Injectable, type StreamableFile } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { dialectOf } from '../database/dialect.js';
import { DatabaseReader } from '../database/read-routing.js';
import { digestOf, listPieces, streamedAnswer } from '../bugzilla/streamed-answer.js';
import type { ProductGroupControlsDto, ProductGroupControlsListDto } from './dto/group-controls.dto.js';
import { type ControlledGroupRow, groupControlItem } from './group-controls.mapper.js';
import { CONTROL_FIELDS, type ControlSettings, NO_CONTROL } from './group-controls.rules.js';
import { WHOLE_ANSWER_ROWS_LIMIT } from './product-answer.js';
import { ProductAdminPolicy } from './product-admin-policy.js';
import { readProductQuery } from './products.service.js';

/** Most product ids named in the rows' statement; past it (a caller asking for thousands), every row is read. */
const MAX_IDS_IN_ONE_STATEMENT = 1000;

/** A `groups` row that may appear in a product's list. */
interface GroupRow extends ControlledGroupRow {
  isbuggroup: number;
}

/**
 * The group controls of many products at once (`GET /rest/product_group_controls`): the lists the
 * product route `GET /rest/product/{id_or_name}/group_controls` gives one product at a time, for every
 * product the caller administers, or those of them named by `ids` and `names` — without the bug counts,
 * which cost a count over the bugs of each product. A product the caller cannot administer, or that does
 * not exist, is left out, as `GET /rest/product` leaves out what the caller cannot see. Three statements
 * whatever the number of products (four for a caller outside `editcomponents`): the products, their
 * `group_control_map` rows, and the groups; the products asked for are picked from the caller's own.
 * Every product lists every active bug group, so the answer grows with products × groups (10 MB at
 * 2,000 products and 20 groups) while the rows read do not: past WHOLE_ANSWER_ROWS_LIMIT items it is
 * streamed as `GET /rest/product` streams, each product's list made only when the socket takes it.
 */
@Injectable()
export class GroupControlsListService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: DatabaseReader,
    private readonly policy: ProductAdminPolicy,
  ) {}

  async list(user: AuthUser, params: Record<string, unknown>): Promise<ProductGroupControlsListDto | StreamableFile> {
    await this.policy.assertAdministersSomeProduct(user, 'products');
    const query = readProductQuery({ ids: params.ids, names: params.names });
    const administered = this.policy.administeredCondition(user, 'p');

    const products: { id: number; name: string }[] = await this.reader.query(
      `SELECT p.id, p.name FROM products p WHERE ${administered.sql} ORDER BY ${dialectOf(this.dataSource).textOrder('p.name')}, p.id`,
      administered.params,
    );
    const ids = new Set(query.ids);
    const names = new Set(query.names);
    const wanted = query.filtered
      ? products.filter((p) => ids.has(Number(p.id)) || names.has(String(p.name).toLowerCase()))
      : products;
    if (wanted.length === 0) return { products: [] };

    // Only the rows of the products asked for: the catalogue command asks 100 names at a time, and each
    // request reading every product's rows would make its reads grow with the square of the catalogue.
    const only =
      query.filtered && wanted.length <= MAX_IDS_IN_ONE_STATEMENT ? wanted.map((p) => Number(p.id)) : undefined;
    const maps: Record<string, unknown>[] = await this.reader.query(
      `SELECT gcm.product_id, gcm.group_id, ${CONTROL_FIELDS.map((f) => `gcm.${f}`).join(', ')}
         FROM group_control_map gcm JOIN products p ON p.id = gcm.product_id
        WHERE ${administered.sql}${only ? ` AND gcm.product_id IN (${placeholders(only)})` : ''}`,
      [...administered.params, ...(only ?? [])],
    );
    const groups: GroupRow[] = (
      await this.reader.query(
        `SELECT g.id, g.name, g.description, g.isactive, g.isbuggroup FROM \`groups\` g
          WHERE (g.isbuggroup = 1 AND g.isactive = 1)
             OR EXISTS (SELECT 1 FROM group_control_map gcm WHERE gcm.group_id = g.id)
          ORDER BY ${dialectOf(this.dataSource).textOrder('g.name')}, g.id`,
      )
    ).map((raw: Record<string, unknown>) => ({
      id: Number(raw.id),
      name: String(raw.name),
      description: String(raw.description ?? ''),
      isactive: Number(raw.isactive),
      isbuggroup: Number(raw.isbuggroup),
    }));

    // product id → group id → its settings
    const settingsOf = new Map<number, Map<number, ControlSettings>>();
    for (const row of maps) {
      const productId = Number(row.product_id);
      const settings = { ...NO_CONTROL };
      for (const field of CONTROL_FIELDS) settings[field] = Number(row[field] ?? 0);
      const own = settingsOf.get(productId) ?? new Map<number, ControlSettings>();
      own.set(Number(row.group_id), settings);
      settingsOf.set(productId, own);
    }
    const isActiveBugGroup = (g: GroupRow) => g.isbuggroup === 1 && g.isactive === 1;
    const productOf = (p: { id: number; name: string }): ProductGroupControlsDto => {
      const own = settingsOf.get(Number(p.id));
      // As the one-product list: every active bug group, and every group in the product's map.
      const listed = groups.filter((g) => isActiveBugGroup(g) || own?.has(g.id));
      return {
        id: Number(p.id),
        name: String(p.name),
        group_controls: listed.map((g) => groupControlItem(g, own?.get(g.id) ?? NO_CONTROL)),
      };
    };
    // At most this many items (each product, its active bug groups, and the groups of its map rows).
    const items = wanted.length * (1 + groups.filter(isActiveBugGroup).length) + maps.length;
    if (items <= WHOLE_ANSWER_ROWS_LIMIT) return { products: wanted.map(productOf) };
    function* mapped() {
      for (const p of wanted) yield productOf(p);
    }
    const pieces = () => listPieces('products', mapped());
    return streamedAnswer(pieces, await digestOf(pieces));
  }
}
