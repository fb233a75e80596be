import fc from 'fast-check';

/**
 * Generators of hostile HTTP requests for the fuzzing suite: paths, methods,
 * query strings (repeated, empty, huge, Unicode, SQL fragments, broken
 * percent-encoding), JSON bodies of every type and nesting, malformed bodies and
 * wrong content types. Everything a request carries is ASCII on the wire
 * (percent-encoded UTF-8), as a real client would send it.
 */

export interface FuzzRequest {
  method: string;
  /** Path and query string, as sent. */
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Everything the request carries, decoded, for telling echoed input from leaked internals. */
  carried: unknown[];
}

/** Percent-encodes UTF-8 bytes (lone surrogates become U+FFFD, as a UTF-8 encoder does). */
export function encode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const SQL = [
  "' OR '1'='1",
  '1 OR 1=1',
  "'; DROP TABLE products; --",
  "1' UNION SELECT login_name, cryptpassword FROM profiles --",
  '1); DELETE FROM bug_user_last_visit; --',
  "x' AND SLEEP(5) --",
  '%',
  '_',
  '\\',
  '\\0',
  '`groups`',
  '"',
  "'",
  '--',
  '/*',
  '*/',
];

const NUMBERS = [
  '',
  ' ',
  '0',
  '1',
  '2',
  '3',
  '-1',
  '007',
  '1.5',
  '1e3',
  '+1',
  ' 42 ',
  '9007199254740993',
  '99999999999999999999',
  '0x1F',
  'NaN',
  'Infinity',
];

const WORDS = [
  'null',
  'true',
  'false',
  '[]',
  '{}',
  'get',
  '_all',
  '_default',
  'id',
  'name',
  'ids',
  'names',
  'components',
  'components.name',
  'components.flag_types',
  'components.flag_types.bug',
  'versions.name',
  'milestones',
  'flag_types',
  'accessible',
  'selectable',
  'enterable',
  'Accessible',
  'accessible,selectable',
  'id,name',
  '---',
  'Unclassified',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
];

const UNICODE = [
  '😀',
  'Ünïcödé',
  '\u202Eevil',
  'e\u0301',
  '\u0000',
  '\u0007bell',
  '\uFFFF',
  '\uFEFF',
  'ﬁ',
  'İ',
  'ß',
  'ǅ',
  '\u00A0',
  '\u2028',
  '中文产品',
  'עברית',
  '<script>alert(1)</script>',
  '&amp;',
  'a\nb',
  '\t',
];

/**
 * Characters of 4 bytes in UTF-8 (beyond U+FFFF), which a 3-byte UTF-8 database (Bugzilla 5.0's utf8mb3,
 * SPEC §8) cannot store: emoji, a CJK Extension B ideograph, mathematical letters, a flag (two
 * regional indicators), alone and inside ASCII. The fuzz spec's databases store them (utf8mb4, UTF8,
 * SQLite), so its answers stay alike across them; test/utf8mb3.e2e-spec.ts covers the 3-byte database.
 */
export const FOUR_BYTE = ['🚀', '𠀀', '𝔘𝔫𝔦', '🇫🇷', 'a😀b', 'rocket 🚀 here', '😀'.repeat(3)];

const LONG = ['x'.repeat(64), 'x'.repeat(65), 'é'.repeat(65), '😀'.repeat(64), 'y'.repeat(10_000), '1'.repeat(400)];

/** Strings with a meaning somewhere in the service, plus the fixture's own names and ids. */
export function interestingStrings(known: string[]): fc.Arbitrary<string> {
  const variants = known.flatMap((k) => [k, k.toUpperCase(), k.toLowerCase(), ` ${k} `, `${k}🚀`]);
  return fc.constantFrom(...SQL, ...NUMBERS, ...WORDS, ...UNICODE, ...FOUR_BYTE, ...LONG, ...variants);
}

export function anyString(known: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: interestingStrings(known) },
    { weight: 2, arbitrary: fc.string({ maxLength: 16 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
    { weight: 2, arbitrary: fc.nat({ max: 60 }).map(String) },
    { weight: 1, arbitrary: fc.integer().map(String) },
  );
}

/** Any JSON value, weighted towards the interesting ones. */
export function jsonValue(known: string[]): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    { weight: 4, arbitrary: anyString(known) },
    { weight: 2, arbitrary: fc.nat({ max: 60 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(0, -1, -0, 1.5, 1e300, -1e300, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 0.1),
    },
    { weight: 2, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  return fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 2, arbitrary: fc.array(scalar, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );
}

/** Bodies that are not a JSON object, or not JSON at all. */
export const MALFORMED_BODIES = [
  '{',
  '}',
  '{"name":}',
  '[1,2',
  'null',
  '"a string"',
  '123',
  '-1',
  'true',
  '[]',
  '[{"ids":[1]}]',
  '\uFEFF{"ids":[1]}',
  '{"ids":[1]}{"ids":[2]}',
  '{"ids":[1],}',
  "{'ids':[1]}",
  'NaN',
  '{"ids": NaN}',
  '{"ids": [1e999]}',
  'undefined',
  '<xml/>',
  'ids=1&ids=2',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"__proto__":{"admin":true},"ids":[1]}',
  '{"constructor":{"prototype":{"x":1}}}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
  `{${Array.from({ length: 3000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
];

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/json; charset=utf-16le',
  '*/*',
  'garbage',
  ';;;',
];

/** Raw, deliberately odd query-string fragments (kept ASCII). */
export const RAW_QUERY = [
  '',
  '&',
  '&&',
  '=',
  'ids',
  'ids=',
  '=1',
  '%',
  '%zz',
  '%00',
  '%ED%A0%80',
  '%FF',
  '+',
  ';',
  'a=b=c',
  'ids[]=1',
  'ids[0]=1',
  'ids.x=1',
  '__proto__[admin]=1',
  'constructor[prototype][x]=1',
];

export type Pair = [string, string];

/** A query string from key/value pairs (repeats kept) and raw fragments. */
export function queryString(pairs: Pair[], raw: string[] = []): string {
  const parts = [...pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`), ...raw];
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Query pairs with keys from `keys` (and now and then any key), values any string; repeats and empties included. */
export function queryPairs(keys: string[], known: string[], maxLength = 6): fc.Arbitrary<Pair[]> {
  const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: anyString(known) });
  return fc.oneof(fc.constant<Pair[]>([]), fc.array(fc.tuple(key, anyString(known)), { maxLength }));
}

/** A body for a write route: known keys with values of any JSON type, any JSON at all, or a malformed text. */
export function bodyText(
  keys: string[],
  known: string[],
  valid?: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<string | undefined> {
  const value = jsonValue(known);
  const keyed = fc.dictionary(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }),
    value,
    {
      maxKeys: 6,
    },
  );
  const options: fc.WeightedArbitrary<string | undefined>[] = [
    { weight: 6, arbitrary: keyed.map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_BODIES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant('') },
  ];
  if (valid) options.push({ weight: 10, arbitrary: valid.map((b) => JSON.stringify(b)) });
  return fc.oneof(...options);
}

/** A JSON body parsed back for `carried`, or the text when it is not JSON. */
export function parsedOrText(payload: string | undefined): unknown {
  if (payload === undefined) return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}
