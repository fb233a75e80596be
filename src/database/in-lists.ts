/**
 * Lists of values named in a statement (`IN (?, ?, ...)`) or in a request: a long list goes a
 * chunk at a time, so that no statement passes what a database binds at once (SQLite's limits on
 * placeholders and result columns) and no URL passes what a proxy in front accepts.
 */

/** `items` in runs of at most `size`, in order. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** One `?` per item, for `IN (...)`. */
export function placeholders(items: readonly unknown[]): string {
  return items.map(() => '?').join(', ');
}
