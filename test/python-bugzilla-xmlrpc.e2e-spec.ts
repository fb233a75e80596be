import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { failed, type Fixture, ok, PASSWORDS, PythonBugzillaSession } from './support/python-bugzilla.js';
import { DIALECTS, type TestApp } from './support/test-app.js';

/**
 * python-bugzilla 3.x in its default mode: given the site's address without a path, it probes
 * `HEAD /xmlrpc.cgi` and talks XML-RPC (Bugzilla.version, User.login, Product.get_*_products,
 * Product.get, User.get ...), sending the API key or its cached token inside the params struct.
 * Everything test/python-bugzilla.e2e-spec.ts drives over REST, driven here over XML-RPC, plus
 * `force_xmlrpc=True`.
 */

describe.runIf(DIALECTS.includes('mysql'))('python-bugzilla in its default XML-RPC mode [mysql]', () => {
  const session = new PythonBugzillaSession('');
  const { home, cli, py, tokenFile, cachedToken, loginBanner } = session;
  let app: TestApp;
  let fx: Fixture;
  let host: string;
  let site: string;

  beforeAll(async () => {
    await session.start();
    ({ app, fx, host, url: site } = session);
  });

  afterAll(() => session.close());

  describe('the bugzilla command, anonymous', () => {
    it('info --products (the issue: a bare address used to fail with 400 on /xmlrpc.cgi)', async () => {
      await expect(cli(home(), 'info', '--products')).resolves.toEqual(ok('Archive\nWidget\ngadget\n'));
    });

    it('info --components, --active-components, --component_owners, --versions', async () => {
      const h = home();
      await expect(cli(h, 'info', '--components', 'Widget')).resolves.toEqual(ok('Backend\nFrontend\nLegacy\n'));
      await expect(cli(h, 'info', '--components', 'Widget', '--active-components')).resolves.toEqual(
        ok('Backend\nFrontend\n'),
      );
      await expect(cli(h, 'info', '--component_owners', 'Widget', '--active-components')).resolves.toEqual(
        ok('Backend: lead@example.com\nFrontend: dev@example.com\n'),
      );
      await expect(cli(h, 'info', '--versions', 'Widget')).resolves.toEqual(ok('1.9\n1.10\n2.0\n'));
    });

    it('a product behind a group the caller is not in does not exist for the CLI', async () => {
      await expect(cli(home(), 'info', '--components', 'Secret')).resolves.toEqual(
        failed(3, "\nServer error: Product 'Secret' not found\n"),
      );
    });

    it('--ensure-logged-in: User.get ids=[1] answers fault 505, which python-bugzilla reads as "not logged in"', async () => {
      await expect(cli(home(), '--ensure-logged-in', 'info', '--products')).resolves.toEqual(
        failed(1, `--ensure-logged-in passed but you aren't logged in to ${site}/xmlrpc.cgi\n`),
      );
    });
  });

  describe('the bugzilla command with the API key from bugzillarc (Bugzilla_api_key in every params struct)', () => {
    it("shows a group member the group's private product", async () => {
      const h = home(fx.keys.member);
      await expect(cli(h, 'info', '--products')).resolves.toEqual(ok('Archive\nSecret\nWidget\ngadget\n'));
      await expect(cli(h, 'info', '--component_owners', 'Secret')).resolves.toEqual(ok('Vault: member@example.com\n'));
      await expect(cli(h, '--ensure-logged-in', 'info', '--versions', 'Secret')).resolves.toEqual(ok('1.0\n'));
    });

    it('keeps the private product from a logged-in user outside the group', async () => {
      const h = home(fx.keys.outsider);
      await expect(cli(h, 'info', '--products')).resolves.toEqual(ok('Archive\nWidget\ngadget\n'));
      await expect(cli(h, 'info', '--components', 'Secret')).resolves.toEqual(
        failed(3, "\nServer error: Product 'Secret' not found\n"),
      );
    });
  });

  describe('the bugzilla command with --username/--password (User.login, then Bugzilla_token)', () => {
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
      await expect(
        app.rows('SELECT userid FROM logincookies WHERE cookie = ?', [token!.split('-')[1]]),
      ).resolves.toEqual([{ userid: fx.users.member }]);
    });

    it('later runs use the cached token, and --ensure-logged-in accepts it', async () => {
      await expect(cli(loginHome, '--ensure-logged-in', 'info', '--component_owners', 'Secret')).resolves.toEqual(
        ok('Vault: member@example.com\n'),
      );
    });

    it("a wrong password fails the login with Bugzilla's message (fault 300)", async () => {
      await expect(
        cli(home(), '--username', 'member@example.com', '--password', 'wrong', 'info', '--products'),
      ).resolves.toEqual(
        failed(1, `Logging into ${host}\nLogin failed: The login or password you entered is not valid.\n`),
      );
    });

    it('the `login` command with a stale cached token logs in again (User.login ignores the token)', async () => {
      const staleHome = home();
      mkdirSync(dirname(tokenFile(staleHome)), { recursive: true });
      writeFileSync(tokenFile(staleHome), `[${host}]\ntoken = ${fx.users.member}-NoSuchCookie0\n\n`);
      await expect(cli(staleHome, 'login', 'member@example.com', PASSWORDS.member)).resolves.toEqual(
        ok(loginBanner(staleHome)),
      );
      expect(cachedToken(staleHome)).not.toBe(`${fx.users.member}-NoSuchCookie0`);
      await expect(cli(staleHome, 'info', '--versions', 'Secret')).resolves.toEqual(ok('1.0\n'));
    });
  });

  describe('the Python API', () => {
    it('Bugzilla(site) chooses XML-RPC, and so does force_xmlrpc=True', async () => {
      await expect(py(home(), 'backend')).resolves.toEqual({ result: 'xmlrpc' });
      await expect(py(home(), '--force-xmlrpc', 'backend')).resolves.toEqual({ result: 'xmlrpc' });
    });

    it.each([[[]], [['--force-xmlrpc']]])(
      '%j: connects (Bugzilla.version) and is logged in with a key',
      async (flags) => {
        const h = home();
        await expect(py(h, ...flags, '--api-key', fx.keys.member, 'version')).resolves.toEqual({
          result: { version: '5.2', major: 5, minor: 2 },
        });
        await expect(py(h, ...flags, '--api-key', fx.keys.member, 'logged_in')).resolves.toEqual({ result: true });
        // Anonymous: User.get ids=[1] faults with 505, which python-bugzilla reads as False over XML-RPC.
        await expect(py(h, ...flags, 'logged_in')).resolves.toEqual({ result: false });
      },
    );

    it.each([[[]], [['--force-xmlrpc']]])('%j: getproducts(), product_get(ptype=, names=)', async (flags) => {
      const answer = await py(home(), ...flags, '--api-key', fx.keys.member, 'getproducts');
      expect(answer.result.map((p: { name: string }) => p.name)).toEqual(['Archive', 'gadget', 'Secret', 'Widget']);
      expect(answer.result[2]).toEqual({
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
      const h = home();
      await expect(py(h, ...flags, '--api-key', fx.keys.member, 'product_get_ptype', 'enterable')).resolves.toEqual({
        result: ['gadget', 'Secret', 'Widget'],
      });
      await expect(py(h, ...flags, '--api-key', fx.keys.outsider, 'product_get_ptype', 'selectable')).resolves.toEqual({
        result: ['Archive', 'gadget', 'Widget'],
      });
      const byName = await py(h, ...flags, '--api-key', fx.keys.outsider, 'product_get_names', 'WIDGET', 'Secret');
      expect(byName.result.map((p: { name: string }) => p.name)).toEqual(['Widget']);
    });

    it('getcomponents() and getcomponentdetails(): unset flag type groups are left out, as XMLRPC::Lite does', async () => {
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
              },
            ],
            attachment: [],
          },
        },
      });
      await expect(py(home(), '--api-key', fx.keys.outsider, 'getcomponents', 'Secret')).resolves.toEqual({
        error: 'BugzillaError',
        message: "Product 'Secret' not found",
      });
    });

    it('Bugzilla(site, user=, password=) logs in (User.login), and logout() (User.logout) ends the token', async () => {
      const h = home();
      const state = await py(h, '--user', 'member@example.com', '--password', PASSWORDS.member, 'login_state');
      expect(state).toEqual({
        result: { logged_in: true, token: expect.stringMatching(/^\d+-\w+$/), user: 'member@example.com' },
      });
      const token: string = state.result.token;
      await expect(py(h, 'product_names')).resolves.toEqual({ result: ['Archive', 'gadget', 'Secret', 'Widget'] });
      await expect(py(h, 'logout')).resolves.toEqual({ result: null });
      await expect(
        app.rows('SELECT userid FROM logincookies WHERE cookie = ?', [token.split('-')[1]]),
      ).resolves.toEqual([]);
      // The dead token stays cached; Bugzilla.version ignores it, the next call gets fault 32000.
      await expect(py(h, 'product_names')).resolves.toEqual({
        error: 'Fault',
        message:
          "<Fault 32000: 'The cookies or token provide were not valid or have expired. You may login again to get new cookies or a new token.'>",
      });
    });

    it('a wrong password makes Bugzilla(site, user=, password=) raise "Login failed"', async () => {
      await expect(py(home(), '--user', 'member@example.com', '--password', 'wrong', 'logged_in')).resolves.toEqual({
        error: 'BugzillaError',
        message: 'Login failed: The login or password you entered is not valid.',
      });
    });

    it('Product.create and Product.update through the library’s XML-RPC proxy', async () => {
      const created = await py(
        home(),
        '--api-key',
        fx.keys.admin,
        'product_create',
        JSON.stringify({ name: 'Sprocket', description: 'Made over XML-RPC', version: '1.0' }),
      );
      expect(created).toEqual({ result: { id: expect.any(Number) } });
      const updated = await py(
        home(),
        '--api-key',
        fx.keys.admin,
        'product_update',
        'Sprocket',
        JSON.stringify({ description: 'Changed over XML-RPC' }),
      );
      expect(updated).toEqual({
        result: {
          products: [
            {
              id: created.result.id,
              changes: { description: { added: 'Changed over XML-RPC', removed: 'Made over XML-RPC' } },
            },
          ],
        },
      });
      await expect(app.rows('SELECT description FROM products WHERE id = ?', [created.result.id])).resolves.toEqual([
        { description: 'Changed over XML-RPC' },
      ]);
      const refused = await py(
        home(),
        '--api-key',
        fx.keys.outsider,
        'product_create',
        JSON.stringify({ name: 'Nope', description: 'x', version: '1' }),
      );
      expect(refused).toEqual({
        error: 'Fault',
        message:
          "<Fault 304: \"Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add new products.\">",
      });
    });

    it('addcomponent and editcomponent through the XML-RPC proxy (Component.create, Component.update)', async () => {
      const data = {
        product: 'Widget',
        component: 'Manuals',
        description: 'Manuals',
        default_assignee: 'dev@example.com',
        default_cc: ['lead@example.com'],
      };
      const created = await py(home(), '--api-key', fx.keys.admin, 'addcomponent', JSON.stringify(data));
      expect(created).toEqual({ result: { id: expect.any(Number) } });
      const id = created.result.id;
      await expect(app.rows('SELECT user_id FROM component_cc WHERE component_id = ?', [id])).resolves.toEqual([
        { user_id: fx.users.lead },
      ]);

      const edit = { product: 'Widget', component: 'Manuals', description: 'Manuals and guides', is_active: false };
      await expect(py(home(), '--api-key', fx.keys.admin, 'editcomponent', JSON.stringify(edit))).resolves.toEqual({
        result: {
          components: [
            {
              id,
              changes: {
                description: { removed: 'Manuals', added: 'Manuals and guides' },
                is_open: { removed: '1', added: '0' },
              },
            },
          ],
        },
      });
      await expect(app.rows('SELECT description, isactive FROM components WHERE id = ?', [id])).resolves.toEqual([
        { description: 'Manuals and guides', isactive: 0 },
      ]);

      const refused = await py(
        home(),
        '--api-key',
        fx.keys.outsider,
        'addcomponent',
        JSON.stringify({ ...data, component: 'Sneaky' }),
      );
      expect(refused).toEqual({
        error: 'Fault',
        message:
          "<Fault 304: \"Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to add, modify or delete components.\">",
      });
      await expect(app.rows("SELECT id FROM components WHERE name = 'Sneaky'")).resolves.toEqual([]);
    });
  });
});
