import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user.js';
import { BugzillaError, ErrorCode, Errors } from '../bugzilla/bugzilla-error.js';
import { FieldFilter } from '../bugzilla/field-filter.js';
import { parseIdList, parseStringList, toList } from '../bugzilla/params.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { dialectOf } from '../database/dialect.js';
import { matchEach, preferExact } from '../database/match-each.js';
import {
  classificationMissing,
  classificationNotEnabled,
  classificationNotSpecified,
  EDIT_CLASSIFICATIONS,
} from '../products/product-write.rules.js';
import { ProductVisibility } from '../catalogue/product-visibility.js';
import type { ClassificationDto, ClassificationListDto, ClassificationProductDto } from './dto/classification.dto.js';
import { DatabaseReader } from '../database/read-routing.js';

/** Parameters of Classification.get, as every transport hands them over. */
export interface ClassificationGetParams {
  /** Classification names (a single value is a list of one); matched as the database compares names. */
  names?: unknown;
  /** Classification ids. */
  ids?: unknown;
  include_fields?: unknown;
  exclude_fields?: unknown;
}

interface ClassificationRow {
  id: number;
  name: string;
  description: string | null;
  sortkey: number;
}

interface ProductRow {
  id: number;
  name: string;
  description: string;
  classification_id: number;
}

/**
 * Bugzilla's Classification.get: classifications by name and id with the products
 * the caller may see in them. Four statements at most, whatever the data: the
 * names, the ids, and the products of every classification found.
 */
@Injectable()
export class ClassificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: ProductVisibility,
    private readonly reader: DatabaseReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(user: AuthUser, params: ClassificationGetParams): Promise<ClassificationListDto> {
    if (params.names == null && params.ids == null) {
      throw Errors.paramsRequired('Classification.get', ['names', 'ids']);
    }
    // Bugzilla checks the setting before looking anything up, so unknown names get 900 too.
    const editor = user.groupNames.has(EDIT_CLASSIFICATIONS);
    if (!this.config.params.useclassification && !editor) {
      throw classificationNotEnabled();
    }

    // Bugzilla's order: every name (request order), then every id; the first miss is the error.
    const byName = await this.findByNames(parseStringList('names', params.names));
    const byId = await this.findByIds(parseIdList('ids', params.ids));
    const found: ClassificationRow[] = [];
    const seen = new Set<number>();
    for (const row of [...byName, ...byId]) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      found.push(row);
    }
    if (found.length === 0) return { classifications: [] };

    return this.answer(user, found, editor, FieldFilter.fromParams(params as Record<string, unknown>));
  }

  /**
   * Every classification the caller may see (our extension, `GET /rest/classification`): as
   * Classification.get would answer for all their names — the same setting check, the same items, the
   * same visibility (members of `editclassifications` see every classification and product; others
   * the classifications where they can select a product) — by sort key, then name, as Bugzilla lists
   * them. Two statements whatever the data.
   */
  async all(user: AuthUser, params: Record<string, unknown>): Promise<ClassificationListDto> {
    const editor = user.groupNames.has(EDIT_CLASSIFICATIONS);
    if (!this.config.params.useclassification && !editor) throw classificationNotEnabled();
    const rows: Record<string, unknown>[] = await this.reader.query(
      `SELECT c.id, c.name, c.description, c.sortkey FROM classifications c
        ORDER BY c.sortkey, ${dialectOf(this.dataSource).textOrder('c.name')}, c.id`,
    );
    if (rows.length === 0) return { classifications: [] };
    const found = rows.map(classificationRow);
    return this.answer(user, found, editor, FieldFilter.fromParams(params));
  }

  /** The items of Classification.get for these classifications, with the products the caller may see. */
  private async answer(
    user: AuthUser,
    found: ClassificationRow[],
    editor: boolean,
    filter: FieldFilter,
  ): Promise<ClassificationListDto> {
    const products = await this.productsOf(
      user,
      found.map((row) => row.id),
      editor,
    );
    const classifications: Partial<ClassificationDto>[] = [];
    for (const row of found) {
      const own = products.get(row.id) ?? [];
      // Outside editclassifications, a classification where the caller can select nothing is left out.
      if (!editor && own.length === 0) continue;
      classifications.push(
        filter.pick({
          id: row.id,
          name: row.name,
          description: row.description,
          sort_key: row.sortkey,
          products: own.map((product) => filter.pick(product, 'products') as ClassificationProductDto),
        }),
      );
    }
    return { classifications };
  }

  /** The classification of each name, in request order; blank → 50, unknown → 51. */
  private async findByNames(rawNames: string[]): Promise<ClassificationRow[]> {
    const names = rawNames.map((name) => name.trim());
    const dialect = dialectOf(this.dataSource);
    const matched = await matchEach(
      this.reader,
      { columns: 'c.id, c.name, c.description, c.sortkey', from: 'classifications c' },
      names.filter((name) => name !== ''),
      (name) => ({ sql: dialect.textEquals('c.name'), params: [name] }),
    );
    return names.map((name) => {
      if (name === '') throw classificationNotSpecified();
      const row = preferExact(matched.get(name), name);
      if (!row) throw classificationMissing(name);
      return classificationRow(row);
    });
  }

  /** The classification of each id, in request order; unknown → 51. */
  private async findByIds(ids: number[]): Promise<ClassificationRow[]> {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
    const rows: Record<string, unknown>[] = await this.reader.query(
      `SELECT c.id, c.name, c.description, c.sortkey FROM classifications c
        WHERE c.id IN (${unique.map(() => '?').join(', ')})`,
      unique,
    );
    const byId = new Map(rows.map((row) => [Number(row.id), classificationRow(row)]));
    return ids.map((id) => {
      const row = byId.get(id);
      if (!row) {
        throw new BugzillaError(ErrorCode.OBJECT_DOES_NOT_EXIST, `There is no classification with the id '${id}'.`);
      }
      return row;
    });
  }

  /** The products of these classifications, by name; only selectable ones unless `all`. */
  private async productsOf(
    user: AuthUser,
    classificationIds: number[],
    all: boolean,
  ): Promise<Map<number, ClassificationProductDto[]>> {
    const where = [`p.classification_id IN (${classificationIds.map(() => '?').join(', ')})`];
    const params: unknown[] = [...classificationIds];
    if (!all) {
      const selectable = this.visibility.condition(user, ['selectable'], 'p');
      where.push(`(${selectable.sql})`);
      params.push(...selectable.params);
    }
    const rows: ProductRow[] = await this.reader.query(
      `SELECT p.id, p.name, p.description, p.classification_id FROM products p
        WHERE ${where.join(' AND ')} ORDER BY ${this.visibility.orderByName('p')}`,
      params,
    );
    const out = new Map<number, ClassificationProductDto[]>();
    for (const row of rows) {
      const classificationId = Number(row.classification_id);
      const product = { id: Number(row.id), name: row.name, description: row.description };
      const list = out.get(classificationId);
      if (list) list.push(product);
      else out.set(classificationId, [product]);
    }
    return out;
  }
}

/**
 * The parameters of `GET /rest/classification/{id_or_name}`: the path value (an id when all
 * digits, else a name) comes first in `ids` or `names`, followed by the query's own values
 * (Bugzilla's REST merge for GET).
 */
export function classificationParams(query: Record<string, unknown>, idOrName: string): ClassificationGetParams {
  const key = /^\d+$/.test(idOrName) ? 'ids' : 'names';
  const extra = toList(query[key]).filter((value) => value !== idOrName);
  return { ...query, [key]: [idOrName, ...extra] };
}

function classificationRow(row: Record<string, unknown>): ClassificationRow {
  return {
    id: Number(row.id),
    name: String(row.name),
    description: row.description === null || row.description === undefined ? null : String(row.description),
    sortkey: Number(row.sortkey),
  };
}
