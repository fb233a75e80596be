/**
 * Paths as Apache 2.4 passes them to Bugzilla: duplicate slashes merged (MergeSlashes) and `.` and
 * `..` segments resolved, `%2e` counting as a dot (its URI normalisation). Clients rely on it: one
 * that joins a base URL ending in `/` with `/xmlrpc.cgi` asks for `//xmlrpc.cgi`. Every route is
 * matched on the normalised path; a path whose `..` would climb above the root is refused (400,
 * request-admission.ts), as Apache refuses it.
 */

/** Only such paths need any work: every other request keeps its URL untouched. */
const NEEDS_WORK = /\/\/|\/\.|\/%2e/i;
const DOT = /^(?:\.|%2e)$/i;
const DOT_DOT = /^(?:\.|%2e){2}$/i;

/** The URL with its path normalised (the query untouched), or null when the path climbs above the root. */
export function normalizeRequestUrl(url: string): string | null {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.startsWith('/') || !NEEDS_WORK.test(path)) return url;
  const kept: string[] = [];
  const segments = path.split('/').slice(1);
  for (const segment of segments) {
    if (segment === '' || DOT.test(segment)) continue;
    if (DOT_DOT.test(segment)) {
      if (kept.length === 0) return null;
      kept.pop();
      continue;
    }
    kept.push(segment);
  }
  // A path ending in `/`, `/.` or `/..` names a directory: it keeps its trailing slash.
  const last = segments[segments.length - 1];
  const trailing = kept.length > 0 && (last === '' || DOT.test(last) || DOT_DOT.test(last)) ? '/' : '';
  return `/${kept.join('/')}${trailing}${queryAt === -1 ? '' : url.slice(queryAt)}`;
}
