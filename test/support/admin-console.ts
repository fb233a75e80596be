import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { type Dialect, type TestApp, startTestApp } from './test-app.js';

/**
 * The admin console in a real browser: Debian's Chromium (installed by scripts/ensure-chromium.sh,
 * which `npm test` runs first) driven by playwright-core, against the real service listening on a
 * port of its own. Pages are driven as a person would, by role and label.
 */

export const CHROMIUM = '/usr/bin/chromium';

/** Where the journeys leave their screenshots (gitignored). */
export const ARTIFACTS = join('test-artifacts', 'admin-console');

export async function launchChromium(): Promise<Browser> {
  // launch() gives every browser a fresh, temporary user-data-dir of its own.
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface ConsoleHarness {
  app: TestApp;
  /** http://127.0.0.1:PORT */
  origin: string;
  /** This test process's Chromium (shared: close the pages' contexts, never the browser). */
  browser: Browser;
  /** A new browser tab with its own sessionStorage and cookies (a new context), at /admin/. */
  open(): Promise<Page>;
  /** Closes the contexts `open()` made and the app; the browser stays for the next journey. */
  close(): Promise<void>;
}

let chromiumOfThisProcess: Promise<Browser> | undefined;

/**
 * One Chromium per test process (a Vitest worker runs file after file), launched at the first journey:
 * a launch cost a second of the two cores each time, twelve times a run (four files, three databases).
 * Journeys share nothing through it: each page has a context of its own (storage, cookies, cache),
 * closed by the harness that made it. Playwright ends the browser when the process exits.
 */
export async function sharedChromium(): Promise<Browser> {
  const launched = (chromiumOfThisProcess ??= launchChromium());
  try {
    const browser = await launched;
    if (browser.isConnected()) return browser;
  } catch (error) {
    if (chromiumOfThisProcess === launched) chromiumOfThisProcess = undefined;
    throw error;
  }
  // It crashed or was closed since: a new one.
  if (chromiumOfThisProcess === launched) chromiumOfThisProcess = undefined;
  return sharedChromium();
}

/** The service on a fresh database of `dialect`, listening on a free port, and the process's Chromium. */
export async function startConsole(dialect: Dialect, env: Record<string, string> = {}): Promise<ConsoleHarness> {
  const app = await startTestApp(dialect, env);
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.app.getHttpServer().address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  let browser: Browser;
  try {
    browser = await sharedChromium();
  } catch (error) {
    await app.close();
    throw error;
  }
  const contexts = new Set<BrowserContext>();
  return {
    app,
    origin,
    browser,
    async open() {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      contexts.add(context);
      context.once('close', () => contexts.delete(context));
      const page = await context.newPage();
      // A step that cannot happen fails with its own message well within the test's time.
      page.setDefaultTimeout(10_000);
      await page.goto(`${origin}/admin/`);
      return page;
    },
    async close() {
      try {
        await Promise.all([...contexts].map((context) => context.close()));
      } finally {
        await app.close();
      }
    },
  };
}

/** The error text attached to the field labelled `label` (aria-describedby), once the field says it is invalid. */
export async function fieldError(page: Page, label: string): Promise<string | null> {
  const field = page.getByLabel(label, { exact: true });
  // The refusal's round trip, on a machine the whole suite loads, may take longer than the poll's default 5 s.
  await expect.poll(() => field.getAttribute('aria-invalid'), { timeout: 20_000 }).toBe('true');
  const id = (await field.getAttribute('aria-describedby'))!.split(' ')[0];
  return page.locator(`[id="${id}"]`).textContent();
}

export async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A full-page screenshot under test-artifacts/admin-console/, named after the page and the database. */
export async function screenshot(page: Page, name: string, dialect: Dialect): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.${dialect}.png`), fullPage: true });
}

/**
 * The docs' picture of the console (docs/admins.md, "The admin console"), opt-in: written as
 * `$SCREENSHOT_DIR/admin-console.png` only when SCREENSHOT_DIR is set, from the SQLite run, as wide as
 * the browser window. `SCREENSHOT_DIR=docs` retakes the one the docs show.
 */
export async function docsScreenshot(page: Page, dialect: Dialect): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir || dialect !== 'sqlite') return;
  mkdirSync(dir, { recursive: true });
  // The window's width, down to a little below the page's content (no empty half of a window).
  const bottom = await page.locator('main').evaluate((main) => main.getBoundingClientRect().bottom);
  const { width, height } = page.viewportSize()!;
  await page.screenshot({
    path: join(dir, 'admin-console.png'),
    clip: { x: 0, y: 0, width, height: Math.min(height, Math.ceil(bottom) + 24) },
  });
}

/** axe's serious and critical violations on the page as it is now (none expected). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}
