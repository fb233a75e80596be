/**
 * Whether a request's URL may be kept as the key of something remembered for the requests that
 * repeat it (the access line's redacted URL, an answer found by its URL): not a long one, whose
 * keys would take memory out of proportion, and never one with a password in it, which no memory
 * of the process is to hold past its request — also spelt with percent-encoded letters, as the
 * query parser decodes them (a URL that does not decode is not kept either). API keys and tokens
 * in a URL may be kept: the model holds them anyway.
 */
export function mayRememberUrl(url: string): boolean {
  if (url.length > REMEMBERED_URL_LENGTH || PASSWORD.test(url)) return false;
  if (!url.includes('%')) return true;
  try {
    return !PASSWORD.test(decodeURIComponent(url));
  } catch {
    return false;
  }
}

const REMEMBERED_URL_LENGTH = 2048;
const PASSWORD = /password/i;
