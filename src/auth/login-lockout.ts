import type { DataSource, EntityManager } from 'typeorm';
import { BugzillaError, ErrorCode } from '../bugzilla/bugzilla-error.js';
import { dialectOf, toUtcDate } from '../database/dialect.js';
import { readsMayLagCluster } from '../database/galera/failover.js';
import { runInTransaction } from '../database/writes.js';
import { verifyPassword } from './password.js';

/**
 * Bugzilla 5.2's login lockout (Bugzilla/Auth/Verify/DB.pm `check_credentials`, User.pm
 * `account_is_locked_out` and friends, Constants.pm). Failures live in Bugzilla's own
 * `login_failure` table, so a Perl Bugzilla on the same database shares the count:
 * MAX_LOGIN_ATTEMPTS failures of one account from one IP within LOGIN_LOCKOUT_INTERVAL
 * minutes lock that account for that IP, right password included, until the oldest of
 * them leaves the window. API keys and login tokens are not affected (as in Bugzilla).
 */
export const MAX_LOGIN_ATTEMPTS = 5;
export const LOGIN_LOCKOUT_INTERVAL_MINUTES = 30;

export type PasswordCheck =
  { outcome: 'accepted' } | { outcome: 'wrong'; failures: number } | { outcome: 'locked'; ip: string; unlockAt: Date };

/**
 * Checks `password` against the account's stored hash, counting failures per account and IP.
 * One transaction per attempt, serialised per account (a row lock on its profile on MySQL; SQLite
 * runs transactions one at a time), so concurrent guesses are counted exactly and no more than
 * MAX_LOGIN_ATTEMPTS of them are ever compared within the window.
 */
export function checkPasswordWithLockout(
  ds: DataSource,
  userId: number,
  password: string,
  ip: string,
): Promise<PasswordCheck> {
  const forUpdate = dialectOf(ds).forUpdate;
  // A Galera node applies what other nodes commit a moment after their commit returns: without a
  // causal read, an attempt through one node may miss the failure just recorded through another.
  const causal = readsMayLagCluster(ds) ? 'SET STATEMENT wsrep_sync_wait = 1 FOR ' : '';
  return runInTransaction(ds, async (em) => {
    // The locking read comes first: the plain reads after it then see every failure committed before
    // (on Galera, committed on any node: the node first applies everything certified before it).
    const [profile]: { cryptpassword: string | null }[] = await em.query(
      `${causal}SELECT cryptpassword FROM profiles WHERE userid = ?${forUpdate}`,
      [userId],
    );
    const before = await recentFailures(ds, em, userId, ip);
    // Locked accounts are refused before the password is compared, and record nothing more.
    if (before.length >= MAX_LOGIN_ATTEMPTS) return locked(before, ip);

    if (profile?.cryptpassword && verifyPassword(password, profile.cryptpassword)) {
      // Bugzilla forgets this IP's failures and cancels the account's password-reset tokens.
      await em.query('DELETE FROM login_failure WHERE user_id = ? AND ip_addr = ?', [userId, ip]);
      await em.query("DELETE FROM tokens WHERE userid = ? AND tokentype = 'password'", [userId]);
      return { outcome: 'accepted' };
    }

    await em.query(
      `INSERT INTO login_failure (user_id, login_time, ip_addr) VALUES (?, ${dialectOf(ds).nowUtc()}, ?)`,
      [userId, ip],
    );
    const after = await recentFailures(ds, em, userId, ip);
    return after.length >= MAX_LOGIN_ATTEMPTS ? locked(after, ip) : { outcome: 'wrong', failures: after.length };
  });
}

/** This account's failures from this IP inside the window, oldest first. */
async function recentFailures(ds: DataSource, em: EntityManager, userId: number, ip: string): Promise<Date[]> {
  const rows: { login_time: Date | string }[] = await em.query(
    `SELECT login_time FROM login_failure
      WHERE user_id = ? AND ip_addr = ? AND login_time > ${dialectOf(ds).agoUtc(LOGIN_LOCKOUT_INTERVAL_MINUTES, 'minute')}
      ORDER BY login_time`,
    [userId, ip],
  );
  return rows.map((r) => toUtcDate(r.login_time));
}

/** The lock lifts when the MAX_LOGIN_ATTEMPTS-th most recent failure leaves the window. */
function locked(failures: Date[], ip: string): PasswordCheck {
  const determiner = failures[failures.length - MAX_LOGIN_ATTEMPTS];
  return { outcome: 'locked', ip, unlockAt: new Date(determiner.getTime() + LOGIN_LOCKOUT_INTERVAL_MINUTES * 60_000) };
}

/**
 * Bugzilla's `invalid_login_or_password`: from the third failure on, it warns how many attempts
 * remain. An unknown login (`failures` 0) never gets the warning and is never recorded.
 */
export function invalidLoginError(failures = 0): BugzillaError {
  const remaining = MAX_LOGIN_ATTEMPTS - failures;
  const warning =
    remaining <= 2
      ? ` If you do not enter the correct password after ${remaining} more attempt(s), you will be locked out of ` +
        `this account for ${LOGIN_LOCKOUT_INTERVAL_MINUTES} minutes. To avoid being locked out, you can reset your ` +
        'password using the "Forgot Password" link.'
      : '';
  return new BugzillaError(
    ErrorCode.INVALID_LOGIN_OR_PASSWORD,
    `The login or password you entered is not valid.${warning}`,
  );
}

/** Bugzilla's `account_locked` (no WebService number of its own, hence 32000 and HTTP 400). */
export function accountLockedError(ip: string, unlockAt: Date): BugzillaError {
  const unlock = toUtcDate(unlockAt).toISOString().slice(0, 16).replace('T', ' ');
  return new BugzillaError(
    ErrorCode.USER_ERROR,
    `Your IP (${ip}) has been locked out of this account until ${unlock} UTC, as you have exceeded the maximum ` +
      'number of login attempts.',
  );
}

/**
 * The address failures are recorded under (`login_failure.ip_addr`, varchar(40)): an IPv4 address
 * reached over an IPv6 socket is written as plain IPv4, as Apache gives it to Bugzilla.
 */
export function lockoutAddress(ip: string | undefined): string {
  const address = (ip ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return (address || '127.0.0.1').slice(0, 40);
}
