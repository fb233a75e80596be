import { envelope } from './support/envelope.js';
import { jsonrpc, jsonrpcGet, type RpcAnswer, xmlrpc } from './support/rpc-client.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * Empty credentials are credentials where Bugzilla 5.2 tests `defined` (Bugzilla/Auth/Login/CGI.pm):
 * a login and a password that were both sent, either of them empty, are a login attempt that fails
 * with 300 and counts toward the lockout for a known account. An empty API key or token is still no
 * credential (Bugzilla's APIKey and Cookie logins test truth; SPEC §3).
 */

const PASSWORD = 'member-pass-1';
const INVALID = 'The login or password you entered is not valid.';

type Params = Record<string, unknown>;

/**
 * One call over each way of sending credentials: Product.get_accessible_products, which serves anonymous
 * callers, except in a JSON body, where the call is Product.update (a login is needed: 410 when anonymous).
 */
const TRANSPORTS: Record<
  string,
  (app: TestApp, params: Params) => Promise<{ code?: number; message?: string; ok: boolean }>
> = {
  'REST query': async (app, params) =>
    rest(await app.get('/rest/product_accessible', { query: params as Record<string, string> })),
  'REST JSON body': async (app, params) => rest(await app.put('/rest/product', { body: { ...params, ids: [] } })),
  'XML-RPC': async (app, params) => rpc(await xmlrpc(app, 'Product.get_accessible_products', params)),
  'JSON-RPC POST': async (app, params) => rpc(await jsonrpc(app, 'Product.get_accessible_products', params)),
  'JSON-RPC GET': async (app, params) => rpc(await jsonrpcGet(app, 'Product.get_accessible_products', params)),
};

function rest(res: { status: number; body: any }) {
  return res.status < 400 ? { ok: true } : { ok: false, code: res.body.code, message: res.body.message };
}

function rpc(answer: RpcAnswer) {
  return answer.fault ? { ok: false, ...answer.fault } : { ok: true };
}

forEachDialect('empty credentials', (app) => {
  let memberId: number;
  beforeAll(async () => {
    memberId = await app().seed.user('member@example.com', { password: PASSWORD });
  });
  beforeEach(async () => {
    await app().rows('DELETE FROM login_failure');
  });
  const failures = async () =>
    (await app().rows('SELECT user_id FROM login_failure')).map((r: { user_id: number }) => Number(r.user_id));

  describe.each(Object.entries(TRANSPORTS))('over %s', (transport, call) => {
    it('a known login with an empty password is a failed login (300), recorded for the lockout', async () => {
      const answer = await call(app(), { Bugzilla_login: 'member@example.com', Bugzilla_password: '' });
      expect(answer).toEqual({ ok: false, code: 300, message: INVALID });
      expect(await failures()).toEqual([memberId]);
    });

    it('an empty login with a password is a failed login (300); no account, nothing recorded', async () => {
      const answer = await call(app(), { Bugzilla_login: '', Bugzilla_password: PASSWORD });
      expect(answer).toEqual({ ok: false, code: 300, message: INVALID });
      expect(await failures()).toEqual([]);
    });

    it('login and password (the short names) count the same way', async () => {
      const answer = await call(app(), { login: 'member@example.com', password: '' });
      expect(answer).toEqual({ ok: false, code: 300, message: INVALID });
      expect(await failures()).toEqual([memberId]);
    });

    it('a login without any password, and an empty API key or token, are no credentials: anonymous', async () => {
      const anonymous =
        transport === 'REST JSON body'
          ? { ok: false, code: 410, message: 'You must log in before using this part of Bugzilla.' }
          : { ok: true };
      for (const params of [
        { Bugzilla_login: 'member@example.com' },
        { Bugzilla_api_key: '' },
        { Bugzilla_token: '' },
        { api_key: '', token: '' },
      ]) {
        expect({ params, answer: await call(app(), params) }).toEqual({ params, answer: anonymous });
      }
      expect(await failures()).toEqual([]);
    });
  });

  // Bugzilla's own QA suite (webservice_user_login_logout.t) calls User.login with login => '': 5.2 requires
  // only that login and password be defined, so the empty login is looked up, found nowhere, and refused as 300.
  // (Over JSON-RPC GET, User.login is refused before its parameters are read: rpc-transports covers that.)
  describe.each([
    [
      'REST',
      async (params: Params) => rest(await app().get('/rest/login', { query: params as Record<string, string> })),
    ],
    ['XML-RPC', async (params: Params) => rpc(await xmlrpc(app(), 'User.login', params))],
    ['JSON-RPC POST', async (params: Params) => rpc(await jsonrpc(app(), 'User.login', params))],
  ] as const)('User.login over %s', (_transport, login) => {
    it('an empty or blank login with a password is a failed login (300), no token made, nothing recorded', async () => {
      const cookiesBefore = await app().rows('SELECT cookie FROM logincookies');
      for (const params of [
        { login: '', password: PASSWORD },
        { login: '  ', password: PASSWORD },
        { login: '', password: '' },
      ]) {
        expect({ params, answer: await login(params) }).toEqual({
          params,
          answer: { ok: false, code: 300, message: INVALID },
        });
      }
      expect(await app().rows('SELECT cookie FROM logincookies')).toEqual(cookiesBefore);
      expect(await failures()).toEqual([]);
    });

    it('an empty login without a password still asks for the password (50)', async () => {
      expect(await login({ login: '' })).toEqual({
        ok: false,
        code: 50,
        message: 'The function requires a password argument, and that argument was not set.',
      });
    });
  });

  it('the X-BUGZILLA-LOGIN and X-BUGZILLA-PASSWORD headers: an empty password header is a failed login', async () => {
    const res = await app().get('/rest/product_accessible', {
      headers: { 'x-bugzilla-login': 'member@example.com', 'x-bugzilla-password': '' },
    });
    expect([res.status, res.body]).toEqual([401, envelope(300, INVALID)]);
    expect(await failures()).toEqual([memberId]);
    const xml = await xmlrpc(
      app(),
      'Product.get_accessible_products',
      {},
      { 'x-bugzilla-login': '', 'x-bugzilla-password': 'x' },
    );
    expect(xml.fault).toEqual({ code: 300, message: INVALID });
  });

  it('login-exempt methods check a login that was sent, even an empty one (Bugzilla.version: 300)', async () => {
    const res = await app().get('/rest/version', {
      query: { Bugzilla_login: 'member@example.com', Bugzilla_password: '' },
    });
    expect([res.status, res.body]).toEqual([401, envelope(300, INVALID)]);
    const xml = await xmlrpc(app(), 'Bugzilla.version', { Bugzilla_login: '', Bugzilla_password: '' });
    expect(xml.fault).toEqual({ code: 300, message: INVALID });
  });

  it('empty passwords lock the account like wrong ones: the fifth within 30 minutes answers the lock', async () => {
    const answers = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      answers.push(
        await app().get('/rest/whoami', { query: { Bugzilla_login: 'member@example.com', Bugzilla_password: '' } }),
      );
    }
    expect(answers.map((a) => [a.status, a.body.code])).toEqual([
      [401, 300],
      [401, 300],
      [401, 300],
      [401, 300],
      [400, 32000],
    ]);
    expect(answers[4].body.message).toMatch(/^Your IP \(127\.0\.0\.1\) has been locked out of this account until /);
    expect(await failures()).toEqual([memberId, memberId, memberId, memberId, memberId]);
    // The right password is refused too while the lock lasts.
    const right = await app().get('/rest/whoami', {
      query: { Bugzilla_login: 'member@example.com', Bugzilla_password: PASSWORD },
    });
    expect([right.status, right.body.code]).toEqual([400, 32000]);
  });
});
