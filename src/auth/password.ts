import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Bugzilla's password storage (`Bugzilla::Util::bz_crypt`):
 * `<salt>,<base64 of DIGEST(password . salt), no padding>{ALGORITHM}`, with an
 * 8-character alphanumeric salt and SHA-256 for new passwords.
 */
const SALT_LENGTH = 8;
const ALGORITHM = 'SHA-256';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Bugzilla's algorithm names (Perl Digest) → node:crypto's. */
const DIGESTS: Record<string, string> = {
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
  'SHA-224': 'sha224',
  'SHA-1': 'sha1',
  MD5: 'md5',
};

/** `length` characters from [A-Za-z0-9], uniformly, from the CSPRNG (as `generate_random_password`). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

function digest(algorithm: string, plain: string, salt: string): string | undefined {
  const node = DIGESTS[algorithm];
  if (!node) return undefined;
  return createHash(node)
    .update(Buffer.from(plain + salt, 'utf8'))
    .digest('base64')
    .replace(/=+$/, '');
}

/** A new stored password: `<8-char salt>,<hash>{SHA-256}`. */
export function hashPassword(plain: string, salt: string = randomAlphanumeric(SALT_LENGTH)): string {
  return `${salt},${digest(ALGORITHM, plain, salt)}{${ALGORITHM}}`;
}

/**
 * Checks a password against a stored `cryptpassword`. Only digest-based
 * hashes (`...{ALGORITHM}`) are supported; legacy crypt(3) hashes and NULL never match.
 */
export function verifyPassword(plain: string, stored: string | null | undefined): boolean {
  if (!stored) return false;
  const algorithm = /\{([^}]+)\}$/.exec(stored)?.[1];
  if (!algorithm) return false;
  // As bz_crypt: the salt is everything before the first comma.
  const salt = /^([^,]+),?/.exec(stored)?.[1];
  if (!salt || salt === stored) return false;
  const hash = digest(algorithm, plain, salt);
  if (hash === undefined) return false;
  const expected = Buffer.from(`${salt},${hash}{${algorithm}}`, 'utf8');
  const actual = Buffer.from(stored, 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A new API key: 40 random alphanumeric characters (`Bugzilla::User::APIKey`). */
export function generateApiKey(): string {
  return randomAlphanumeric(40);
}

/** A new `logincookies.cookie`: 16 random alphanumeric characters. */
export function generateLoginCookie(): string {
  return randomAlphanumeric(16);
}
