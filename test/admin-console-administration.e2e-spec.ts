import type { Page } from 'playwright-core';
import { DIALECTS } from './support/test-app.js';
import {
  type ConsoleHarness,
  docsScreenshot,
  screenshot,
  seriousAxeViolations,
  signIn,
  startConsole,
} from './support/admin-console.js';

/**
 * The admin console over SPEC §10 in Chromium: making a product private through its group controls
 * (and an anonymous reader losing it), its history, deleting products (Bugzilla's refusal while bugs
 * remain), flag type deletion, classifications, and two admins editing one product (the second gets
 * the 412 and sees what changed). On MariaDB and SQLite.
 */

const PASSWORD = 'correct horse battery';

describe.each(DIALECTS)('admin console: administration [%s]', (dialect) => {
  let harness: ConsoleHarness;
  let page: Page;
  let adminKey: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    harness = await startConsole(dialect, { BZ_USECLASSIFICATION: '1' });
    const seed = harness.app.seed;
    const admin = await seed.user('admin@example.com', {
      password: PASSWORD,
      realname: 'Ada Admin',
      groups: ['admin', 'editclassifications'],
    });
    adminKey = await seed.apiKey(admin);
    await seed.user('viewer@example.com', { password: PASSWORD, realname: 'Vic Viewer' });
    await seed.group('insiders', { description: 'The inner circle' });
    // An insider, so that the product made private stays visible to the admin.
    await seed.userGroups(admin, ['insiders']);
    // Products made through the API, so that their history starts as Bugzilla's would.
    for (const name of ['Secret Widget', 'Doomed', 'Busy', 'Shared']) {
      const res = await harness.app.post('/rest/product', {
        headers: { 'X-BUGZILLA-API-KEY': adminKey },
        body: { name, description: `${name} description`, version: '1.0' },
      });
      expect(res.status).toBe(201);
      ids[name] = res.body.id;
      await seed.component(res.body.id, 'General', { owner: admin });
    }
    const [component] = await harness.app.rows('SELECT id FROM components WHERE product_id = ?', [ids.Busy]);
    await seed.bug({ product: ids.Busy, component: component.id, reporter: admin, assignee: admin, version: '1.0' });
    ids.flag = await seed.flagType('needinfo', { description: 'More information needed' });
    await seed.flagInclusion(ids.flag, ids['Secret Widget'], null);

    page = await harness.open();
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, 'admin@example.com', PASSWORD);
    await page.getByText('Signed in as').waitFor();
  });

  afterAll(async () => {
    await harness?.close();
  });

  const rows = <T = any>(sql: string, params: unknown[] = []) => harness.app.rows<T>(sql, params);
  const goTo = (hash: string) => page.evaluate((h) => (location.hash = h), hash);
  const anonymousNames = async () =>
    ((await harness.app.get('/rest/product')).body.products as { name: string }[]).map((p) => p.name);

  it('makes a product private through the group controls matrix; an anonymous reader loses it', async () => {
    expect(await anonymousNames()).toContain('Secret Widget');
    await goTo(`#/products/${ids['Secret Widget']}/group-controls`);
    await page.getByRole('row', { name: /^insiders/ }).waitFor();
    expect(
      await page
        .getByRole('row', { name: /^insiders/ })
        .getByRole('cell')
        .last()
        .textContent(),
    ).toBe('0');
    await page.getByLabel('insiders: members').selectOption('Mandatory');
    await page.getByLabel('insiders: others').selectOption('Mandatory');
    await page.getByLabel('insiders: required to enter bugs').check();
    await page.getByRole('button', { name: 'Save group controls' }).click();
    await page.getByRole('status').filter({ hasText: 'insiders: membercontrol' }).waitFor();
    await screenshot(page, 'group-controls', dialect);
    await docsScreenshot(page, dialect);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(
      await rows('SELECT entry, membercontrol, othercontrol FROM group_control_map WHERE product_id = ?', [
        ids['Secret Widget'],
      ]),
    ).toEqual([{ entry: 1, membercontrol: 3, othercontrol: 3 }]);
    await expect.poll(anonymousNames, { timeout: 5_000 }).not.toContain('Secret Widget');
  });

  it('shows the history of the product, newest first, with who and what', async () => {
    await goTo(`#/products/${ids['Secret Widget']}/history`);
    const table = page.getByRole('table');
    await table.waitFor();
    const body = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(1).map((c) => (c as HTMLElement).innerText.trim())));
    expect(body.every((row) => row[0] === 'admin@example.com')).toBe(true);
    expect(body).toContainEqual([
      'admin@example.com',
      `Product ${ids['Secret Widget']}`,
      'created',
      '',
      'Secret Widget',
    ]);
    expect(body.length).toBeGreaterThan(3);
    await screenshot(page, 'history', dialect);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("deletes a product with what goes with it, and shows Bugzilla's refusal while bugs remain", async () => {
    await goTo(`#/products/${ids.Busy}/delete`);
    await page.getByRole('button', { name: 'Delete product' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^There (is|are) 1 bugs? entered for this product!/);
    expect(await rows('SELECT id FROM products WHERE id = ?', [ids.Busy])).toHaveLength(1);
    await screenshot(page, 'delete-refused', dialect);

    await goTo(`#/products/${ids.Doomed}/delete`);
    await page.getByText('1 components').waitFor();
    await page.getByRole('button', { name: 'Delete product' }).click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    expect(await rows('SELECT id FROM products WHERE id = ?', [ids.Doomed])).toEqual([]);
    expect(await rows('SELECT id FROM components WHERE product_id = ?', [ids.Doomed])).toEqual([]);
  });

  it('deletes a flag type that applies to the product', async () => {
    await goTo(`#/products/${ids['Secret Widget']}/flag-types`);
    await page.getByRole('button', { name: 'Delete flag type needinfo' }).click();
    await page.getByRole('status').filter({ hasText: 'Flag type needinfo deleted.' }).waitFor();
    expect(await rows('SELECT id FROM flagtypes WHERE id = ?', [ids.flag])).toEqual([]);
  });

  it('creates, renames and deletes a classification, moving a product into it and out again', async () => {
    await page.getByRole('link', { name: 'Classifications' }).click();
    await page.getByRole('heading', { name: 'Classifications' }).waitFor();
    await page.getByRole('button', { name: 'New classification' }).click();
    await page.getByLabel('Classification name').fill('Gadgets');
    await page.getByLabel('Classification description').fill('Small useful things');
    await page.getByRole('button', { name: 'Add classification' }).click();
    await page.getByRole('status').filter({ hasText: 'Classification Gadgets added.' }).waitFor();
    await page.getByRole('button', { name: 'Edit Gadgets' }).click();
    await page.getByLabel('Classification name').fill('Gizmos');
    await page.getByRole('button', { name: 'Save classification' }).click();
    await page.getByRole('status').filter({ hasText: 'Classification Gizmos saved.' }).waitFor();
    expect(await rows('SELECT description FROM classifications WHERE name = ?', ['Gizmos'])).toEqual([
      { description: 'Small useful things' },
    ]);

    // Another admin saves first: the edit carries the ETag it was read with, so the save is refused (412),
    // what was typed stays, and a second save goes over their version.
    await page.getByRole('button', { name: 'Edit Gizmos' }).click();
    const form = page.getByRole('form', { name: 'Edit classification Gizmos' });
    await form.waitFor();
    const other = await harness.app.put('/rest/classification/Gizmos', {
      headers: { 'X-BUGZILLA-API-KEY': adminKey },
      body: { description: 'Changed elsewhere' },
    });
    expect(other.status).toBe(200);
    await form.getByLabel('Sort key').fill('5');
    await form.getByRole('button', { name: 'Save classification' }).click();
    await form
      .getByText('The object was changed by someone else. It is now stored as: Gizmos, “Changed elsewhere”, 0.', {
        exact: false,
      })
      .waitFor();
    expect(await form.getByLabel('Sort key').inputValue()).toBe('5');
    expect(await rows('SELECT description, sortkey FROM classifications WHERE name = ?', ['Gizmos'])).toEqual([
      { description: 'Changed elsewhere', sortkey: 0 },
    ]);
    await form.getByRole('button', { name: 'Save classification' }).click();
    await page.getByRole('status').filter({ hasText: 'Classification Gizmos saved.' }).waitFor();
    expect(await rows('SELECT description, sortkey FROM classifications WHERE name = ?', ['Gizmos'])).toEqual([
      { description: 'Small useful things', sortkey: 5 },
    ]);

    // A duplicate name is refused at the name field.
    await page.getByRole('button', { name: 'New classification' }).click();
    await page.getByLabel('Classification name').fill('Gizmos');
    await page.getByRole('button', { name: 'Add classification' }).click();
    const name = page.getByLabel('Classification name');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Move a product in through its own page.
    await goTo(`#/products/${ids.Shared}`);
    await page.getByLabel('Classification').fill('Gizmos');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.getByText('Products › Gizmos').waitFor();

    await goTo('#/classifications');
    await page.getByRole('region', { name: 'Classification Gizmos' }).getByRole('link', { name: 'Shared' }).waitFor();
    await screenshot(page, 'classifications', dialect);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete Gizmos' }).click();
    await page.getByRole('alert').waitFor();
    expect(await rows('SELECT id FROM classifications WHERE name = ?', ['Gizmos'])).toHaveLength(1);

    await goTo(`#/products/${ids.Shared}`);
    await page.getByLabel('Classification').fill('Unclassified');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Products › Unclassified').waitFor();
    // A classification made behind the console's back, empty: listed all the same (GET /rest/classification).
    const made = await harness.app.post('/rest/classification', {
      headers: { 'X-BUGZILLA-API-KEY': adminKey },
      body: { name: 'Empty Shelf', description: 'Nothing here yet', sortkey: 90 },
    });
    expect(made.status).toBe(201);
    await goTo('#/classifications');
    const gizmos = page.getByRole('region', { name: 'Classification Gizmos' });
    await gizmos.getByText('No product.').waitFor();
    await page.getByRole('region', { name: 'Classification Empty Shelf' }).getByText('No product.').waitFor();

    // Move a product between classifications from this screen, there and back.
    const classificationOf = async () =>
      (
        await harness.app.get(`/rest/product/${ids.Shared}`, {
          headers: { 'X-BUGZILLA-API-KEY': adminKey },
          query: { include_fields: 'classification' },
        })
      ).body;
    const unclassified = page.getByRole('region', { name: 'Classification Unclassified' });
    await unclassified.getByLabel('Move Shared to').selectOption('Gizmos');
    await unclassified.getByRole('button', { name: 'Move Shared' }).click();
    await page.getByRole('status').filter({ hasText: 'Shared moved to Gizmos.' }).waitFor();
    await gizmos.getByRole('link', { name: 'Shared' }).waitFor();
    expect(await classificationOf()).toEqual({ products: [{ classification: 'Gizmos' }] });
    await screenshot(page, 'classifications-moved', dialect);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await gizmos.getByLabel('Move Shared to').selectOption('Unclassified');
    await gizmos.getByRole('button', { name: 'Move Shared' }).click();
    await page.getByRole('status').filter({ hasText: 'Shared moved to Unclassified.' }).waitFor();
    await gizmos.getByText('No product.').waitFor();
    expect(await classificationOf()).toEqual({ products: [{ classification: 'Unclassified' }] });

    // Empty now, Gizmos can go.
    await page.getByRole('button', { name: 'Delete Gizmos' }).click();
    await page.getByRole('status').filter({ hasText: 'Classification Gizmos deleted.' }).waitFor();
    expect(await gizmos.count()).toBe(0);
    const listed = await harness.app.get('/rest/classification', {
      headers: { 'X-BUGZILLA-API-KEY': adminKey },
      query: { include_fields: 'name' },
    });
    expect(listed.body).toEqual({ classifications: [{ name: 'Unclassified' }, { name: 'Empty Shelf' }] });
    expect(await rows('SELECT id FROM classifications WHERE name = ?', ['Gizmos'])).toEqual([]);
  });

  it('two admins edit one product: the second gets the 412, sees what changed, keeps what was typed', async () => {
    const second = await harness.open();
    await signIn(second, 'admin@example.com', PASSWORD);
    await second.getByText('Signed in as').waitFor();
    for (const p of [page, second]) {
      await p.evaluate((h) => (location.hash = h), `#/products/${ids.Shared}`);
      await p.getByLabel('Description').waitFor();
    }
    await page.getByLabel('Description').fill('Changed by the first admin');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    await second.getByLabel('Name', { exact: true }).fill('Shared Renamed');
    await second.getByRole('button', { name: 'Save changes' }).click();
    const conflict = second.getByRole('region', { name: 'Changed by someone else' });
    await conflict.waitFor();
    expect(await second.getByRole('alert').first().textContent()).toBe('The object was changed by someone else.');
    expect(await conflict.locator('li').allTextContents()).toEqual([
      'Description: “Shared description” → “Changed by the first admin”',
    ]);
    expect(await second.getByLabel('Name', { exact: true }).inputValue()).toBe('Shared Renamed');
    // What the other admin changed, and this one did not touch, is taken into the form.
    expect(await second.getByLabel('Description').inputValue()).toBe('Changed by the first admin');
    await screenshot(second, 'conflict', dialect);
    expect(await rows('SELECT name, description FROM products WHERE id = ?', [ids.Shared])).toEqual([
      { name: 'Shared', description: 'Changed by the first admin' },
    ]);

    // Saving again applies the rename over the other admin's change.
    await second.getByRole('button', { name: 'Save changes' }).click();
    await second.getByRole('status').filter({ hasText: 'Saved: name.' }).waitFor();
    expect(await rows('SELECT name, description FROM products WHERE id = ?', [ids.Shared])).toEqual([
      { name: 'Shared Renamed', description: 'Changed by the first admin' },
    ]);
    await second.context().close();
  });

  it('shows a product the caller may see but not administer read-only', async () => {
    const viewer = await harness.open();
    await signIn(viewer, 'viewer@example.com', PASSWORD);
    await viewer.getByText('Signed in as').waitFor();
    await viewer.evaluate((h) => (location.hash = h), `#/products/${ids.Shared}`);
    await viewer.getByText('You may see this product but not administer it: its pages are read-only.').waitFor();
    expect(await viewer.getByLabel('Description').isDisabled()).toBe(true);
    expect(await viewer.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    await viewer.context().close();
  });
});
