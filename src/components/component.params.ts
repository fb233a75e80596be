import { Errors } from '../bugzilla/bugzilla-error.js';
import {
  isNaturalNumber,
  parseId,
  parseOptionalBoolean,
  parseOptionalString,
  parsePerlTruth,
  toList,
} from '../bugzilla/params.js';
import { componentIdMissing } from './component.rules.js';

/**
 * Reading the parameters of Component.create, update and delete. Only JSON types
 * are checked here (53); the rules on the values are in component.rules.ts.
 */

type Params = Record<string, unknown>;

export interface CreateComponentInput {
  name?: string;
  description?: string;
  defaultAssignee?: string;
  defaultQaContact?: string;
  defaultCc: string[];
  isOpen?: boolean;
  createSeries?: boolean;
  /** The first key Bugzilla::Component->create would refuse at INSERT time. */
  unknownKey?: string;
}

/**
 * Keys of Component.create. `component` and `is_active` are the names python-bugzilla's
 * `addcomponent` documents for `name` and `is_open`; the Bugzilla names win when both are given.
 */
const CREATE_KEYS = new Set([
  'product',
  'name',
  'component',
  'description',
  'default_assignee',
  'default_qa_contact',
  'default_cc',
  'is_open',
  'is_active',
  'create_series',
]);

/** POST /rest/component: the values, type-checked (53). `is_open` and `create_series` are Perl truth, as in Bugzilla. */
export function parseCreateComponent(params: Params): CreateComponentInput {
  return {
    name: parseOptionalString('name', params.name) ?? parseOptionalString('component', params.component),
    description: parseOptionalString('description', params.description),
    defaultAssignee: parseOptionalString('default_assignee', params.default_assignee),
    defaultQaContact: parseOptionalString('default_qa_contact', params.default_qa_contact),
    defaultCc: parseLoginList('default_cc', params.default_cc),
    isOpen: parsePerlTruth('is_open', params.is_open) ?? parsePerlTruth('is_active', params.is_active),
    createSeries: parsePerlTruth('create_series', params.create_series),
    unknownKey: Object.keys(params).find((key) => !CREATE_KEYS.has(key)),
  };
}

/**
 * A list of logins: a JSON array of strings (a number is read as its text). A single string is
 * refused with 53 where Bugzilla 5.2 crashes (code 100500); `null` is no list.
 */
export function parseLoginList(param: string, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw Errors.invalidParam(param, 'an array of login names');
  return value.map((item) => {
    if (typeof item === 'string') return item;
    if (typeof item === 'number') return String(item);
    throw Errors.invalidParam(param, 'an array of login names');
  });
}

export type ComponentTarget = { id: number } | { product: string; component: string };

/**
 * The components a PUT or DELETE names: the path (`/{id}` or `/{product}/{component}`) when
 * there is one, as Bugzilla's REST server lets path values replace the body's; else body `ids`
 * and `names` (`[{product, component}]`), or `product` and `component` (bugzilla.mozilla.org's
 * form for names containing a slash). None → 50.
 */
export function parseComponentTargets(
  method: 'Component.update' | 'Component.delete',
  params: Params,
): { targets: ComponentTarget[]; consumed: Set<string> } {
  const consumed = new Set(['ids', 'names']);
  const targets: ComponentTarget[] = [];
  for (const id of list('ids', params.ids)) targets.push({ id: parseId('ids', id) });
  for (const name of list('names', params.names)) {
    if (typeof name !== 'object' || name === null || Array.isArray(name)) {
      throw Errors.invalidParam('names', 'an array of {product, component} objects');
    }
    const entry = name as Params;
    targets.push({
      product: parseOptionalString('names.product', entry.product) ?? '',
      component: parseOptionalString('names.component', entry.component) ?? '',
    });
  }
  if (targets.length === 0 && params.product !== undefined && params.component !== undefined) {
    targets.push({
      product: parseOptionalString('product', params.product) ?? '',
      component: parseOptionalString('component', params.component) ?? '',
    });
    consumed.add('product');
    consumed.add('component');
  }
  if (targets.length === 0) throw Errors.paramsRequired(method, ['ids', 'names']);
  return { targets, consumed };
}

/** `ids`/`names` of a body: a list (or one value). */
function list(param: string, value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'object' && !Array.isArray(value) && param === 'names') return [value];
  return toList(value);
}

/** The target a path names: all digits → an id; the two-segment form → product and component. */
/**
 * The component an RPC `Component.get` names: `id`, or `product` and `component` (the two path
 * segments of its REST route).
 */
export function rpcComponentTarget(params: Params): ComponentTarget {
  if (params.id !== undefined) return { id: parseId('id', params.id) };
  return {
    product: parseOptionalString('product', params.product) ?? '',
    component: parseOptionalString('component', params.component) ?? '',
  };
}

export function pathTarget(first: string, second?: string): ComponentTarget {
  if (second !== undefined) return { product: first, component: second };
  if (!isNaturalNumber(first)) throw componentIdMissing(first);
  return { id: Number(first) };
}

export interface ComponentChangesInput {
  name?: string;
  description?: string;
  defaultAssignee?: string;
  defaultQaContact?: string;
  defaultCc?: string[];
  isActive?: boolean;
}

const UPDATE_KEYS = new Set([
  'name',
  'description',
  'default_assignee',
  'default_qa_contact',
  'default_cc',
  'is_open',
  'is_active',
]);

/**
 * The new values of Component.update: top-level keys, and those of the `updates` object
 * python-bugzilla's `editcomponent` sends (which win). Any other key → 32000
 * `Unknown parameter`; wrong JSON types → 53.
 */
export function parseComponentChanges(params: Params, consumed: Set<string>): ComponentChangesInput {
  const values: Params = {};
  for (const [key, value] of Object.entries(params)) {
    if (consumed.has(key) || key === 'updates') continue;
    values[key] = value;
  }
  if (params.updates !== undefined && params.updates !== null) {
    if (typeof params.updates !== 'object' || Array.isArray(params.updates)) {
      throw Errors.invalidParam('updates', 'an object');
    }
    Object.assign(values, params.updates);
  }
  for (const key of Object.keys(values)) {
    if (!UPDATE_KEYS.has(key)) throw Errors.badRequest(`Unknown parameter '${key}'.`);
  }
  const nullIsNoString = (key: string) => {
    if (values[key] === null) throw Errors.invalidParam(key, 'a string');
    return parseOptionalString(key, values[key]);
  };
  const isOpen = parseOptionalBoolean('is_open', values.is_open);
  const isActive = parseOptionalBoolean('is_active', values.is_active);
  return {
    name: nullIsNoString('name'),
    description: nullIsNoString('description'),
    defaultAssignee: nullIsNoString('default_assignee'),
    // null clears the QA contact, as an empty string does.
    defaultQaContact:
      values.default_qa_contact === null ? '' : parseOptionalString('default_qa_contact', values.default_qa_contact),
    defaultCc: values.default_cc === undefined ? undefined : parseLoginList('default_cc', values.default_cc),
    isActive: isOpen ?? isActive,
  };
}
