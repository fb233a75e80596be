import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DIALECTS, type TestApp } from './support/test-app.js';
import { envelope } from './support/envelope.js';
import { failed, type Fixture, ok, PASSWORDS, PythonBugzillaSession } from './support/python-bugzilla.js';

/**
 * The real python-bugzilla 3.x (Debian's python3-bugzilla and bugzilla-cli, installed by
 * scripts/ensure-python-bugzilla.sh) against the service listening on a real port, on MariaDB.
 * Each client run gets its own $HOME, holding the bugzillarc (API keys) and the token cache
 * exactly where a user's would be.
 */

describe.runIf(DIALECTS.includes('mysql'))('python-bugzilla works unchanged against the service [mysql]', () => {
  const session = new PythonBugzillaSession('/rest');
  const { home, cli, py, tokenFile, cachedToken, loginBanner } = session;
  let app: TestApp;
  let fx: Fixture;
  let host: string;
  let url: string;

  beforeAll(async () => {
    await session.start();
    ({ app, fx, host, url } = session);
  });

  afterAll(() => session.close());

  describe('the bugzilla command, anonymous', () => {
    it('info --products lists the accessible products (sorted by the CLI itself, case-sensitively)', async () => {
      const out = await cli(home(), 'info', '--products');
      expect(out).toEqual(ok('Archive\nWidget\ngadget\n'));
    });

    it('info --components lists every component of the product, inactive ones too', async () => {
      const out = await cli(home(), 'info', '--components', 'Widget');
      expect(out).toEqual(ok('Backend\nFrontend\nLegacy\n'));
    });

    it('info --components --active-components leaves inactive components out', async () => {
      const out = await cli(home(), 'info', '--components', 'Widget', '--active-components');
      expect(out).toEqual(ok('Backend\nFrontend\n'));
    });

    it('info --component_owners prints each component with its default assignee', async () => {
      // The CLI asks for components.name and components.default_assigned_to only, so without
      // --active-components it cannot tell inactive components apart: it lists them all.
      const all = await cli(home(), 'info', '--component_owners', 'Widget');
      expect(all).toEqual(ok('Backend: lead@example.com\nFrontend: dev@example.com\nLegacy: dev@example.com\n'));
      const active = await cli(home(), 'info', '--component_owners', 'Widget', '--active-components');
      expect(active).toEqual(ok('Backend: lead@example.com\nFrontend: dev@example.com\n'));
    });

    it("info --versions prints the versions in Bugzilla's version order", async () => {
      const out = await cli(home(), 'info', '--versions', 'Widget');
      expect(out).toEqual(ok('1.9\n1.10\n2.0\n'));
    });

    it('a product behind a group the caller is not in does not exist for the CLI', async () => {
      const out = await cli(home(), 'info', '--components', 'Secret');
      expect(out).toEqual(failed(3, "\nServer error: Product 'Secret' not found\n"));
    });
  });

  describe('the bugzilla command with the API key from ~/.config/python-bugzilla/bugzillarc', () => {
    it("shows a group member the group's private product in every info listing", async () => {
      const memberHome = home(fx.keys.member);
      await expect(cli(memberHome, 'info', '--products')).resolves.toEqual(ok('Archive\nSecret\nWidget\ngadget\n'));
      await expect(cli(memberHome, 'info', '--components', 'Secret')).resolves.toEqual(ok('Vault\n'));
      await expect(cli(memberHome, 'info', '--components', 'Secret', '--active-components')).resolves.toEqual(
        ok('Vault\n'),
      );
      await expect(cli(memberHome, 'info', '--component_owners', 'Secret')).resolves.toEqual(
        ok('Vault: member@example.com\n'),
      );
      await expect(cli(memberHome, 'info', '--versions', 'Secret')).resolves.toEqual(ok('1.0\n'));
    });

    it('keeps the private product from a logged-in user outside the group', async () => {
      const outsiderHome = home(fx.keys.outsider);
      await expect(cli(outsiderHome, 'info', '--products')).resolves.toEqual(ok('Archive\nWidget\ngadget\n'));
      await expect(cli(outsiderHome, 'info', '--components', 'Secret')).resolves.toEqual(
        failed(3, "\nServer error: Product 'Secret' not found\n"),
      );
      // `info --versions` of a product it cannot find makes python-bugzilla 3.2 fall back to the
      // first accessible product (Archive): its versions print, never Secret's "1.0".
      await expect(cli(outsiderHome, 'info', '--versions', 'Secret')).resolves.toEqual(ok('0.9\n'));
    });

    it('--ensure-logged-in passes with a good key (GET /rest/user?ids=1 answers 200)', async () => {
      const out = await cli(home(fx.keys.member), '--ensure-logged-in', 'info', '--versions', 'Secret');
      expect(out).toEqual(ok('1.0\n'));
    });

    it('--ensure-logged-in stops an anonymous run: /rest/user?ids=1 answers 401 as Bugzilla 5.2 does', async () => {
      // python-bugzilla 3.2 raises on the HTTP status before reading the 505 envelope, so the
      // CLI reports the 401 itself; a real Bugzilla 5.2 gives the same output.
      const out = await cli(home(), '--ensure-logged-in', 'info', '--products');
      expect(out).toEqual(
        failed(2, `\nConnection lost/failed: 401 Client Error: Unauthorized for url: ${url}/user?ids=1\n`),
      );
    });

    it('--username/--password are not needed when bugzillarc has a key', async () => {
      const out = await cli(
        home(fx.keys.member),
        '--username',
        'member@example.com',
        '--password',
        'x',
        'info',
        '--products',
      );
      expect(out).toEqual(
        ok(`You already have an API key configured for ${url}\nThere is no need to cache a login token. Exiting.\n`),
      );
    });
  });

  describe('the bugzilla command with --username/--password (GET /rest/login, then Bugzilla_token)', () => {
    let loginHome: string;

    it('logs in, caches the token and lists what the user may see', async () => {
      loginHome = home();
      const out = await cli(
        loginHome,
        '--username',
        'member@example.com',
        '--password',
        PASSWORDS.member,
        'info',
        '--products',
      );
      expect(out).toEqual(ok(`${loginBanner(loginHome)}Archive\nSecret\nWidget\ngadget\n`));

      const token = cachedToken(loginHome);
      expect(token).toMatch(new RegExp(`^${fx.users.member}-\\w+$`));
      const rows = await app.rows('SELECT userid FROM logincookies WHERE cookie = ?', [token!.split('-')[1]]);
      expect(rows).toEqual([{ userid: fx.users.member }]);
    });

    it('later runs use the cached token, and --ensure-logged-in accepts it', async () => {
      const out = await cli(loginHome, '--ensure-logged-in', 'info', '--component_owners', 'Secret');
      expect(out).toEqual(ok('Vault: member@example.com\n'));
    });

    it('a wrong password fails the login with the 401 answer', async () => {
      const out = await cli(home(), '--username', 'member@example.com', '--password', 'wrong', 'info', '--products');
      expect(out).toEqual(
        failed(
          1,
          `Logging into ${host}\n` +
            `Login failed: 401 Client Error: Unauthorized for url: ${url}/login?login=member%40example.com&password=wrong\n`,
        ),
      );
    });

    it('the `login` command with a stale cached token logs in again and replaces the token', async () => {
      const staleHome = home();
      mkdirSync(dirname(tokenFile(staleHome)), { recursive: true });
      writeFileSync(tokenFile(staleHome), `[${host}]\ntoken = ${fx.users.member}-NoSuchCookie0\n\n`);
      const out = await cli(staleHome, 'login', 'member@example.com', PASSWORDS.member);
      expect(out).toEqual(ok(loginBanner(staleHome)));
      expect(cachedToken(staleHome)).not.toBe(`${fx.users.member}-NoSuchCookie0`);
      await expect(cli(staleHome, 'info', '--versions', 'Secret')).resolves.toEqual(ok('1.0\n'));
    });
  });

  describe('the Python API', () => {
    const secretProduct = () => ({
      id: fx.products.secret,
      name: 'Secret',
      description: 'Only the secret team sees this',
      is_active: true,
      default_milestone: '---',
      has_unconfirmed: true,
      classification: 'Unclassified',
      components: [
        {
          id: fx.components.vault,
          name: 'Vault',
          description: 'The vault',
          default_assigned_to: 'member@example.com',
          default_qa_contact: 'qa@example.com',
          sort_key: 0,
          is_active: true,
          flag_types: { bug: [], attachment: [] },
        },
      ],
      versions: [{ id: fx.secretVersion, name: '1.0', sort_key: 0, is_active: true }],
      milestones: [{ id: fx.secretMilestone, name: '---', sort_key: 0, is_active: true }],
    });

    it('Bugzilla(url, api_key=...) connects (GET /rest/version) and is logged in', async () => {
      const h = home();
      await expect(py(h, '--api-key', fx.keys.member, 'version')).resolves.toEqual({
        result: { version: '5.2', major: 5, minor: 2 },
      });
      await expect(py(h, '--api-key', fx.keys.member, 'logged_in')).resolves.toEqual({ result: true });
    });

    it('getproducts() returns the accessible products, whole, in name order', async () => {
      const answer = await py(home(), '--api-key', fx.keys.member, 'getproducts');
      expect(answer.result.map((p: { name: string }) => p.name)).toEqual(['Archive', 'gadget', 'Secret', 'Widget']);
      expect(answer.result[2]).toEqual(secretProduct());
      const widget = answer.result[3];
      const names = (list: { name: string }[]) => list.map((x) => x.name);
      expect([names(widget.components), names(widget.versions), names(widget.milestones)]).toEqual([
        ['Backend', 'Frontend', 'Legacy'],
        ['1.9', '1.10', '2.0'],
        ['---', 'M1', 'M2'],
      ]);
    });

    it("product_get(ptype=...) reads each of Bugzilla's three product lists", async () => {
      const h = home();
      await expect(py(h, '--api-key', fx.keys.member, 'product_get_ptype', 'accessible')).resolves.toEqual({
        result: ['Archive', 'gadget', 'Secret', 'Widget'],
      });
      await expect(py(h, '--api-key', fx.keys.member, 'product_get_ptype', 'selectable')).resolves.toEqual({
        result: ['Archive', 'gadget', 'Secret', 'Widget'],
      });
      await expect(py(h, '--api-key', fx.keys.member, 'product_get_ptype', 'enterable')).resolves.toEqual({
        result: ['gadget', 'Secret', 'Widget'],
      });
      await expect(py(h, '--api-key', fx.keys.outsider, 'product_get_ptype', 'enterable')).resolves.toEqual({
        result: ['gadget', 'Widget'],
      });
    });

    it('product_get(names=...) matches names case-insensitively and leaves out what the caller cannot see', async () => {
      await expect(py(home(), '--api-key', fx.keys.member, 'product_get_names', 'SECRET')).resolves.toEqual({
        result: [secretProduct()],
      });
      await expect(
        py(home(), '--api-key', fx.keys.outsider, 'product_get_names', 'Secret', 'Nothing'),
      ).resolves.toEqual({
        result: [],
      });
    });

    it('getcomponents() lists component names; getcomponentdetails() gives one whole component', async () => {
      await expect(py(home(), '--api-key', fx.keys.outsider, 'getcomponents', 'Widget')).resolves.toEqual({
        result: ['Backend', 'Frontend', 'Legacy'],
      });
      await expect(
        py(home(), '--api-key', fx.keys.outsider, 'getcomponentdetails', 'Widget', 'Frontend'),
      ).resolves.toEqual({
        result: {
          id: fx.components.frontend,
          name: 'Frontend',
          description: 'What users see',
          default_assigned_to: 'dev@example.com',
          default_qa_contact: 'qa@example.com',
          sort_key: 0,
          is_active: true,
          flag_types: {
            bug: [
              {
                id: fx.reviewFlag,
                name: 'review',
                description: 'Code review',
                cc_list: '',
                sort_key: 0,
                is_active: true,
                is_requestable: true,
                is_requesteeble: false,
                is_multiplicable: false,
                grant_group: null,
                request_group: null,
              },
            ],
            attachment: [],
          },
        },
      });
      await expect(
        py(home(), '--api-key', fx.keys.outsider, 'getcomponentdetails', 'Widget', 'Legacy'),
      ).resolves.toEqual({
        result: {
          id: fx.components.legacy,
          name: 'Legacy',
          description: 'Retired code',
          default_assigned_to: 'dev@example.com',
          default_qa_contact: '',
          sort_key: 0,
          is_active: false,
          flag_types: { bug: [], attachment: [] },
        },
      });
    });

    it('getcomponents() of a product the caller cannot see raises "not found"', async () => {
      await expect(py(home(), '--api-key', fx.keys.outsider, 'getcomponents', 'Secret')).resolves.toEqual({
        error: 'BugzillaError',
        message: "Product 'Secret' not found",
      });
    });

    it('Bugzilla(url, user=, password=) logs in, is logged_in, and logout() ends the token', async () => {
      const h = home();
      const state = await py(h, '--user', 'member@example.com', '--password', PASSWORDS.member, 'login_state');
      expect(state).toEqual({
        result: { logged_in: true, token: expect.stringMatching(/^\d+-\w+$/), user: 'member@example.com' },
      });
      const token: string = state.result.token;
      expect(token.startsWith(`${fx.users.member}-`)).toBe(true);
      await expect(
        app.rows('SELECT userid FROM logincookies WHERE cookie = ?', [token.split('-')[1]]),
      ).resolves.toEqual([{ userid: fx.users.member }]);

      // A new Bugzilla(url) in the same $HOME finds the cached token: still logged in.
      await expect(py(h, 'product_names')).resolves.toEqual({ result: ['Archive', 'gadget', 'Secret', 'Widget'] });
      await expect(py(h, 'logout')).resolves.toEqual({ result: null });
      await expect(
        app.rows('SELECT userid FROM logincookies WHERE cookie = ?', [token.split('-')[1]]),
      ).resolves.toEqual([]);

      // python-bugzilla keeps the dead token in its cache. GET /rest/version ignores it (as Bugzilla's
      // login-exempt methods do), so the library still connects; the next call is refused (32000, HTTP 400).
      await expect(py(h, 'product_names')).resolves.toEqual({
        error: 'HTTPError',
        message: `400 Client Error: Bad Request for url: ${url}/product_accessible?Bugzilla_token=${token}`,
      });
    });

    it('a wrong password makes Bugzilla(url, user=, password=) raise "Login failed"', async () => {
      await expect(py(home(), '--user', 'member@example.com', '--password', 'wrong', 'logged_in')).resolves.toEqual({
        error: 'BugzillaError',
        message: `Login failed: 401 Client Error: Unauthorized for url: ${url}/login?login=member%40example.com&password=wrong`,
      });
    });

    it('an anonymous Bugzilla(url) is not logged in: /rest/user?ids=1 answers 401 (code 505)', async () => {
      // As against Bugzilla 5.2, python-bugzilla 3.2 raises on the status instead of answering False.
      await expect(py(home(), 'logged_in')).resolves.toEqual({
        error: 'HTTPError',
        message: `401 Client Error: Unauthorized for url: ${url}/user?ids=1`,
      });
      const res = await fetch(`${url}/user?ids=1`);
      expect(res.status).toBe(401);
      await expect(res.json()).resolves.toEqual(
        envelope(
          505,
          'Logged-out users cannot use the "ids" argument to this function to access any user information.',
        ),
      );
    });
  });

  describe("the credentials python-bugzilla sends with Bugzilla's login-exempt methods", () => {
    const stale = () => `${fx.users.member}-NoSuchCookie0`;

    it('GET /rest/version ignores a stale token or an unknown key (it does not log in)', async () => {
      for (const query of [`Bugzilla_token=${stale()}`, 'Bugzilla_api_key=not-a-key']) {
        const res = await fetch(`${url}/version?${query}`);
        expect(res.status).toBe(200);
        await expect(res.json()).resolves.toEqual({ version: '5.2' });
      }
    });

    it('GET /rest/version still checks a login and password sent with it', async () => {
      const res = await fetch(`${url}/version?login=member%40example.com&password=wrong`);
      expect(res.status).toBe(401);
      await expect(res.json()).resolves.toEqual(envelope(300, 'The login or password you entered is not valid.'));
    });

    it('GET /rest/login logs in with login and password whatever stale token comes along', async () => {
      const res = await fetch(
        `${url}/login?login=member%40example.com&password=${PASSWORDS.member}&Bugzilla_token=${stale()}`,
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as { id: number; token: string };
      expect(body).toEqual({
        id: fx.users.member,
        token: expect.stringMatching(new RegExp(`^${fx.users.member}-\\w+$`)),
      });
      await expect(
        app.rows('SELECT userid FROM logincookies WHERE cookie = ?', [body.token.split('-')[1]]),
      ).resolves.toEqual([{ userid: fx.users.member }]);
    });

    it('other methods refuse the stale token (code 32000, HTTP 400)', async () => {
      const res = await fetch(`${url}/extensions?Bugzilla_token=${stale()}`);
      expect(res.status).toBe(400);
      await expect(res.json()).resolves.toMatchObject({ error: true, code: 32000 });
    });
  });

  describe('the header form other clients use', () => {
    it('X-BUGZILLA-API-KEY identifies the caller and widens what it sees', async () => {
      const headers = { 'X-BUGZILLA-API-KEY': fx.keys.member };
      const who = await fetch(`${url}/whoami`, { headers });
      expect(who.status).toBe(200);
      await expect(who.json()).resolves.toEqual({
        id: fx.users.member,
        name: 'member@example.com',
        real_name: 'Mia Member',
        login: 'member@example.com',
      });
      const ids = await fetch(`${url}/product_accessible`, { headers });
      expect(ids.status).toBe(200);
      await expect(ids.json()).resolves.toEqual({
        // Ordered by product name, case-insensitively.
        ids: [fx.products.archive, fx.products.gadget, fx.products.secret, fx.products.widget],
      });
    });

    it('a bad X-BUGZILLA-API-KEY is refused with 306', async () => {
      const res = await fetch(`${url}/product_accessible`, { headers: { 'X-BUGZILLA-API-KEY': 'not-a-key' } });
      expect(res.status).toBe(400);
      await expect(res.json()).resolves.toEqual(
        envelope(306, 'The API key you specified is invalid. Please check that you typed it correctly.'),
      );
    });

    it('X-BUGZILLA-TOKEN carries a token from /rest/login until /rest/logout', async () => {
      const login = await fetch(`${url}/login?login=outsider%40example.com&password=${PASSWORDS.outsider}`);
      expect(login.status).toBe(200);
      const { id, token } = (await login.json()) as { id: number; token: string };
      expect(id).toBe(fx.users.outsider);
      const headers = { 'X-BUGZILLA-TOKEN': token };

      const who = await fetch(`${url}/whoami`, { headers });
      expect(who.status).toBe(200);
      await expect(who.json()).resolves.toEqual({
        id: fx.users.outsider,
        name: 'outsider@example.com',
        real_name: 'Otto Outsider',
        login: 'outsider@example.com',
      });

      const logout = await fetch(`${url}/logout`, { headers });
      expect(logout.status).toBe(200);
      await expect(logout.json()).resolves.toEqual({ result: null });
      await expect(app.rows('SELECT cookie FROM logincookies WHERE userid = ?', [fx.users.outsider])).resolves.toEqual(
        [],
      );

      const after = await fetch(`${url}/whoami`, { headers });
      expect(after.status).toBe(400);
      await expect(after.json()).resolves.toMatchObject({ error: true, code: 32000 });
    });
  });

  // Last: these change the product lists the tests above assert.
  describe('product create and update through the library session', () => {
    let gizmo: number;

    it('POST /rest/product as an editcomponents member creates the product', async () => {
      const body = JSON.stringify({ name: 'Gizmo', description: 'Gizmos for everyone', version: '0.1' });
      const answer = await py(home(), '--api-key', fx.keys.admin, 'product_create', body);
      expect(answer).toEqual({ result: { id: expect.any(Number) } });
      gizmo = answer.result.id;

      await expect(
        app.rows(
          'SELECT name, description, isactive, defaultmilestone, allows_unconfirmed FROM products WHERE id = ?',
          [gizmo],
        ),
      ).resolves.toEqual([
        {
          name: 'Gizmo',
          description: 'Gizmos for everyone',
          isactive: 1,
          defaultmilestone: '---',
          allows_unconfirmed: 1,
        },
      ]);
      const created = await py(home(), '--api-key', fx.keys.admin, 'product_get_names', 'Gizmo');
      expect(created).toEqual({
        result: [
          {
            id: gizmo,
            name: 'Gizmo',
            description: 'Gizmos for everyone',
            is_active: true,
            default_milestone: '---',
            has_unconfirmed: true,
            classification: 'Unclassified',
            components: [],
            versions: [{ id: expect.any(Number), name: '0.1', sort_key: 0, is_active: true }],
            milestones: [{ id: expect.any(Number), name: '---', sort_key: 0, is_active: true }],
          },
        ],
      });
    });

    it('PUT /rest/product/{name} updates it and reports the changes', async () => {
      const body = JSON.stringify({ description: 'Gizmos, improved', is_open: false });
      await expect(py(home(), '--api-key', fx.keys.admin, 'product_update', 'Gizmo', body)).resolves.toEqual({
        result: {
          products: [
            {
              id: gizmo,
              changes: {
                description: { added: 'Gizmos, improved', removed: 'Gizmos for everyone' },
                is_open: { added: '0', removed: '1' },
              },
            },
          ],
        },
      });
      await expect(app.rows('SELECT description, isactive FROM products WHERE id = ?', [gizmo])).resolves.toEqual([
        { description: 'Gizmos, improved', isactive: 0 },
      ]);
    });

    it('a rename to a name with a space, then an update addressed by that name (encoded in the path)', async () => {
      await expect(
        py(home(), '--api-key', fx.keys.admin, 'product_update', 'Gizmo', JSON.stringify({ name: 'Gizmo Pro' })),
      ).resolves.toEqual({
        result: { products: [{ id: gizmo, changes: { name: { added: 'Gizmo Pro', removed: 'Gizmo' } } }] },
      });
      await expect(
        py(
          home(),
          '--api-key',
          fx.keys.admin,
          'product_update',
          'Gizmo Pro',
          JSON.stringify({ has_unconfirmed: false }),
        ),
      ).resolves.toEqual({
        result: { products: [{ id: gizmo, changes: { has_unconfirmed: { added: '0', removed: '1' } } }] },
      });
      await expect(app.rows('SELECT name, allows_unconfirmed FROM products WHERE id = ?', [gizmo])).resolves.toEqual([
        { name: 'Gizmo Pro', allows_unconfirmed: 0 },
      ]);
    });

    it('a caller outside editcomponents gets 401 (code 304) and nothing is created', async () => {
      const body = JSON.stringify({ name: 'Sneaky', description: 'Should not exist', version: '1.0' });
      await expect(py(home(), '--api-key', fx.keys.outsider, 'product_create', body)).resolves.toEqual({
        error: 'HTTPError',
        // python-bugzilla scrubs its API key out of the message.
        message: `401 Client Error: Unauthorized for url: ${url}/product?Bugzilla_api_key=`,
      });
      await expect(app.rows('SELECT id FROM products WHERE name = ?', ['Sneaky'])).resolves.toEqual([]);
    });
  });

  // Last as well: these add a component to Widget, whose component list the tests above assert.
  describe("components through python-bugzilla's addcomponent and editcomponent", () => {
    let docs: number;

    it('addcomponent, with the keys its documentation names, creates the component and its default CC list', async () => {
      const data = {
        product: 'Widget',
        component: 'Docs',
        description: 'Documentation',
        default_assignee: 'dev@example.com',
        default_cc: ['lead@example.com'],
        is_active: true,
      };
      const answer = await py(home(), '--api-key', fx.keys.admin, 'addcomponent', JSON.stringify(data));
      expect(answer).toEqual({ result: { id: expect.any(Number) } });
      docs = answer.result.id;
      await expect(
        app.rows('SELECT name, product_id, initialowner, description, isactive FROM components WHERE id = ?', [docs]),
      ).resolves.toEqual([
        {
          name: 'Docs',
          product_id: fx.products.widget,
          initialowner: fx.users.dev,
          description: 'Documentation',
          isactive: 1,
        },
      ]);
      await expect(app.rows('SELECT user_id FROM component_cc WHERE component_id = ?', [docs])).resolves.toEqual([
        { user_id: fx.users.lead },
      ]);
    });

    it('editcomponent (PUT /component/Widget/Docs with names and updates) changes it and reports what changed', async () => {
      const data = {
        product: 'Widget',
        component: 'Docs',
        description: 'Documentation and guides',
        initialowner: 'lead@example.com',
        default_cc: ['dev@example.com'],
        is_active: false,
      };
      await expect(py(home(), '--api-key', fx.keys.admin, 'editcomponent', JSON.stringify(data))).resolves.toEqual({
        result: {
          components: [
            {
              id: docs,
              changes: {
                description: { removed: 'Documentation', added: 'Documentation and guides' },
                default_assignee: { removed: 'dev@example.com', added: 'lead@example.com' },
                default_cc: { removed: 'lead@example.com', added: 'dev@example.com' },
                is_open: { removed: '1', added: '0' },
              },
            },
          ],
        },
      });
      await expect(
        app.rows('SELECT initialowner, description, isactive FROM components WHERE id = ?', [docs]),
      ).resolves.toEqual([{ initialowner: fx.users.lead, description: 'Documentation and guides', isactive: 0 }]);
    });

    it('a caller outside editcomponents gets 401 (code 304) and nothing is created', async () => {
      const data = { product: 'Widget', name: 'Sneaky', description: 'x', default_assignee: 'dev@example.com' };
      await expect(py(home(), '--api-key', fx.keys.outsider, 'addcomponent', JSON.stringify(data))).resolves.toEqual({
        error: 'HTTPError',
        message: `401 Client Error: Unauthorized for url: ${url}/component?Bugzilla_api_key=`,
      });
      await expect(app.rows("SELECT id FROM components WHERE name = 'Sneaky'")).resolves.toEqual([]);
    });
  });
});
