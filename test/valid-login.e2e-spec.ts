import { envelope } from './support/envelope.js';
import { jsonrpc, xmlrpc } from './support/rpc-client.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * User.valid_login as Bugzilla 5.2 answers it (Bugzilla/WebService/User.pm; SPEC §3): the
 * request is logged in with whatever credentials it carries and the answer is whether that
 * user's login is exactly `login`. Each row of the table observed on a real 5.2, over REST,
 * XML-RPC and JSON-RPC.
 */

const INVALID = 'The login or password you entered is not valid.';
const NO_LOGIN = 'The function requires a login argument, and that argument was not set.';

interface Fixture {
  alice: { id: number; key: string; token: string };
  bob: { id: number; key: string };
}

type Outcome = { result: boolean } | { code: number; message: string; status: number };

interface Row {
  title: string;
  params: (fx: Fixture) => Record<string, string>;
  expected: Outcome;
}

const ROWS: Row[] = [
  {
    title: "login=alice with alice's API key → true",
    params: (fx) => ({ login: 'alice@example.com', api_key: fx.alice.key }),
    expected: { result: true },
  },
  {
    title: "login=bob with alice's API key → false",
    params: (fx) => ({ login: 'bob@example.com', api_key: fx.alice.key }),
    expected: { result: false },
  },
  {
    title: "login=ALICE with alice's API key → false (compared exactly)",
    params: (fx) => ({ login: 'ALICE@example.com', api_key: fx.alice.key }),
    expected: { result: false },
  },
  {
    title: "login=alice with alice's login token → true",
    params: (fx) => ({ login: 'alice@example.com', token: fx.alice.token }),
    expected: { result: true },
  },
  {
    title: 'login=alice with a garbage token → false',
    params: () => ({ login: 'alice@example.com', token: 'garbage' }),
    expected: { result: false },
  },
  {
    title: 'login=alice with an unknown, well-formed token → false',
    params: (fx) => ({ login: 'alice@example.com', token: `${fx.alice.id}-NoSuchCookie` }),
    expected: { result: false },
  },
  {
    title: 'login=alice alone → false',
    params: () => ({ login: 'alice@example.com' }),
    expected: { result: false },
  },
  {
    title: 'login=alice with a wrong password → 300, a failed login',
    params: () => ({ login: 'alice@example.com', password: 'wrong' }),
    expected: { code: 300, message: INVALID, status: 401 },
  },
  {
    title: 'login=alice with the right password → 50: login and password were taken as the credentials',
    params: () => ({ login: 'alice@example.com', password: 'right-password' }),
    expected: { code: 50, message: NO_LOGIN, status: 400 },
  },
];

async function restCall(app: TestApp, params: Record<string, string>): Promise<Outcome> {
  const res = await app.get('/rest/valid_login', { query: params });
  if (res.status === 200) return res.body;
  expect(res.body).toEqual(envelope(res.body.code, res.body.message));
  return { code: res.body.code, message: res.body.message, status: res.status };
}

async function rpcCall(app: TestApp, transport: 'xml' | 'json', params: Record<string, string>): Promise<Outcome> {
  const answer = await (transport === 'xml' ? xmlrpc : jsonrpc)(app, 'User.valid_login', params);
  if (answer.fault) return { ...answer.fault, status: 0 };
  return { result: answer.value as boolean };
}

forEachDialect('User.valid_login', (app) => {
  let fx: Fixture;
  beforeAll(async () => {
    const seed = app().seed;
    const alice = await seed.user('alice@example.com', { password: 'right-password' });
    const bob = await seed.user('bob@example.com', { password: 'bob-password' });
    fx = {
      alice: { id: alice, key: await seed.apiKey(alice), token: await seed.loginCookie(alice) },
      bob: { id: bob, key: await seed.apiKey(bob) },
    };
  });
  beforeEach(async () => {
    // Each wrong password is the account's first (the lockout would warn from the third on).
    await app().rows('DELETE FROM login_failure');
  });

  describe.each(['rest', 'xml', 'json'] as const)('over %s', (transport) => {
    it.each(ROWS.map((row) => [row.title, row] as const))('%s', async (_title, row) => {
      const params = row.params(fx);
      const outcome = transport === 'rest' ? await restCall(app(), params) : await rpcCall(app(), transport, params);
      const expected = 'code' in row.expected && transport !== 'rest' ? { ...row.expected, status: 0 } : row.expected;
      expect(outcome).toEqual(expected);
    });
  });

  it('counts a wrong password given to valid_login as a failed login of the account (the lockout)', async () => {
    await restCall(app(), { login: 'alice@example.com', password: 'wrong' });
    const rows = await app().rows('SELECT user_id FROM login_failure');
    expect(rows.map((row) => Number(row.user_id))).toEqual([fx.alice.id]);
  });
});
