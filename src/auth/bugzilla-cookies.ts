/**
 * The cookies Bugzilla 5.2 sets at login (Bugzilla/Auth/Persist/Cookie.pm) and reads back
 * (Bugzilla/Auth/Login/Cookie.pm): the user id and the `logincookies` row's cookie.
 */
export const LOGIN_ID_COOKIE = 'Bugzilla_login';
export const LOGIN_COOKIE = 'Bugzilla_logincookie';

/** The value of the first cookie of this name in a `Cookie` header (RFC 6265: `a=1; b=2`), undefined when absent or empty. */
export function readCookie(header: string | string[] | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (!text.includes(name)) return undefined;
  for (const pair of text.split(';')) {
    const equalsAt = pair.indexOf('=');
    if (equalsAt === -1 || pair.slice(0, equalsAt).trim() !== name) continue;
    let value = pair.slice(equalsAt + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // Not percent-encoded text: the value as sent.
    }
    return value === '' ? undefined : value;
  }
  return undefined;
}
