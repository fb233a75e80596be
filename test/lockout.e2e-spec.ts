import type { AddressInfo } from 'node:net';
import { toSqlDateTime } from '../src/database/dialect.js';
import { request as httpRequest } from './support/service-process.js';
import { envelope } from './support/envelope.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * Bugzilla 5.2's login lockout (reference/bugzilla-admin-responses.md §5): failures are rows of
 * `login_failure`; five of one account from one IP within 30 minutes lock that account for that IP.
 */

const INVALID = 'The login or password you entered is not valid.';
const warning = (remaining: number) =>
  `${INVALID} If you do not enter the correct password after ${remaining} more attempt(s), you will be locked out of ` +
  'this account for 30 minutes. To avoid being locked out, you can reset your password using the "Forgot Password" link.';
const lockedMessage = (ip: string, until: string) =>
  `Your IP (${ip}) has been locked out of this account until ${until} UTC, as you have exceeded the maximum number of login attempts.`;

const PASSWORD = 'right-password';

interface FailureRow {
  user_id: number;
  login_time: Date | string;
  ip_addr: string;
}

function asDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);
}

/** `YYYY-MM-DD HH:MM` of a stored failure time plus 30 minutes: when Bugzilla lifts the lock. */
function unlockTime(loginTime: Date | string): string {
  return new Date(asDate(loginTime).getTime() + 30 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

async function failures(app: TestApp, userId: number): Promise<FailureRow[]> {
  return app.rows('SELECT user_id, login_time, ip_addr FROM login_failure WHERE user_id = ? ORDER BY login_time', [
    userId,
  ]);
}

const login = (app: TestApp, user: string, password: string, remoteAddress?: string) =>
  app.get('/rest/login', { query: { login: user, password }, remoteAddress });

/** Five wrong passwords from `ip`: the fifth answers the lock. */
async function lockOut(app: TestApp, user: string, ip?: string) {
  const answers = [];
  for (let attempt = 1; attempt <= 5; attempt++) answers.push(await login(app, user, `wrong-${attempt}`, ip));
  return answers;
}

forEachDialect('login lockout', (app) => {
  let seq = 0;
  /** A fresh account with a password and an API key, so tests never share failure counts. */
  async function account(options: { enabled?: boolean } = {}) {
    const name = `lock-${++seq}@example.com`;
    const id = await app().seed.user(name, { password: PASSWORD, enabled: options.enabled });
    const key = await app().seed.apiKey(id);
    return { id, name, key };
  }

  it('answers attempts 1-2 with 300, warns at 3-4, and locks at the 5th with 32000 (HTTP 400)', async () => {
    const user = await account();
    const answers = await lockOut(app(), user.name);
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 400]);
    expect(answers.slice(0, 4).map((a) => a.body)).toEqual([
      envelope(300, INVALID),
      envelope(300, INVALID),
      envelope(300, warning(2)),
      envelope(300, warning(1)),
    ]);
    const rows = await failures(app(), user.id);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.ip_addr === '127.0.0.1' && Number(r.user_id) === user.id)).toBe(true);
    expect(answers[4].body).toEqual(envelope(32000, lockedMessage('127.0.0.1', unlockTime(rows[0].login_time))));
  });

  it('refuses the right password while locked, on /rest/login and as credentials on any route', async () => {
    const user = await account();
    await lockOut(app(), user.name);
    const [first] = await failures(app(), user.id);
    const expected = envelope(32000, lockedMessage('127.0.0.1', unlockTime(first.login_time)));

    const attempts = [
      login(app(), user.name, PASSWORD),
      app().get('/rest/product_accessible', { query: { login: user.name, password: PASSWORD } }),
      app().get('/rest/product_accessible', { query: { Bugzilla_login: user.name, Bugzilla_password: PASSWORD } }),
      app().get('/rest/whoami', { headers: { 'X-BUGZILLA-LOGIN': user.name, 'X-BUGZILLA-PASSWORD': PASSWORD } }),
      app().get('/rest/version', { query: { login: user.name, password: PASSWORD } }),
      app().post('/rest/bug_user_last_visit/1', { query: { login: user.name, password: PASSWORD } }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(expected);
    }
    // The lockout check runs before the password is compared: nothing more is recorded.
    expect(await failures(app(), user.id)).toHaveLength(5);
  });

  it('records no failure while locked: a 6th wrong password gets the lock and no row', async () => {
    const user = await account();
    await lockOut(app(), user.name);
    const sixth = await login(app(), user.name, 'wrong-6');
    expect(sixth.status).toBe(400);
    expect(sixth.body.code).toBe(32000);
    expect(await failures(app(), user.id)).toHaveLength(5);
  });

  it("keeps a locked account's API key and its earlier login tokens working", async () => {
    const user = await account();
    const before = await login(app(), user.name, PASSWORD);
    expect(before.status).toBe(200);
    await lockOut(app(), user.name);
    const byKey = await app().get('/rest/whoami', { query: { api_key: user.key } });
    expect(byKey.status).toBe(200);
    expect(byKey.body.id).toBe(user.id);
    const byToken = await app().get('/rest/whoami', { query: { token: before.body.token } });
    expect(byToken.status).toBe(200);
    expect(byToken.body.id).toBe(user.id);
  });

  it('locks the account for that IP only: another address logs in, and its failures are its own', async () => {
    const user = await account();
    await lockOut(app(), user.name);
    const elsewhere = await login(app(), user.name, PASSWORD, '127.0.0.2');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toEqual({ id: user.id, token: expect.stringMatching(new RegExp(`^${user.id}-\\w+$`)) });
    const wrongElsewhere = await login(app(), user.name, 'wrong', '127.0.0.3');
    expect(wrongElsewhere.status).toBe(401);
    expect(wrongElsewhere.body).toEqual(envelope(300, INVALID));
    const rows = await failures(app(), user.id);
    expect(rows.map((r) => r.ip_addr).sort()).toEqual([...Array(5).fill('127.0.0.1'), '127.0.0.3']);
    expect((await login(app(), user.name, PASSWORD)).status).toBe(400);
  });

  it("clears this IP's failures and the account's password-reset tokens on a good login, nothing else", async () => {
    const user = await account();
    await login(app(), user.name, 'wrong-a');
    await login(app(), user.name, 'wrong-b');
    await login(app(), user.name, 'wrong-c', '127.0.0.2');
    const now = new Date();
    await app().seed.insert('tokens', {
      userid: user.id,
      issuedate: now,
      token: `pw${seq}aaaaaaaa`,
      tokentype: 'password',
    });
    await app().seed.insert('tokens', {
      userid: user.id,
      issuedate: now,
      token: `em${seq}aaaaaaaa`,
      tokentype: 'emailold',
    });

    const good = await login(app(), user.name, PASSWORD);
    expect(good.status).toBe(200);
    expect((await failures(app(), user.id)).map((r) => r.ip_addr)).toEqual(['127.0.0.2']);
    const tokens = await app().rows('SELECT tokentype FROM tokens WHERE userid = ?', [user.id]);
    expect(tokens).toEqual([{ tokentype: 'emailold' }]);
    // Counting starts again from one: the next wrong password carries no warning.
    expect((await login(app(), user.name, 'wrong-d')).body).toEqual(envelope(300, INVALID));
  });

  it('stops counting failures older than 30 minutes, and lifts the lock when the 5th-from-last leaves the window', async () => {
    const user = await account();
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    // Five failures, the oldest 29 minutes ago: locked until that one is 30 minutes old.
    for (const m of [29, 20, 10, 5, 1]) {
      await app().seed.insert('login_failure', { user_id: user.id, login_time: minutesAgo(m), ip_addr: '127.0.0.1' });
    }
    const locked = await login(app(), user.name, PASSWORD);
    expect(locked.status).toBe(400);
    const [oldest] = await failures(app(), user.id);
    expect(locked.body).toEqual(envelope(32000, lockedMessage('127.0.0.1', unlockTime(oldest.login_time))));

    // Move the oldest out of the window: four remain, so the right password is accepted.
    await app().rows('UPDATE login_failure SET login_time = ? WHERE user_id = ? AND login_time = ?', [
      toSqlDateTime(minutesAgo(31)),
      user.id,
      toSqlDateTime(oldest.login_time),
    ]);
    expect((await login(app(), user.name, PASSWORD)).status).toBe(200);
  });

  it('does not count failures outside the window towards the warning', async () => {
    const user = await account();
    for (let i = 0; i < 4; i++) {
      await app().seed.insert('login_failure', {
        user_id: user.id,
        login_time: new Date(Date.now() - (31 + i) * 60_000),
        ip_addr: '127.0.0.1',
      });
    }
    const answer = await login(app(), user.name, 'wrong');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(envelope(300, INVALID));
  });

  it('answers an unknown login with the plain 300 every time, never locks it, and records nothing', async () => {
    const before = await app().rows<{ n: number }>('SELECT COUNT(*) AS n FROM login_failure');
    for (let attempt = 1; attempt <= 7; attempt++) {
      const answer = await login(app(), 'nobody-here@example.com', 'x');
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(envelope(300, INVALID));
    }
    const after = await app().rows<{ n: number }>('SELECT COUNT(*) AS n FROM login_failure');
    expect(Number(after[0].n)).toBe(Number(before[0].n));
  });

  it('counts an empty password on /rest/login as a wrong one, and a missing one as a missing argument', async () => {
    const user = await account();
    const empty = await login(app(), user.name, '');
    expect(empty.status).toBe(401);
    expect(empty.body).toEqual(envelope(300, INVALID));
    expect(await failures(app(), user.id)).toHaveLength(1);
    const missing = await app().get('/rest/login', { query: { login: user.name } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(
      envelope(50, 'The function requires a password argument, and that argument was not set.'),
    );
    expect(await failures(app(), user.id)).toHaveLength(1);
  });

  it('counts wrong passwords of a disabled account, and refuses its right password with 301', async () => {
    const user = await account({ enabled: false });
    const wrong = await login(app(), user.name, 'wrong');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe(300);
    expect(await failures(app(), user.id)).toHaveLength(1);
    const right = await login(app(), user.name, PASSWORD);
    expect(right.status).toBe(401);
    expect(right.body.code).toBe(301);
  });

  it('counts concurrent wrong passwords exactly: five rows, and every attempt after the fifth is locked', async () => {
    const user = await account();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(app(), user.name, `wrong-${i}`)));
    expect(await failures(app(), user.id)).toHaveLength(5);
    const messages = answers.map((a) => `${a.status} ${a.body.code} ${a.body.message}`).sort();
    const [first] = await failures(app(), user.id);
    expect(messages).toEqual(
      [
        `401 300 ${INVALID}`,
        `401 300 ${INVALID}`,
        `401 300 ${warning(2)}`,
        `401 300 ${warning(1)}`,
        ...Array(8).fill(`400 32000 ${lockedMessage('127.0.0.1', unlockTime(first.login_time))}`),
      ].sort(),
    );
  });

  it('shares one count with XML-RPC and JSON-RPC, which answer the lock as a fault with HTTP 200', async () => {
    const user = await account();
    const credentials = { login: user.name, password: 'wrong-rpc' };
    const json = (params: Record<string, string>) =>
      app().post('/jsonrpc.cgi', { body: { method: 'User.login', params: [params], id: 1 } });
    const xml = (params: Record<string, string>) =>
      app().post('/xmlrpc.cgi', {
        rawBody:
          '<?xml version="1.0"?><methodCall><methodName>User.login</methodName><params><param><value><struct>' +
          Object.entries(params)
            .map(([k, v]) => `<member><name>${k}</name><value><string>${v}</string></value></member>`)
            .join('') +
          '</struct></value></param></params></methodCall>',
        headers: { 'content-type': 'text/xml' },
      });
    expect((await json(credentials)).body).toEqual({ error: { code: 300, message: INVALID }, id: 1, result: null });
    expect((await xml(credentials)).text).toContain('<int>300</int>');
    await login(app(), user.name, 'wrong-rest');
    await json(credentials);
    await xml(credentials);
    expect(await failures(app(), user.id)).toHaveLength(5);

    const [first] = await failures(app(), user.id);
    const message = lockedMessage('127.0.0.1', unlockTime(first.login_time));
    const right = { login: user.name, password: PASSWORD };
    const overJson = await json(right);
    expect(overJson.status).toBe(200);
    expect(overJson.body).toEqual({ error: { code: 32000, message }, id: 1, result: null });
    const overXml = await xml(right);
    expect(overXml.status).toBe(200);
    expect(overXml.text).toContain(`<name>faultString</name><value><string>${message}</string></value>`);
    expect(overXml.text).toContain('<name>faultCode</name><value><int>32000</int></value>');
  });

  it('takes the client address from the connection: 127.0.0.2 is another IP over a real socket', async () => {
    const user = await account();
    await app().app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app().app.getHttpServer().address() as AddressInfo;
    const path = (password: string) =>
      `/rest/login?login=${encodeURIComponent(user.name)}&password=${encodeURIComponent(password)}`;
    for (let attempt = 1; attempt <= 5; attempt++) await httpRequest(port, 'GET', path(`wrong-${attempt}`));
    const here = await httpRequest(port, 'GET', path(PASSWORD));
    expect(here.status).toBe(400);
    expect(JSON.parse(here.text!).code).toBe(32000);
    // X-Forwarded-For is not believed without TRUST_PROXY.
    const forwarded = await httpRequest(port, 'GET', path(PASSWORD), { headers: { 'X-Forwarded-For': '10.0.0.2' } });
    expect(forwarded.status).toBe(400);
    const other = await httpRequest(port, 'GET', path(PASSWORD), { localAddress: '127.0.0.2' });
    expect(other.status).toBe(200);
    expect((await failures(app(), user.id)).map((r) => r.ip_addr)).toEqual(Array(5).fill('127.0.0.1'));
  });
});

forEachDialect(
  'login lockout behind a trusted proxy (TRUST_PROXY=true)',
  (app) => {
    it("counts failures under X-Forwarded-For's address", async () => {
      const id = await app().seed.user('proxied@example.com', { password: PASSWORD });
      const viaProxy = (password: string, client: string) =>
        app().get('/rest/login', {
          query: { login: 'proxied@example.com', password },
          headers: { 'X-Forwarded-For': client },
        });
      for (let attempt = 1; attempt <= 5; attempt++) await viaProxy(`wrong-${attempt}`, '10.0.0.2');
      const locked = await viaProxy(PASSWORD, '10.0.0.2');
      expect(locked.status).toBe(400);
      expect(locked.body.message).toMatch(/^Your IP \(10\.0\.0\.2\) has been locked out of this account until /);
      expect((await viaProxy(PASSWORD, '10.0.0.3')).status).toBe(200);
      const rows = await app().rows<FailureRow>('SELECT ip_addr FROM login_failure WHERE user_id = ?', [id]);
      expect(rows.map((r) => r.ip_addr)).toEqual(Array(5).fill('10.0.0.2'));
    });
  },
  { TRUST_PROXY: 'true' },
);

forEachDialect(
  'login lockout behind listed proxies (TRUST_PROXY=127.0.0.1, like Bugzilla inbound_proxies)',
  (app) => {
    it('takes the nearest address that is not a listed proxy, so a client cannot pick its own', async () => {
      const id = await app().seed.user('listed@example.com', { password: PASSWORD });
      // The client sent "X-Forwarded-For: 10.9.9.9"; the proxy (127.0.0.1) appended the real 10.0.0.2.
      const answer = await app().get('/rest/login', {
        query: { login: 'listed@example.com', password: 'wrong' },
        headers: { 'X-Forwarded-For': '10.9.9.9, 10.0.0.2' },
      });
      expect(answer.status).toBe(401);
      // A connection from an address that is not a listed proxy is taken as it is.
      await app().get('/rest/login', {
        query: { login: 'listed@example.com', password: 'wrong' },
        headers: { 'X-Forwarded-For': '10.0.0.7' },
        remoteAddress: '127.0.0.5',
      });
      const rows = await app().rows<FailureRow>(
        'SELECT ip_addr FROM login_failure WHERE user_id = ? ORDER BY ip_addr',
        [id],
      );
      expect(rows.map((r) => r.ip_addr)).toEqual(['10.0.0.2', '127.0.0.5']);
    });
  },
  { TRUST_PROXY: '127.0.0.1' },
);
