import type { Page } from 'playwright-core';
import { DIALECTS } from './support/test-app.js';
import {
  type ConsoleHarness,
  screenshot,
  seriousAxeViolations,
  signIn,
  startConsole,
} from './support/admin-console.js';

/**
 * The admin console (SPEC §11) in Chromium: signing in and out (password and API key, Bugzilla's
 * wrong-password and lockout messages) and the catalogue (grouped by classification, inactive products
 * marked, counts, the filter, names shown as text). Each journey runs on MariaDB and on SQLite.
 */

const PASSWORD = 'correct horse battery';
const HOSTILE = '<img src=x onerror=alert(1)>';

describe.each(DIALECTS)('admin console: sign-in and catalogue [%s]', (dialect) => {
  let console_: ConsoleHarness;
  let apiKey: string;
  let pages: Page[] = [];

  beforeAll(async () => {
    console_ = await startConsole(dialect);
    const seed = console_.app.seed;
    const admin = await seed.user('admin@example.com', {
      password: PASSWORD,
      realname: 'Ada Admin',
      groups: ['admin'],
    });
    apiKey = await seed.apiKey(admin);
    await seed.user('victim@example.com', { password: PASSWORD, groups: ['admin'] });
    const hardware = await seed.classification('Hardware', 'Things you can touch', 5);
    const widget = await seed.product('Widget', { description: 'Widgets of all kinds' });
    for (const name of ['Backend', 'Frontend']) await seed.component(widget, name, { owner: admin });
    await seed.version(widget, 'unspecified');
    await seed.milestone(widget, '---');
    const board = await seed.product('Circuit Board', { classification: hardware, description: 'Boards' });
    await seed.component(board, 'Layout', { owner: admin });
    await seed.version(board, '1.0');
    await seed.version(board, '2.0');
    await seed.milestone(board, '---');
    const old = await seed.product('Old Gadget', { isactive: false, description: 'No longer made' });
    await seed.version(old, 'unspecified');
    await seed.milestone(old, '---');
    const hostile = await seed.product(HOSTILE, { description: `${HOSTILE} also here` });
    await seed.version(hostile, 'unspecified');
    await seed.milestone(hostile, '---');
    // A product-level admin: editcomponents on Widget through a group control, nothing more.
    const widgetAdmins = await seed.group('widget-admins');
    await seed.groupControl(widgetAdmins, widget, { editcomponents: true });
    await seed.user('widgets@example.com', { password: PASSWORD, realname: 'Wanda Widget', groups: [widgetAdmins] });
  });

  afterEach(async () => {
    for (const page of pages) await page.context().close();
    pages = [];
  });

  afterAll(async () => {
    await console_?.close();
  });

  const catalogueRows = (page: Page) =>
    page
      .locator('table.catalogue tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => (cell as HTMLElement).innerText.trim())));

  const open = async () => {
    const page = await console_.open();
    pages.push(page);
    return page;
  };

  it('serves the sign-in page with labelled fields and no serious accessibility violation', async () => {
    const page = await open();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'sign-in', dialect);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('signs in with login and password, shows who is signed in, keeps the token in sessionStorage only', async () => {
    const page = await open();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await signIn(page, 'admin@example.com', PASSWORD);
    await page.getByText('Signed in as').waitFor();
    expect(await page.locator('.who').textContent()).toBe('Signed in as Ada Admin (admin@example.com)');
    const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
    expect(stored).toMatch(/"kind\\":\\"token\\",\\"token\\":\\"\d+-/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // Neither the password nor the token ever appears in a URL.
    expect(
      requests.filter((url) => url.includes(encodeURIComponent(PASSWORD)) || /token=|password=/.test(url)),
    ).toEqual([]);
    const tokens = await console_.app.rows('SELECT COUNT(*) AS n FROM logincookies');
    expect(Number(tokens[0].n)).toBe(1);

    // Sign out: the service forgets the token, the page forgets the session.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    const after = await console_.app.rows('SELECT COUNT(*) AS n FROM logincookies');
    expect(Number(after[0].n)).toBe(0);
  });

  it('shows the wrong-password message as Bugzilla words it, keeping what was typed in the login field', async () => {
    const page = await open();
    await signIn(page, 'admin@example.com', 'not the password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('The login or password you entered is not valid.');
    expect(await page.getByLabel('Login').inputValue()).toBe('admin@example.com');
    await screenshot(page, 'sign-in-wrong-password', dialect);
  });

  it("shows Bugzilla's lockout message once an account has failed five times from this address", async () => {
    const page = await open();
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn(page, 'victim@example.com', `wrong ${attempt}`);
      await page.getByRole('alert').waitFor();
      await page.getByRole('button', { name: 'Sign in' }).and(page.locator(':enabled')).waitFor();
    }
    await signIn(page, 'victim@example.com', PASSWORD);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/^Your IP \(127\.0\.0\.1\) has been locked out of this account until .* UTC, as you have exceeded/);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('signs in with an API key', async () => {
    const page = await open();
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Use API key' }).click();
    await page.getByText('Signed in as').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('bugzilla-products-admin-session'))).toContain('"api_key"');
  });

  it('refuses an unknown API key in the words of the service', async () => {
    const page = await open();
    await page.getByLabel('API key').fill('not-a-key-at-all');
    await page.getByRole('button', { name: 'Use API key' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'The API key you specified is invalid. Please check that you typed it correctly.',
    );
  });

  it('lists the catalogue grouped by classification, with counts, inactive products marked and names as text', async () => {
    const page = await open();
    await signIn(page, 'admin@example.com', PASSWORD);
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await page.getByText('4 products', { exact: true }).waitFor();
    const groups = await page
      .getByRole('region', { name: /^Classification / })
      .evaluateAll((sections) => sections.map((s) => s.getAttribute('aria-label')));
    expect(groups).toEqual(['Classification Hardware', 'Classification Unclassified']);
    // The counts and the administered products arrive after the list: asked until they are in.
    await expect
      .poll(() => catalogueRows(page))
      .toEqual([
        ['Circuit Board', 'Boards', '1', '2', '1', 'Edit'],
        [HOSTILE, `${HOSTILE} also here`, '0', '1', '1', 'Edit'],
        ['Old Gadget closed for bugs', 'No longer made', '0', '1', '1', 'Edit'],
        ['Widget', 'Widgets of all kinds', '2', '1', '1', 'Edit'],
      ]);
    // The hostile name is text: no image element was made from it.
    expect(await page.locator('main img').count()).toBe(0);
    expect(await page.getByRole('link', { name: HOSTILE, exact: true }).count()).toBe(1);
    await screenshot(page, 'catalogue', dialect);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('marks the products the caller may not administer read-only (GET /rest/product_editable), without edit links', async () => {
    const page = await open();
    await signIn(page, 'widgets@example.com', PASSWORD);
    await page.getByText('4 products', { exact: true }).waitFor();
    await expect
      .poll(() => catalogueRows(page))
      .toEqual([
        ['Circuit Board', 'Boards', '1', '2', '1', 'read-only'],
        [HOSTILE, `${HOSTILE} also here`, '0', '1', '1', 'read-only'],
        ['Old Gadget closed for bugs', 'No longer made', '0', '1', '1', 'read-only'],
        ['Widget', 'Widgets of all kinds', '2', '1', '1', 'Edit'],
      ]);
    expect(await page.getByRole('link', { name: /^Edit / }).allTextContents()).toEqual(['Edit']);
    await screenshot(page, 'catalogue-product-admin', dialect);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Its own product is editable; another one shows its fields read-only.
    await page.getByRole('link', { name: 'Edit Widget' }).click();
    await page.getByRole('heading', { name: 'Widget' }).waitFor();
    await page.getByRole('button', { name: 'Save changes' }).waitFor();
    expect(await page.getByLabel('Description').isDisabled()).toBe(false);
    await page.getByRole('link', { name: 'Products' }).first().click();
    await page.getByRole('link', { name: 'Circuit Board' }).click();
    await page.getByText('You may see this product but not administer it: its pages are read-only.').waitFor();
    expect(await page.getByLabel('Description').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
  });

  it('narrows the catalogue as one types in the filter, and reaches a product by keyboard alone', async () => {
    const page = await open();
    await signIn(page, 'admin@example.com', PASSWORD);
    await page.getByText('4 products', { exact: true }).waitFor();
    await page.getByLabel('Filter products').pressSequentially('wid');
    await page.getByText('1 of 4 products', { exact: true }).waitFor();
    expect(await page.locator('table.catalogue tbody tr th a').allTextContents()).toEqual(['Widget']);
    await page.getByLabel('Filter products').fill('HARDWARE');
    // Classification names are searched too.
    await page.getByText('1 of 4 products', { exact: true }).waitFor();
    expect(await page.locator('table.catalogue tbody tr th a').allTextContents()).toEqual(['Circuit Board']);
    await page.getByLabel('Filter products').fill('');
    await page.getByText('4 products', { exact: true }).waitFor();

    // Keyboard: Tab moves through the header and the filter to the first product, Enter opens it.
    await page.getByLabel('Filter products').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Circuit Board');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#\/products\/\d+$/);
  });

  it('draws the first 200 products of a big catalogue until asked for all of them', async () => {
    await console_.app.seed.insertMany(
      'products',
      ['name', 'classification_id', 'description', 'isactive', 'defaultmilestone', 'allows_unconfirmed'],
      Array.from({ length: 210 }, (_, i) => [`Bulk ${String(i).padStart(3, '0')}`, 1, 'Many', 1, '---', 1]),
    );
    // Written behind the service's back: visible within CACHE_MAX_STALENESS_MS.
    const page = await open();
    await signIn(page, 'admin@example.com', PASSWORD);
    // The sign-in must have landed (token in sessionStorage) before the first reload, or the reload
    // aborts /rest/login and every later reload shows the sign-in form again.
    await page.getByText(/^\d+ products$/).waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByText(/^\d+ products$/).waitFor();
          return page.getByText('214 products', { exact: true }).isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.getByText('Showing the first 200 of 214').waitFor();
    expect(await page.locator('table.catalogue tbody tr').count()).toBe(200);
    await page.getByRole('button', { name: 'Show all 214' }).click();
    await expect.poll(() => page.locator('table.catalogue tbody tr').count(), { timeout: 10_000 }).toBe(214);
    await page.getByLabel('Filter products').fill('bulk 20');
    await page.getByText('10 of 214 products', { exact: true }).waitFor();
  });
});
