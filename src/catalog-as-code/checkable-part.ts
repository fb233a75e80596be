import type { ErrorObject } from 'ajv';

/**
 * What can still be checked for names in a file whose shape is wrong (SPEC §14: every problem of a
 * bad file in one run). A value of the wrong type, or of neither documented form, is left out of the
 * copy; an item left without the name it needs is left out too, or, where what it holds can still be
 * checked (a product's components, a flag type's targets), given a name that nothing can refer to. The
 * copy's lists are shorter than the file's where items were left out: `pathInFile` turns a path in the
 * copy back into the file's, so every problem is named where the file has it.
 */

/** Schema keywords whose failure leaves a value unusable (its type or form is not the documented one). */
const UNUSABLE = new Set(['type', 'oneOf', 'anyOf', 'enum', 'const', 'not']);

/** A name no file can give (names are printable): an item's stand-in, named by its path. */
const standIn = (path: string) => `\u0000${path}`;

/** Whether a name is a stand-in: not the file's, never looked up on the service. */
export const isStandIn = (name: string): boolean => name.startsWith('\u0000');

/** The lists whose items need a name; `keep`: an item without one is kept under a stand-in name. */
const NAMED_ITEMS: { list: RegExp; field: string; keep: boolean }[] = [
  { list: /^products$/, field: 'name', keep: true },
  { list: /^products\[\d+\]\.components$/, field: 'name', keep: true },
  { list: /^flag_types$/, field: 'name', keep: true },
  { list: /^classifications$/, field: 'name', keep: false },
  { list: /^groups$/, field: 'name', keep: false },
  { list: /^products\[\d+\]\.group_controls$/, field: 'group', keep: false },
];

export interface CheckablePart {
  /** The file's well-formed parts, in the catalogue file's shape. */
  document: Record<string, unknown>;
  /** `products[1].components[0].x` in the copy → the same in the file. */
  pathInFile(path: string): string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `/products/2/name` → ['products', 2, 'name']. */
function steps(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const pointerKey = (path: (string | number)[]) => path.join('/');

export function checkablePart(input: unknown, errors: ErrorObject[]): CheckablePart | undefined {
  if (!isObject(input)) return undefined;
  const unusable = new Set(
    errors
      .filter((e) => UNUSABLE.has(e.keyword) && e.instancePath !== '')
      .map((e) => pointerKey(steps(e.instancePath))),
  );
  /** Copy path (`products[0].components`) → the file's index of each item kept. */
  const kept = new Map<string, number[]>();

  const copy = (value: unknown, at: (string | number)[], path: string): unknown => {
    if (Array.isArray(value)) {
      const items: unknown[] = [];
      const indices: number[] = [];
      const named = NAMED_ITEMS.find((n) => n.list.test(path));
      value.forEach((item, i) => {
        const itemAt = [...at, i];
        if (unusable.has(pointerKey(itemAt))) return;
        let itemCopy = copy(item, itemAt, `${path}[${items.length}]`);
        if (named && isObject(itemCopy) && typeof itemCopy[named.field] !== 'string') {
          if (!named.keep) return;
          itemCopy = { ...itemCopy, [named.field]: standIn(`${path}[${i}]`) };
        }
        items.push(itemCopy);
        indices.push(i);
      });
      kept.set(path, indices);
      return items;
    }
    if (isObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [field, item] of Object.entries(value)) {
        const itemAt = [...at, field];
        if (unusable.has(pointerKey(itemAt))) continue;
        out[field] = copy(item, itemAt, path ? `${path}.${field}` : field);
      }
      return out;
    }
    return value;
  };

  const document = copy(input, [], '') as Record<string, unknown>;
  return {
    document,
    pathInFile(path) {
      // Each `[i]` is looked up under the copy's path so far, and written as the file's index.
      let inCopy = '';
      let inFile = '';
      for (const token of path.match(/[^.[\]]+|\[\d+\]/g) ?? []) {
        if (token.startsWith('[')) {
          const i = Number(token.slice(1, -1));
          inFile += `[${kept.get(inCopy)?.[i] ?? i}]`;
          inCopy += token;
        } else {
          inCopy += inCopy ? `.${token}` : token;
          inFile += inFile ? `.${token}` : token;
        }
      }
      return inFile;
    },
  };
}
