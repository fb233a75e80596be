import { Errors } from '../bugzilla/bugzilla-error.js';
import { productNotSpecified } from './product-write.rules.js';
import {
  isNaturalNumber,
  parseId,
  parseOptionalBoolean,
  parseOptionalString,
  parseStringList,
  toList,
} from '../bugzilla/params.js';

/**
 * Reading the parameters of product create and update (SPEC §2, §5.3, §5.4).
 * As in Bugzilla, query-string parameters of a POST/PUT join the JSON body and
 * win over it. Only JSON types are checked here (53, 52, 50, unknown keys);
 * the rules on the values themselves are in product-write.rules.ts.
 */

type Params = Record<string, unknown>;

/** The body and the query as one set of parameters, query keys winning; remembers which keys came from the query. */
export function mergeParams(query: unknown, body: unknown): { params: Params; fromQuery: Set<string> } {
  const q = isObject(query) ? query : {};
  const b = isObject(body) ? body : {};
  return { params: { ...b, ...q }, fromQuery: new Set(Object.keys(q)) };
}

function isObject(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface CreateProductInput {
  name?: string;
  description?: string;
  version?: string;
  classification?: string;
  defaultMilestone?: string;
  hasUnconfirmed?: boolean;
  isOpen?: boolean;
  createSeries?: boolean;
}

/** POST /rest/product: the known keys, type-checked (53); everything else is ignored. */
export function parseCreateParams(params: Params): CreateProductInput {
  return {
    name: parseOptionalString('name', params.name),
    description: parseOptionalString('description', params.description),
    version: parseOptionalString('version', params.version),
    classification: parseOptionalString('classification', params.classification),
    defaultMilestone: parseOptionalString('default_milestone', params.default_milestone),
    hasUnconfirmed: parseOptionalBoolean('has_unconfirmed', params.has_unconfirmed),
    isOpen: parseOptionalBoolean('is_open', params.is_open),
    createSeries: parseOptionalBoolean('create_series', params.create_series),
  };
}

export type UpdateTarget = { id: number } | { name: string };

export interface UpdateProductValues {
  name?: string;
  description?: string;
  defaultMilestone?: string;
  hasUnconfirmed?: boolean;
  isOpen?: boolean;
  /** A classification's name: the products move into it (Bugzilla's editclassifications.cgi reclassify). */
  classification?: string;
}

/** Keys PUT /rest/product accepts; every other one is refused with "Unknown parameter". */
const UPDATE_KEYS = new Set([
  'ids',
  'names',
  'name',
  'description',
  'default_milestone',
  'has_unconfirmed',
  'allows_unconfirmed',
  'is_open',
  'is_active',
  'classification',
]);

/**
 * PUT /rest/product[/{id_or_name}]: the targets, path first, then `ids`, then `names`, in request
 * order (duplicates are removed once resolved). None → 50; a non-numeric id → 52; a wrong JSON
 * type → 53; a blank name → 50 (Bugzilla's object_not_specified).
 */
export function parseUpdateTargets(path: string | undefined, params: Params, fromQuery: Set<string>): UpdateTarget[] {
  const targets: UpdateTarget[] = [];
  if (path !== undefined) targets.push(isNaturalNumber(path) ? { id: Number(path) } : { name: path });
  for (const id of targetList('ids', params.ids, fromQuery)) targets.push({ id: parseId('ids', id) });
  for (const name of parseStringList('names', targetList('names', params.names, fromQuery))) targets.push({ name });
  if (targets.length === 0) throw Errors.paramsRequired('Product.update', ['ids', 'names']);
  if (targets.some((target) => 'name' in target && target.name.trim() === '')) throw productNotSpecified();
  return targets;
}

/**
 * PUT /rest/product: the new values. Read once the targets are resolved, as Bugzilla sets them
 * only then: unknown keys (32000) and value types (53).
 */
export function parseUpdateValues(params: Params): UpdateProductValues {
  for (const key of Object.keys(params)) {
    if (!UPDATE_KEYS.has(key)) throw Errors.badRequest(`Unknown parameter '${key}'.`);
  }
  // An alias is read (and type-checked) too; the documented name wins when both are given.
  const hasUnconfirmed = setBoolean('has_unconfirmed', params.has_unconfirmed);
  const allowsUnconfirmed = setBoolean('allows_unconfirmed', params.allows_unconfirmed);
  const isOpen = setBoolean('is_open', params.is_open);
  const isActive = setBoolean('is_active', params.is_active);
  return {
    name: setString('name', params.name),
    description: setString('description', params.description),
    defaultMilestone: setString('default_milestone', params.default_milestone),
    hasUnconfirmed: hasUnconfirmed ?? allowsUnconfirmed,
    isOpen: isOpen ?? isActive,
    classification: setString('classification', params.classification),
  };
}

/** `ids`/`names`: an array in a JSON body (53 otherwise); repeated or single values in the query. */
function targetList(param: string, value: unknown, fromQuery: Set<string>): unknown[] {
  if (value === undefined || value === null) return [];
  if (fromQuery.has(param)) return toList(value);
  if (!Array.isArray(value)) throw Errors.invalidParam(param, 'an array');
  return value;
}

/** A new value given for a string field; `null` is no string (53). */
function setString(param: string, value: unknown): string | undefined {
  if (value === null) throw Errors.invalidParam(param, 'a string');
  return parseOptionalString(param, value);
}

/** A new value given for a boolean field; `null` is no boolean (53). */
function setBoolean(param: string, value: unknown): boolean | undefined {
  if (value === null) throw Errors.invalidParam(param, 'a boolean');
  return parseOptionalBoolean(param, value);
}
