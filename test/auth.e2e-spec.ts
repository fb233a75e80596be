import { forEachDialect, type ApiRequest, type TestApp } from './support/test-app.js';
import { envelope } from './support/envelope.js';

interface Users {
  aliceId: number;
  aliceKey: string;
  revokedKey: string;
  disabledKey: string;
}

async function seedUsers(app: TestApp): Promise<Users> {
  const seed = app.seed;
  const parent = await seed.group('parent-group', { description: 'granted through nesting' });
  const child = await seed.group('child-group', { description: 'direct membership' });
  await seed.groupMember(child, parent);
  const aliceId = await seed.user('alice@example.com', { realname: 'Alice', password: 'secret-pass', groups: [child] });
  const aliceKey = await seed.apiKey(aliceId, { key: 'A'.repeat(40) });
  const revokedKey = await seed.apiKey(aliceId, { key: 'R'.repeat(40), revoked: true });
  const disabledId = await seed.user('gone@example.com', { password: 'secret-pass', enabled: false });
  const disabledKey = await seed.apiKey(disabledId, { key: 'D'.repeat(40) });
  return { aliceId, aliceKey, revokedKey, disabledKey };
}

forEachDialect('the caller is resolved from credentials', (app) => {
  let users: Users;
  beforeAll(async () => {
    users = await seedUsers(app());
  });

  const alice = () => ({
    id: users.aliceId,
    name: 'alice@example.com',
    real_name: 'Alice',
    login: 'alice@example.com',
  });

  it('accepts an API key in the query (Bugzilla_api_key and api_key)', async () => {
    for (const param of ['Bugzilla_api_key', 'api_key']) {
      const res = await app().get('/rest/whoami', { query: { [param]: users.aliceKey } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(alice());
    }
  });

  it('accepts an API key in the X-BUGZILLA-API-KEY header', async () => {
    const res = await app().get('/rest/whoami', { headers: { 'X-BUGZILLA-API-KEY': users.aliceKey } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(alice());
  });

  it('accepts an API key in a JSON body', async () => {
    const res = await app().put('/rest/product/NoSuchProduct', { body: { api_key: users.aliceKey, description: 'x' } });
    // Alice is logged in (not 410) but is not in editcomponents: the key was read from the body.
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(304);
  });

  it('records when a key was last used', async () => {
    const rows = await app().rows('SELECT last_used FROM user_api_keys WHERE api_key = ?', [users.aliceKey]);
    expect(rows[0].last_used).not.toBeNull();
  });

  it('rejects an unknown API key with 306 and HTTP 400, even on anonymous routes', async () => {
    const res = await app().get('/rest/product_accessible', { query: { api_key: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      envelope(306, 'The API key you specified is invalid. Please check that you typed it correctly.'),
    );
  });

  it('compares API keys exactly (a key in another letter case is unknown)', async () => {
    const res = await app().get('/rest/whoami', { query: { api_key: users.aliceKey.toLowerCase() } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(306);
  });

  it('rejects a revoked API key with 306', async () => {
    const res = await app().get('/rest/whoami', { query: { api_key: users.revokedKey } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(306);
  });

  it('rejects the key of a disabled account with 301 and HTTP 401', async () => {
    const res = await app().get('/rest/whoami', { query: { api_key: users.disabledKey } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(301);
    expect(res.body.error).toBe(true);
  });

  it('accepts login and password in the query and in headers', async () => {
    for (const query of [
      { login: 'alice@example.com', password: 'secret-pass' },
      { Bugzilla_login: 'alice@example.com', Bugzilla_password: 'secret-pass' },
    ]) {
      const res = await app().get('/rest/whoami', { query });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(alice());
    }
    const res = await app().get('/rest/whoami', {
      headers: { 'X-BUGZILLA-LOGIN': 'alice@example.com', 'X-BUGZILLA-PASSWORD': 'secret-pass' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(alice());
  });

  it('rejects a wrong password or an unknown login with 300 and HTTP 401', async () => {
    for (const query of [
      { login: 'alice@example.com', password: 'wrong' },
      { login: 'nobody@example.com', password: 'secret-pass' },
    ]) {
      const res = await app().get('/rest/product_accessible', { query });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(envelope(300, 'The login or password you entered is not valid.'));
    }
  });

  it('rejects a disabled account logging in with its password with 301', async () => {
    const res = await app().get('/rest/whoami', { query: { login: 'gone@example.com', password: 'secret-pass' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(301);
  });

  it('logs in, authenticates with the token (query and header), validates it, and logs out', async () => {
    const login = await app().get('/rest/login', { query: { login: 'alice@example.com', password: 'secret-pass' } });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      id: users.aliceId,
      token: expect.stringMatching(new RegExp(`^${users.aliceId}-\\w{16}$`)),
    });
    const token: string = login.body.token;
    const cookies = await app().rows('SELECT userid FROM logincookies WHERE cookie = ?', [token.split('-')[1]]);
    expect(cookies.map((row) => Number(row.userid))).toEqual([users.aliceId]);

    const requests: ApiRequest[] = [
      { query: { Bugzilla_token: token } },
      { query: { token } },
      { headers: { 'X-BUGZILLA-TOKEN': token } },
    ];
    for (const request of requests) {
      const res = await app().get('/rest/whoami', request);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(alice());
    }
    const valid = await app().get('/rest/valid_login', { query: { login: 'alice@example.com', token } });
    expect(valid.body).toEqual({ result: true });
    const otherUser = await app().get('/rest/valid_login', { query: { login: 'gone@example.com', token } });
    expect(otherUser.body).toEqual({ result: false });

    const logout = await app().get('/rest/logout', { query: { token } });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ result: null });
    expect(await app().rows('SELECT * FROM logincookies WHERE cookie = ?', [token.split('-')[1]])).toEqual([]);
    const after = await app().get('/rest/valid_login', { query: { login: 'alice@example.com', token } });
    expect(after.body).toEqual({ result: false });
  });

  it('rejects a well-formed but unknown token with 32000 and HTTP 400', async () => {
    const res = await app().get('/rest/whoami', { query: { Bugzilla_token: `${users.aliceId}-notarealcookie00` } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      envelope(
        32000,
        'The cookies or token provide were not valid or have expired. You may login again to get new cookies or a new token.',
      ),
    );
  });

  it("words a disabled account's 301 as Bugzilla does: its disabled text, then whom to write to", async () => {
    const res = await app().get('/rest/whoami', { query: { api_key: users.disabledKey } });
    expect(res.body).toEqual(
      envelope(
        301,
        'This account is disabled. If you believe your account should be restored, please send email to ' +
          'THE MAINTAINER HAS NOT YET BEEN SET explaining why.',
      ),
    );
  });

  it('answers /rest/login without login or password with 50, worded as Bugzilla (no function name)', async () => {
    const noLogin = await app().get('/rest/login');
    expect(noLogin.status).toBe(400);
    expect(noLogin.body).toEqual(
      envelope(50, 'The function requires a login argument, and that argument was not set.'),
    );
    const noPassword = await app().get('/rest/login', { query: { login: 'alice@example.com' } });
    expect(noPassword.body.message).toBe('The function requires a password argument, and that argument was not set.');
    const validNoLogin = await app().get('/rest/valid_login', { query: { token: '1-abc' } });
    expect(validNoLogin.body.message).toBe('The function requires a login argument, and that argument was not set.');
  });

  it('logs in on /rest/login with Bugzilla_login and Bugzilla_password too', async () => {
    const res = await app().get('/rest/login', {
      query: { Bugzilla_login: 'alice@example.com', Bugzilla_password: 'secret-pass' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: users.aliceId,
      token: expect.stringMatching(new RegExp(`^${users.aliceId}-\\w{16}$`)),
    });
    const whoami = await app().get('/rest/whoami', { query: { token: res.body.token } });
    expect(whoami.body).toEqual(alice());
  });

  it('compares the login of valid_login exactly, as Bugzilla does', async () => {
    const login = await app().get('/rest/login', { query: { login: 'alice@example.com', password: 'secret-pass' } });
    const res = await app().get('/rest/valid_login', {
      query: { login: 'ALICE@example.com', token: login.body.token },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: false });
  });

  it('rejects a wrong password on /rest/login with 300', async () => {
    const res = await app().get('/rest/login', { query: { login: 'alice@example.com', password: 'nope' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(300);
  });

  it('treats a request without credentials (or with empty ones) as the anonymous user', async () => {
    for (const query of [{}, { api_key: '' }, { Bugzilla_token: '' }]) {
      const res = await app().get('/rest/whoami', { query });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(envelope(410, 'You must log in before using this part of Bugzilla.'));
    }
    const open = await app().get('/rest/product_accessible');
    expect(open.status).toBe(200);
  });

  it('closes group membership over group_group_map (a member of a member group is a member)', async () => {
    const seed = app().seed;
    const [parent] = await app().rows("SELECT id FROM `groups` WHERE name = 'parent-group'");
    const product = await seed.product('Nested Only', { description: 'restricted to parent-group' });
    await seed.groupControl(Number(parent.id), product, { entry: true, membercontrol: 3, othercontrol: 3 });
    const asAlice = await app().get('/rest/product_selectable', { query: { api_key: users.aliceKey } });
    expect(asAlice.status).toBe(200);
    expect(asAlice.body.ids).toContain(product);
    const anonymous = await app().get('/rest/product_selectable');
    expect(anonymous.body.ids).not.toContain(product);
  });

  it('looks users up for a logged-in caller with every field', async () => {
    const res = await app().get('/rest/user', { query: { names: 'alice@example.com', api_key: users.aliceKey } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      users: [
        {
          id: users.aliceId,
          name: 'alice@example.com',
          real_name: 'Alice',
          email: 'alice@example.com',
          can_login: true,
        },
      ],
    });
  });

  it('shows anonymous callers only id, name and real_name, and refuses lookups by id (505)', async () => {
    const byName = await app().get('/rest/user', { query: { names: 'alice@example.com' } });
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual({ users: [{ id: users.aliceId, name: 'alice@example.com', real_name: 'Alice' }] });
    const byId = await app().get('/rest/user', { query: { ids: String(users.aliceId) } });
    expect(byId.status).toBe(401);
    expect(byId.body.code).toBe(505);
  });
});

forEachDialect(
  'requirelogin is on',
  (app) => {
    let key: string;
    beforeAll(async () => {
      const id = await app().seed.user('bob@example.com', { password: 'pw-pw-pw' });
      key = await app().seed.apiKey(id);
    });

    it('answers anonymous callers 410 wherever data is served', async () => {
      for (const url of ['/rest/product_accessible', '/rest/product?names=x', '/rest/user?names=bob@example.com']) {
        const res = await app().get(url);
        expect(res.status).toBe(401);
        expect(res.body.code).toBe(410);
      }
    });

    it('answers anonymous callers of extensions and logout 410 too (only version and login are exempt)', async () => {
      for (const url of ['/rest/extensions', '/rest/logout']) {
        const res = await app().get(url);
        expect(res.status).toBe(401);
        expect(res.body.code).toBe(410);
      }
      expect((await app().get('/rest/extensions', { query: { api_key: key } })).body).toEqual({ extensions: {} });
    });

    it('still serves the version and login endpoints anonymously', async () => {
      expect((await app().get('/rest/version')).body).toEqual({ version: '5.2' });
      const login = await app().get('/rest/login', { query: { login: 'bob@example.com', password: 'pw-pw-pw' } });
      expect(login.status).toBe(200);
    });

    it('serves logged-in callers', async () => {
      const res = await app().get('/rest/product_accessible', { query: { api_key: key } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ids: [] });
    });
  },
  { BZ_REQUIRELOGIN: '1' },
);

forEachDialect('credential details', (app) => {
  let userId: number;
  beforeAll(async () => {
    userId = await app().seed.user('spaced@example.com', { realname: 'Spaced', password: ' padded pass ' });
  });

  it('uses a password exactly as sent, spaces included', async () => {
    const exact = await app().get('/rest/whoami', {
      query: { login: 'spaced@example.com', password: ' padded pass ' },
    });
    expect(exact.status).toBe(200);
    expect(exact.body.id).toBe(userId);
    const trimmed = await app().get('/rest/whoami', {
      query: { login: 'spaced@example.com', password: 'padded pass' },
    });
    expect(trimmed.status).toBe(401);
    expect(trimmed.body.code).toBe(300);
  });

  it('lists users found by name first, in request order, then those found by id', async () => {
    const key = await app().seed.apiKey(userId);
    const other = await app().seed.user('other@example.com', { realname: 'Other' });
    const res = await app().get('/rest/user', {
      query: { api_key: key, ids: String(userId), names: ['other@example.com', 'spaced@example.com'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([other, userId]);
  });

  it('reports an unknown name (51) before refusing ids to an anonymous caller (505)', async () => {
    const res = await app().get('/rest/user', { query: { ids: String(userId), names: 'nobody@example.com' } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(51);
  });
});

forEachDialect(
  'API keys with CACHE_MAX_STALENESS_MS=0',
  (app) => {
    it('reads the database on every request: a key revoked by another writer fails at once', async () => {
      const id = await app().seed.user('fresh@example.com');
      const key = await app().seed.apiKey(id);
      expect((await app().get('/rest/whoami', { query: { api_key: key } })).status).toBe(200);
      await app().rows('UPDATE user_api_keys SET revoked = 1 WHERE api_key = ?', [key]);
      const after = await app().get('/rest/whoami', { query: { api_key: key } });
      expect(after.status).toBe(400);
      expect(after.body.code).toBe(306);
    });
  },
  { CACHE_MAX_STALENESS_MS: '0' },
);

forEachDialect('API keys with the in-memory model (the default)', (app) => {
  it('a key revoked through this instance fails at its next request (read-your-writes)', async () => {
    const id = await app().seed.user('cached@example.com', { realname: 'Cached' });
    const key = await app().seed.apiKey(id);
    const unknown = await app().get('/rest/whoami', { query: { api_key: 'x'.repeat(40) } });
    expect(unknown.body.code).toBe(306);
    expect((await app().get('/rest/whoami', { query: { api_key: key } })).body).toEqual({
      id,
      name: 'cached@example.com',
      real_name: 'Cached',
      login: 'cached@example.com',
    });
    await app().rows('UPDATE user_api_keys SET revoked = 1 WHERE api_key = ?', [key]);
    expect((await app().get('/rest/whoami', { query: { api_key: key } })).body.code).toBe(306);
    // A key the model does not know yet is looked up in the database.
    const other = await app().seed.apiKey(id, { revoked: true });
    expect((await app().get('/rest/whoami', { query: { api_key: other } })).body.code).toBe(306);
  });
});
