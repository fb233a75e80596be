import { load } from 'js-yaml';

/**
 * A seed or catalogue file's YAML, parsed a run of top-level list items (about 512 KB of text) at a
 * time. js-yaml parsing a whole 20 MB catalogue at once makes about 250 MB of garbage before the
 * collector catches up (310 MB of RSS for a 2,000-product export); run by run, each run's garbage is
 * young and goes at once (150–180 MB of RSS); the price is CPU: 2.5 s against 1.1 s for the whole
 * parse of that file, item by item or in runs alike, measured with the file's strings copied. The file is
 * cut only where its layout makes the cut certain — a top-level `key:` at column 0 whose block sequence
 * has every item's `- ` at one indentation — and anything else (a document marker, a flow or scalar
 * value, an anchor or alias that crosses runs, a key given twice, a run that does not parse alone) is
 * parsed whole, so that the result and every error message are js-yaml's own for the whole file.
 */
export function loadYaml(text: string): unknown {
  let pieces: unknown;
  try {
    pieces = loadInPieces(text);
  } catch {
    pieces = undefined;
  }
  return pieces !== undefined ? pieces : load(text);
}

/** Text per parse: a few hundred kilobytes keep the per-parse cost small and the garbage young. */
const RUN_LENGTH = 512 * 1024;

const TOP_LEVEL_KEY = /^([A-Za-z_][\w-]*):[ \t]*(#.*)?$/;
const BLANK_OR_COMMENT = /^[ \t]*(#.*)?$/;

/** The document as `{key: items}`, or undefined when its layout is not the plain one cut here. */
function loadInPieces(text: string): Record<string, unknown> | undefined {
  // Directives and document markers: parsed whole.
  if (/^(%|---|\.\.\.)/m.test(text)) return undefined;
  const document: Record<string, unknown> = {};
  let current: { key: string; items: unknown[]; indent?: number; runStart?: number; runItems: number } | undefined;
  /** Parses the items since the run started, up to `end`. */
  const endRun = (end: number): boolean => {
    if (current?.runStart === undefined) return true;
    const parsed = load(text.slice(current.runStart, end));
    if (!Array.isArray(parsed) || parsed.length !== current.runItems) return false;
    for (const item of parsed) current.items.push(withOwnStrings(item));
    current.runStart = undefined;
    current.runItems = 0;
    return true;
  };
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline + 1;
    const line = text.slice(start, end).replace(/\r?\n$/, '');
    const lineStart = start;
    start = end;
    if (BLANK_OR_COMMENT.test(line)) continue;
    const key = TOP_LEVEL_KEY.exec(line);
    if (key) {
      if (!endRun(lineStart)) return undefined;
      if (key[1] in document) return undefined;
      current = { key: key[1], items: [], runItems: 0 };
      document[key[1]] = current.items;
      continue;
    }
    if (!current) return undefined;
    const indent = line.length - line.trimStart().length;
    const isItem = /^-( |$)/.test(line.slice(indent));
    current.indent ??= isItem ? indent : -1;
    if (current.indent < 0 || indent < current.indent) return undefined;
    if (isItem && indent === current.indent) {
      if (current.runStart !== undefined && lineStart - current.runStart >= RUN_LENGTH && !endRun(lineStart)) {
        return undefined;
      }
      current.runStart ??= lineStart;
      current.runItems++;
    } else if (current.runStart === undefined) return undefined;
  }
  if (!endRun(text.length)) return undefined;
  // No key at all (an empty file, or comments only): the whole parse says what that is.
  if (Object.keys(document).length === 0) return undefined;
  // A key without items is js-yaml's null, as the whole file's parse gives it.
  for (const [k, items] of Object.entries(document)) if ((items as unknown[]).length === 0) document[k] = null;
  return document;
}

/**
 * The item, its strings replaced by copies of their own, in place. js-yaml's strings are slices of
 * the text they were read from, which keeps the whole file's text (20 MB at 2,000 products) alive as
 * long as any one value is; with copies, the text goes once it is parsed.
 */
function withOwnStrings<T>(value: T): T {
  if (typeof value === 'string') return (value.length < SLICED_FROM ? value : JSON.parse(JSON.stringify(value))) as T;
  if (typeof value === 'object' && value !== null) {
    const container = value as Record<string, unknown>;
    for (const k of Object.keys(container)) container[k] = withOwnStrings(container[k]);
  }
  return value;
}

/** V8 copies a substring shorter than this; a longer one is a slice of its parent. */
const SLICED_FROM = 13;
