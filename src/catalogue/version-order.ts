/**
 * Bugzilla's version ordering (`vers_cmp`, SPEC §5.2, facts §2.4): versions of a
 * product are listed by comparing their lower-cased names token by token, so
 * "1.10" comes after "1.9" (and "2.0" before "2.0-beta": fewer tokens first).
 */

/** A token is a `-`, a `.`, a run of digits, or a run of anything else. */
const TOKEN = /[-.]|\d+|[^-.\d]+/g;

/** Leading zeros of a name go, as long as a digit and at least one more character remain ("007" → "07"). */
const LEADING_ZEROS = /^0*(\d.+)/;

/** Bugzilla's `vers_cmp(a, b)`: negative, zero or positive. Case-sensitive, as Bugzilla's own function is. */
export function versCmp(a: string, b: string): number {
  const left = a.replace(LEADING_ZEROS, '$1').match(TOKEN) ?? [];
  const right = b.replace(LEADING_ZEROS, '$1').match(TOKEN) ?? [];
  const shared = Math.min(left.length, right.length);
  for (let i = 0; i < shared; i++) {
    const order = compareTokens(left[i], right[i]);
    if (order !== 0) return order;
  }
  return Math.sign(left.length - right.length);
}

/** The order Bugzilla lists a product's versions in: `vers_cmp` on the lower-cased names. */
export function compareVersionNames(a: string, b: string): number {
  return versCmp(a.toLowerCase(), b.toLowerCase());
}

/** Sorts (a copy of) `items` by version name; items with equal names keep their order. */
export function sortByVersion<T>(items: readonly T[], name: (item: T) => string): T[] {
  return [...items].sort((x, y) => compareVersionNames(name(x), name(y)));
}

function compareTokens(a: string, b: string): number {
  // A '-' sorts before everything, then a '.'.
  for (const separator of ['-', '.']) {
    if (a === separator && b === separator) return 0;
    if (a === separator) return -1;
    if (b === separator) return 1;
  }
  if (isDigits(a) && isDigits(b)) {
    // With a leading zero on either side the runs compare as text ("01" < "1"), else as numbers.
    if (a.startsWith('0') || b.startsWith('0')) return compareCodePoints(a, b);
    return a.length !== b.length ? Math.sign(a.length - b.length) : compareCodePoints(a, b);
  }
  return compareCodePoints(a.toUpperCase(), b.toUpperCase());
}

function isDigits(token: string): boolean {
  return /^\d+$/.test(token);
}

/** Perl's `cmp`: by Unicode code point (JS `<` compares UTF-16 units, which differs above U+FFFF). */
function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done || y.done) return x.done ? (y.done ? 0 : -1) : 1;
    const diff = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (diff !== 0) return Math.sign(diff);
  }
}
