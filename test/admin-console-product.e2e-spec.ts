import type { Page } from 'playwright-core';
import { DIALECTS } from './support/test-app.js';
import {
  type ConsoleHarness,
  fieldError,
  screenshot,
  seriousAxeViolations,
  signIn,
  startConsole,
} from './support/admin-console.js';

/**
 * The admin console's product pages (SPEC §11) in Chromium: creating a product with its first version
 * and milestone, its fields, components (user completion, default CC), versions and milestones, flag
 * types (listed, created and edited), and every refusal of the API shown at its field in the API's words. On MariaDB and SQLite.
 */

const PASSWORD = 'correct horse battery';

describe.each(DIALECTS)('admin console: products [%s]', (dialect) => {
  let harness: ConsoleHarness;
  let page: Page;
  let widget: number;

  beforeAll(async () => {
    harness = await startConsole(dialect);
    const seed = harness.app.seed;
    const admin = await seed.user('admin@example.com', {
      password: PASSWORD,
      realname: 'Ada Admin',
      groups: ['admin'],
    });
    await seed.user('bob@example.com', { realname: 'Bob Builder' });
    await seed.user('carol@example.com', { realname: 'Carol Chen' });
    widget = await seed.product('Widget', { description: 'Widgets of all kinds' });
    const engine = await seed.component(widget, 'Engine', { owner: admin, description: 'Runs it' });
    await seed.version(widget, 'unspecified');
    await seed.milestone(widget, '---');
    const review = await seed.flagType('review', { description: 'Code review' });
    await seed.flagInclusion(review, widget, null);
    const qa = await seed.flagType('qa-verified', { description: 'QA checked it' });
    await seed.flagInclusion(qa, widget, engine);
    await seed.group('reviewers', { description: 'May grant reviews' });
    // A product-level admin: editcomponents on Widget through a group control, on nothing else.
    const widgetAdmins = await seed.group('widget-admins');
    await seed.groupControl(widgetAdmins, widget, { editcomponents: true });
    await seed.user('pat@example.com', { password: PASSWORD, realname: 'Pat Product', groups: [widgetAdmins] });
    const sprocket = await seed.product('Sprocket', { description: 'Not Pat’s' });
    await seed.version(sprocket, 'unspecified');
    // A type included in two products, edited below from Widget's page.
    const signOff = await seed.flagType('sign-off', { description: 'Signed off', sortkey: 3 });
    await seed.flagInclusion(signOff, widget, null);
    await seed.flagInclusion(signOff, sprocket, null);

    page = await harness.open();
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, 'admin@example.com', PASSWORD);
    await page.getByText('Signed in as').waitFor();
  });

  afterAll(async () => {
    await harness?.close();
  });

  const rows = <T = any>(sql: string, params: unknown[] = []) => harness.app.rows<T>(sql, params);
  const goTo = async (hash: string) => {
    await page.evaluate((h) => (location.hash = h), hash);
  };
  const errorOf = (label: string) => fieldError(page, label);

  it('creates a product with its first version and default milestone', async () => {
    await page.getByRole('link', { name: 'New product' }).first().click();
    await page.getByRole('heading', { name: 'New product' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Name', { exact: true }).fill('Gizmo');
    await page.getByLabel('Description').fill('A small gizmo');
    await page.getByLabel('First version').fill('1.0');
    await page.getByLabel('Default milestone').fill('M1');
    await screenshot(page, 'new-product', dialect);
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('heading', { name: 'Gizmo' }).waitFor();

    const [product] = await rows('SELECT id, description, defaultmilestone FROM products WHERE name = ?', ['Gizmo']);
    expect(product).toMatchObject({ description: 'A small gizmo', defaultmilestone: 'M1' });
    expect(await page.evaluate(() => location.hash)).toBe(`#/products/${product.id}`);
    expect(await rows('SELECT value FROM versions WHERE product_id = ?', [product.id])).toEqual([{ value: '1.0' }]);
    expect(await rows('SELECT value FROM milestones WHERE product_id = ?', [product.id])).toEqual([{ value: 'M1' }]);
    await screenshot(page, 'product-fields', dialect);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows each refusal of a new product at its field, in the words of the API, keeping what was typed', async () => {
    await goTo('#/products/new');
    await page.getByRole('heading', { name: 'New product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Widget');
    await page.getByLabel('Description').fill('Another widget');
    await page.getByRole('button', { name: 'Create product' }).click();
    expect(await errorOf('Name')).toBe("The product name 'Widget' already exists.");
    expect(await page.getByLabel('Description').inputValue()).toBe('Another widget');

    await page.getByLabel('Name', { exact: true }).fill('Fresh');
    await page.getByLabel('Description').fill('   ');
    await page.getByRole('button', { name: 'Create product' }).click();
    expect(await errorOf('Description')).toBe('You must enter a description for this product.');

    await page.getByLabel('Description').fill('Fine');
    await page.getByLabel('Classification').fill('Nowhere');
    await page.getByRole('button', { name: 'Create product' }).click();
    expect(await errorOf('Classification')).toMatch(/Nowhere/);
    await screenshot(page, 'new-product-refused', dialect);
    expect(await rows('SELECT id FROM products WHERE name IN (?, ?)', ['Fresh', 'Nowhere'])).toEqual([]);
  });

  it("edits the product's fields, and shows a refusal at its field", async () => {
    await goTo(`#/products/${widget}`);
    await page.getByRole('heading', { name: 'Widget' }).waitFor();
    await page.getByLabel('Description').fill('Widgets, all of them');
    await page.getByLabel('Allows unconfirmed bugs').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Saved' }).textContent()).toBe(
      'Saved: description, has unconfirmed.',
    );
    expect(await rows('SELECT description, allows_unconfirmed FROM products WHERE id = ?', [widget])).toEqual([
      { description: 'Widgets, all of them', allows_unconfirmed: 0 },
    ]);

    await page.getByLabel('Name', { exact: true }).fill('Gizmo');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await errorOf('Name')).toBe("The product name 'Gizmo' already exists.");
    expect(await rows('SELECT name FROM products WHERE id = ?', [widget])).toEqual([{ name: 'Widget' }]);
    await page.getByLabel('Name', { exact: true }).fill('Widget');
  });

  it('adds a component with a default CC chosen by completion, then renames and deactivates it', async () => {
    await goTo(`#/products/${widget}/components`);
    await page.getByRole('button', { name: 'New component' }).click();
    await page.getByLabel('Component name').fill('Wheels');
    await page.getByLabel('Component description').fill('Round things');
    // Completion: typing part of a real name offers the matching logins.
    await page.getByLabel('Default assignee').fill('builder');
    const assigneeList = await page.getByLabel('Default assignee').getAttribute('list');
    await expect
      .poll(() =>
        page
          .locator(`[id="${assigneeList}"] option`)
          .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
      )
      .toEqual(['bob@example.com']);
    await page.getByLabel('Default assignee').fill('bob@example.com');
    await page.getByLabel('Add to Default CC list').fill('carol@example.com');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('carol@example.com', { exact: true }).waitFor();
    await screenshot(page, 'component-new', dialect);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add component' }).click();
    await page.getByRole('status').filter({ hasText: 'Component Wheels added.' }).waitFor();

    const [wheels] = await rows(
      `SELECT c.id, c.description, p.login_name AS assignee, c.isactive FROM components c
         JOIN profiles p ON p.userid = c.initialowner WHERE c.product_id = ? AND c.name = ?`,
      [widget, 'Wheels'],
    );
    expect(wheels).toMatchObject({ description: 'Round things', assignee: 'bob@example.com', isactive: 1 });
    expect(
      await rows(
        'SELECT p.login_name FROM component_cc cc JOIN profiles p ON p.userid = cc.user_id WHERE cc.component_id = ?',
        [wheels.id],
      ),
    ).toEqual([{ login_name: 'carol@example.com' }]);

    await page.getByRole('button', { name: 'Edit Wheels' }).click();
    await page.getByRole('heading', { name: 'Edit component Wheels' }).waitFor();
    expect(await page.getByText('carol@example.com', { exact: true }).count()).toBe(1);
    await page.getByLabel('Component name').fill('Tyres');
    await page.getByLabel('Open for bugs').uncheck();
    await page.getByRole('button', { name: 'Save component' }).click();
    await page.getByRole('status').filter({ hasText: 'Component Tyres saved.' }).waitFor();
    expect(await rows('SELECT name, isactive FROM components WHERE id = ?', [wheels.id])).toEqual([
      { name: 'Tyres', isactive: 0 },
    ]);
    const row = page.getByRole('row', { name: /^Tyres/ });
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'Round things',
      'bob@example.com',
      '',
      'no',
      'EditDelete',
    ]);
    await screenshot(page, 'components', dialect);
  });

  it('shows a component refusal at its field: an unknown login at the field that holds it', async () => {
    await goTo(`#/products/${widget}/components`);
    await page.getByRole('button', { name: 'New component' }).click();
    await page.getByLabel('Component name').fill('Engine');
    await page.getByLabel('Component description').fill('Twice');
    await page.getByLabel('Default assignee').fill('bob@example.com');
    await page.getByRole('button', { name: 'Add component' }).click();
    expect(await errorOf('Component name')).toBe('The Widget product already has a component named Engine.');
    await page.getByLabel('Component name').fill('Seats');
    await page.getByLabel('Default assignee').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Add component' }).click();
    expect(await errorOf('Default assignee')).toBe(
      "There is no user named 'nobody@example.com'. Either you mis-typed the name or that user has not yet registered for a Bugzilla account.",
    );
    expect(await rows('SELECT id FROM components WHERE name = ?', ['Seats'])).toEqual([]);
    await page.getByLabel('Default assignee').fill('bob@example.com');
    await page.getByLabel('Add to Default CC list').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Add component' }).click();
    expect(await errorOf('Add to Default CC list')).toMatch(/nobody@example\.com/);
    expect(await rows('SELECT id FROM components WHERE name = ?', ['Seats'])).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('adds versions and milestones with sort keys, renames one, and refuses a duplicate at its name', async () => {
    await goTo(`#/products/${widget}/versions`);
    await page.getByLabel('Version name').fill('2.0');
    await page.getByRole('button', { name: 'Add version' }).click();
    await page.getByRole('status').filter({ hasText: 'Version 2.0 added.' }).waitFor();
    await page.getByLabel('Version name').fill('1.10');
    await page.getByRole('button', { name: 'Add version' }).click();
    await page.getByRole('status').filter({ hasText: 'Version 1.10 added.' }).waitFor();
    // Bugzilla's version order: digit runs compared as numbers.
    await expect.poll(() => page.locator('tbody th').allTextContents()).toEqual(['1.10', '2.0', 'unspecified']);
    await page.getByLabel('Version name').fill('2.0');
    await page.getByRole('button', { name: 'Add version' }).click();
    expect(await errorOf('Version name')).toBe("The version '2.0' already exists for product 'Widget'.");
    await screenshot(page, 'versions', dialect);

    await goTo(`#/products/${widget}/milestones`);
    await page.getByLabel('Milestone name').fill('M2');
    await page.getByLabel('Sort key').fill('20');
    await page.getByRole('button', { name: 'Add milestone' }).click();
    await page.getByRole('status').filter({ hasText: 'Milestone M2 added.' }).waitFor();
    await page.getByLabel('Milestone name').fill('M1');
    await page.getByLabel('Sort key').fill('10');
    await page.getByRole('button', { name: 'Add milestone' }).click();
    await page.getByRole('status').filter({ hasText: 'Milestone M1 added.' }).waitFor();
    await page.getByRole('button', { name: 'Edit M2' }).click();
    await page.getByLabel('Milestone name').nth(1).fill('M2-final');
    await page.getByRole('button', { name: 'Save milestone' }).click();
    await page.getByRole('status').filter({ hasText: 'Milestone M2-final saved.' }).waitFor();
    expect(
      await rows('SELECT value, sortkey FROM milestones WHERE product_id = ? ORDER BY sortkey, value', [widget]),
    ).toEqual([
      { value: '---', sortkey: 0 },
      { value: 'M1', sortkey: 10 },
      { value: 'M2-final', sortkey: 20 },
    ]);
    await expect.poll(() => page.locator('tbody th').allTextContents()).toEqual(['---', 'M1', 'M2-final']);
    await screenshot(page, 'milestones', dialect);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('lists the flag types that apply, with their inclusions', async () => {
    await goTo(`#/products/${widget}/flag-types`);
    await page.getByRole('heading', { name: 'For bugs' }).waitFor();
    const table = page.getByRole('region', { name: 'Flag types for bugs' });
    await table.getByRole('row', { name: /^review/ }).waitFor();
    expect(
      await table
        .getByRole('row', { name: /^review/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['Code review', 'yes', 'every component', '—', 'EditDelete']);
    await screenshot(page, 'flag-types', dialect);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  /** What the REST API says of the flag type `name` on Widget: FlagType.get's item and Product.get's summary. */
  const flagTypeByApi = async (name: string) => {
    const login = await harness.app.get('/rest/login', { query: { login: 'admin@example.com', password: PASSWORD } });
    const headers = { 'X-BUGZILLA-TOKEN': login.body.token as string };
    const types = await harness.app.get('/rest/flag_type/Widget', { headers });
    const product = await harness.app.get(`/rest/product/${widget}`, {
      headers,
      query: { include_fields: 'components.flag_types' },
    });
    expect([types.status, product.status]).toEqual([200, 200]);
    const info = [...types.body.bug, ...types.body.attachment].find((t: { name: string }) => t.name === name);
    const summary = product.body.products[0].components
      .flatMap((c: any) => [...c.flag_types.bug, ...c.flag_types.attachment])
      .find((t: { name: string }) => t.name === name);
    return { info, summary };
  };

  it('creates a flag type for the product, refusing a bad name at its field and keeping what was typed', async () => {
    await goTo(`#/products/${widget}/flag-types`);
    await page.getByRole('button', { name: 'New flag type' }).click();
    const form = page.getByRole('form', { name: 'New flag type' });
    await form.waitFor();
    expect(await form.getByLabel('Applies to (inclusions)').inputValue()).toBe('Widget');
    await form.getByLabel('Flag type name').fill('needs triage');
    await form.getByLabel('Flag type description').fill('Someone should triage this');
    await form.getByLabel('Target type').selectOption('attachment');
    await form.getByLabel('Applies to (inclusions)').fill('Widget:Engine');
    await form.getByLabel('Flag type sort key').fill('5');
    await form.getByLabel('CC list').fill('bob@example.com');
    await form.getByLabel('Grant group').fill('reviewers');
    await form.getByLabel('Multiplicable').uncheck();
    await form.getByRole('button', { name: 'Add flag type' }).click();
    expect(await errorOf('Flag type name')).toBe(
      'The name needs triage must be 1-50 characters long and must not contain any spaces or commas.',
    );
    expect(await form.getByLabel('Flag type description').inputValue()).toBe('Someone should triage this');
    expect(await form.getByLabel('Grant group').inputValue()).toBe('reviewers');
    await screenshot(page, 'flag-type-refused', dialect);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await rows('SELECT id FROM flagtypes WHERE name = ?', ['needs triage'])).toEqual([]);

    await form.getByLabel('Flag type name').fill('needs-triage');
    await form.getByRole('button', { name: 'Add flag type' }).click();
    await page.getByRole('status').filter({ hasText: 'Flag type needs-triage added.' }).waitFor();
    await page
      .getByRole('region', { name: 'Flag types for attachments' })
      .getByRole('row', { name: /^needs-triage/ })
      .waitFor();

    const [group] = await rows('SELECT id FROM `groups` WHERE name = ?', ['reviewers']);
    const { info, summary } = await flagTypeByApi('needs-triage');
    expect(info).toEqual({
      id: info.id,
      name: 'needs-triage',
      description: 'Someone should triage this',
      type: 'attachment',
      // The admin is not in the grant group "reviewers": it may request, not grant.
      values: ['X', '?'],
      is_active: true,
      is_requesteeble: true,
      is_multiplicable: false,
      inclusions: ['Engine'],
    });
    expect(summary).toEqual({
      id: info.id,
      name: 'needs-triage',
      description: 'Someone should triage this',
      cc_list: 'bob@example.com',
      sort_key: 5,
      is_active: true,
      is_requestable: true,
      is_requesteeble: true,
      is_multiplicable: false,
      grant_group: group.id,
      request_group: null,
    });
    expect(await rows('SELECT product_id, component_id FROM flaginclusions WHERE type_id = ?', [info.id])).toEqual([
      { product_id: widget, component_id: expect.any(Number) },
    ]);
  });

  it('edits a flag type, refusing a bad sort key at its field, then saving what changed', async () => {
    await goTo(`#/products/${widget}/flag-types`);
    await page.getByRole('button', { name: 'Edit flag type needs-triage' }).click();
    const form = page.getByRole('form', { name: 'Edit flag type needs-triage' });
    await form.waitFor();
    // The form starts from the stored type, its group named.
    expect(await form.getByLabel('Flag type sort key').inputValue()).toBe('5');
    expect(await form.getByLabel('CC list').inputValue()).toBe('bob@example.com');
    expect(await form.getByLabel('Grant group').inputValue()).toBe('reviewers');
    expect(await form.getByLabel('Multiplicable').isChecked()).toBe(false);
    // The groups Group.get lists are offered as choices for both group fields.
    for (const label of ['Grant group', 'Request group']) {
      await expect.poll(() => form.getByLabel(label).getAttribute('list')).toBeTruthy();
      const list = await form.getByLabel(label).getAttribute('list');
      const offered = await page
        .locator(`datalist[id="${list}"] option`)
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      expect(offered).toEqual(expect.arrayContaining(['reviewers', 'widget-admins', 'editcomponents']));
    }

    await form.getByLabel('Flag type description').fill('Triage it soon');
    await form.getByLabel('Flag type sort key').fill('99999');
    await form.getByRole('button', { name: 'Save flag type' }).click();
    expect(await errorOf('Flag type sort key')).toBe('The sort key must be an integer between 0 and 32767.');
    expect(await form.getByLabel('Flag type description').inputValue()).toBe('Triage it soon');
    await screenshot(page, 'flag-type-edit', dialect);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await form.getByLabel('Flag type sort key').fill('7');
    await form.getByLabel('Grant group').fill('');
    await form.getByLabel('Specifically requestable (of one person)').uncheck();
    await form.getByLabel('Applies to (inclusions)').fill('Widget');
    await form.getByRole('button', { name: 'Save flag type' }).click();
    await page.getByRole('status').filter({ hasText: 'Flag type needs-triage saved.' }).waitFor();

    const { info, summary } = await flagTypeByApi('needs-triage');
    expect(info).toMatchObject({ description: 'Triage it soon', is_requesteeble: false, type: 'attachment' });
    expect(info.inclusions).toBeUndefined();
    expect(summary).toMatchObject({ sort_key: 7, grant_group: null, cc_list: 'bob@example.com' });
    expect(await rows('SELECT product_id, component_id FROM flaginclusions WHERE type_id = ?', [info.id])).toEqual([
      { product_id: widget, component_id: null },
    ]);
  });

  /** The stored inclusions or exclusions of the type `name`, as `Product` or `Product:Component`, sorted. */
  const storedRules = async (table: 'flaginclusions' | 'flagexclusions', name: string) =>
    (
      await rows<{ product: string | null; component: string | null }>(
        `SELECT p.name AS product, c.name AS component FROM ${table} r JOIN flagtypes ft ON ft.id = r.type_id
           LEFT JOIN products p ON p.id = r.product_id LEFT JOIN components c ON c.id = r.component_id
          WHERE ft.name = ?`,
        [name],
      )
    )
      .map((row) => (row.component ? `${row.product}:${row.component}` : String(row.product)))
      .sort();

  it("edits a type included in two products from one product's page, keeping the other product's inclusion", async () => {
    await goTo(`#/products/${widget}/flag-types`);
    await page.getByRole('button', { name: 'Edit flag type sign-off' }).click();
    const form = page.getByRole('form', { name: 'Edit flag type sign-off' });
    await form.waitFor();
    // The whole lists, every product's rules, as GET /rest/flag_type?ids= gives them.
    expect(await form.getByLabel('Applies to (inclusions)').inputValue()).toBe('Sprocket\nWidget');
    expect(await form.getByLabel('Except (exclusions)').inputValue()).toBe('');
    await form.getByLabel('Except (exclusions)').fill('Widget:Engine');
    await form.getByRole('button', { name: 'Save flag type' }).click();
    await page.getByRole('status').filter({ hasText: 'Flag type sign-off saved.' }).waitFor();
    expect(await storedRules('flaginclusions', 'sign-off')).toEqual(['Sprocket', 'Widget']);
    expect(await storedRules('flagexclusions', 'sign-off')).toEqual(['Widget:Engine']);

    // Another admin saves first: the edit's If-Match is stale (412), what was typed stays, a second save wins.
    await page.getByRole('button', { name: 'Edit flag type sign-off' }).click();
    await form.waitFor();
    const login = await harness.app.get('/rest/login', { query: { login: 'admin@example.com', password: PASSWORD } });
    const [{ id: signOff }] = await rows('SELECT id FROM flagtypes WHERE name = ?', ['sign-off']);
    const other = await harness.app.put(`/rest/flag_type/${signOff}`, {
      headers: { 'X-BUGZILLA-TOKEN': login.body.token },
      body: { description: 'Signed off elsewhere' },
    });
    expect(other.status).toBe(200);
    await form.getByLabel('Flag type sort key').fill('4');
    await form.getByRole('button', { name: 'Save flag type' }).click();
    await form.getByText('The object was changed by someone else.', { exact: false }).waitFor();
    expect(await form.getByLabel('Flag type sort key').inputValue()).toBe('4');
    expect(await rows('SELECT sortkey FROM flagtypes WHERE id = ?', [signOff])).toEqual([{ sortkey: 3 }]);
    await form.getByRole('button', { name: 'Save flag type' }).click();
    await page.getByRole('status').filter({ hasText: 'Flag type sign-off saved.' }).waitFor();
    expect(await rows('SELECT sortkey, description FROM flagtypes WHERE id = ?', [signOff])).toEqual([
      { sortkey: 4, description: 'Signed off elsewhere' },
    ]);

    // A product-level admin sees (and sends) Widget's rules only; Sprocket's inclusion stays.
    const pat = await harness.open();
    try {
      await signIn(pat, 'pat@example.com', PASSWORD);
      await pat.getByText('Signed in as').waitFor();
      await pat.evaluate((h) => (location.hash = h), `#/products/${widget}/flag-types`);
      await pat.getByRole('button', { name: 'Edit flag type sign-off' }).click();
      const patForm = pat.getByRole('form', { name: 'Edit flag type sign-off' });
      await patForm.waitFor();
      expect(await patForm.getByLabel('Applies to (inclusions)').inputValue()).toBe('Widget');
      expect(await patForm.getByLabel('Except (exclusions)').inputValue()).toBe('Widget:Engine');
      await patForm.getByLabel('Applies to (inclusions)').fill('Widget:Engine');
      await patForm.getByLabel('Except (exclusions)').fill('');
      await patForm.getByRole('button', { name: 'Save flag type' }).click();
      await pat.getByRole('status').filter({ hasText: 'Flag type sign-off saved.' }).waitFor();
    } finally {
      await pat.context().close();
    }
    expect(await storedRules('flaginclusions', 'sign-off')).toEqual(['Sprocket', 'Widget:Engine']);
    expect(await storedRules('flagexclusions', 'sign-off')).toEqual([]);
  });

  it("lets a product-level admin add a flag type to its product, refusing other products' names at the list naming them", async () => {
    const pat = await harness.open();
    try {
      // The console asks which groups Pat is in; not in editcomponents, Pat is not offered a new product.
      const ownGroups = pat.waitForResponse((response) => /\/rest\/user\?.*include_fields=groups/.test(response.url()));
      await signIn(pat, 'pat@example.com', PASSWORD);
      await pat.getByText('Signed in as').waitFor();
      expect((await ownGroups).status()).toBe(200);
      await pat.getByRole('heading', { name: 'Products' }).waitFor();
      expect(await pat.getByRole('link', { name: 'New product' }).count()).toBe(0);
      await pat.evaluate((h) => (location.hash = h), `#/products/${widget}/flag-types`);
      await pat.getByRole('button', { name: 'New flag type' }).click();
      const form = pat.getByRole('form', { name: 'New flag type' });
      await form.getByLabel('Flag type name').fill('pat-check');
      await form.getByLabel('Flag type description').fill('Checked by Pat');
      await form.getByLabel('Applies to (inclusions)').fill('Sprocket');
      await form.getByRole('button', { name: 'Add flag type' }).click();
      const errorAt = async (label: string) => {
        const field = form.getByLabel(label, { exact: true });
        await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
        const id = (await field.getAttribute('aria-describedby'))!.split(' ')[0];
        return pat.locator(`[id="${id}"]`).textContent();
      };
      expect(await errorAt('Applies to (inclusions)')).toBe(
        "Either the product 'Sprocket' does not exist or you don't have access to it.",
      );
      expect(await form.getByLabel('Flag type description').inputValue()).toBe('Checked by Pat');

      await form.getByLabel('Applies to (inclusions)').fill('Widget');
      await form.getByLabel('Except (exclusions)').fill('Widget:Gears');
      await form.getByRole('button', { name: 'Add flag type' }).click();
      expect(await errorAt('Except (exclusions)')).toBe("There is no component named 'Gears' in the 'Widget' product.");
      expect(await rows('SELECT id FROM flagtypes WHERE name = ?', ['pat-check'])).toEqual([]);

      await form.getByLabel('Except (exclusions)').fill('Widget:Engine');
      await form.getByRole('button', { name: 'Add flag type' }).click();
      await pat.getByRole('status').filter({ hasText: 'Flag type pat-check added.' }).waitFor();
      const { info } = await flagTypeByApi('pat-check');
      expect(info).toMatchObject({ name: 'pat-check', type: 'bug', description: 'Checked by Pat' });
      // The exclusion at work: the type applies to Widget, but not to its component Engine.
      const onEngine = await harness.app.get('/rest/flag_type/Widget/Engine');
      expect(onEngine.status).toBe(200);
      expect(onEngine.body.bug.map((t: { name: string }) => t.name)).not.toContain('pat-check');
      expect(onEngine.body.bug.map((t: { name: string }) => t.name)).toContain('qa-verified');
      const [engine] = await rows('SELECT id FROM components WHERE product_id = ? AND name = ?', [widget, 'Engine']);
      expect(
        await rows(
          'SELECT product_id, component_id FROM flaginclusions WHERE type_id = ? UNION ALL SELECT product_id, -component_id FROM flagexclusions WHERE type_id = ?',
          [info.id, info.id],
        ),
      ).toEqual([
        { product_id: widget, component_id: null },
        { product_id: widget, component_id: -engine.id },
      ]);
    } finally {
      await pat.context().close();
    }
  });
});
