#!/usr/bin/env node
// Measures the admin console in Chromium on the bench data (npm run bench:data): how long the catalogue
// takes to render once its data has arrived, how long one keystroke in the filter takes to show its
// result, and how long a product page takes to open. Timings come from the page's own clock
// (performance.now), each step repeated; medians and worst cases are printed. Not a test: nothing fails.
//
//   DATABASE_URL=mysql://root@127.0.0.1:3306/bzp_bench node bench/admin-console.mjs [--runs 5]
//
// The bench user's API key comes from bench/results/fixture.json (or BENCH_FIXTURE_FILE).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const fixture = JSON.parse(
  readFileSync(process.env.BENCH_FIXTURE_FILE || join(root, 'bench/results/fixture.json'), 'utf8'),
);
const databaseUrl = process.env.DATABASE_URL || 'mysql://root@127.0.0.1:3306/bzp_bench';

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = server.address();
    server.close(() => resolve(p));
  });
});
const service = spawn(process.execPath, ['dist/src/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  let out = '';
  service.stdout.on('data', (chunk) => {
    out += chunk;
    if (out.includes('listening on')) resolve();
  });
  service.on('exit', (code) => reject(new Error(`service exited with ${code}`)));
});

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
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
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const worst = (xs) => Math.max(...xs);
const best = (xs) => Math.min(...xs);
const ms = (x) => `${x.toFixed(1)} ms`;
const results = {
  catalogueCounts: [],
  catalogueData: [],
  catalogueRender: [],
  keystroke: [],
  productOpen: [],
  productData: [],
  productRender: [],
};
let products = 0;

try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const origin = `http://127.0.0.1:${port}`;
    await page.goto(`${origin}/admin/`);
    // Signed in with the bench user's API key, kept in sessionStorage as the console keeps it.
    await page.evaluate((key) => {
      sessionStorage.setItem(
        'bugzilla-products-admin-session',
        JSON.stringify({
          credentials: { kind: 'api_key', key },
          user: { id: 1, name: 'bench', real_name: '', login: 'bench' },
        }),
      );
    }, fixture.benchUser.apiKey);

    // Catalogue: from the end of the /rest/product answer to the rows being painted.
    await page.reload();
    const catalogue = await page.evaluate(async () => {
      const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      while (!document.querySelector('table.catalogue tbody tr')) await new Promise((r) => requestAnimationFrame(r));
      await painted();
      const done = performance.now();
      const entry = performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes('/rest/product?') && e.name.includes('classification'));
      const rows = document.querySelectorAll('table.catalogue tbody tr').length;
      // The counts come from a second request; the list is usable before.
      while (document.querySelector('td[aria-busy]')) await new Promise((r) => setTimeout(r, 5));
      await painted();
      const counted = performance.now();
      return { requestStart: entry.startTime, responseEnd: entry.responseEnd, done, counted, rows };
    });
    products = catalogue.rows;
    results.catalogueData.push(catalogue.responseEnd - catalogue.requestStart);
    results.catalogueRender.push(catalogue.done - catalogue.responseEnd);
    results.catalogueCounts.push(catalogue.counted - catalogue.requestStart);

    // Filter: one keystroke at a time ("bench 1"), each until its result is painted.
    const keystrokes = await page.evaluate(async () => {
      const input = document.getElementById('catalogue-filter');
      const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const times = [];
      let value = '';
      for (const ch of 'bench 1') {
        value += ch;
        const start = performance.now();
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await painted();
        times.push(performance.now() - start);
      }
      input.value = '';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await painted();
      return times;
    });
    results.keystroke.push(...keystrokes);

    // Product page: from the click on the biggest product to its components tab being painted.
    const product = await page.evaluate(async (name) => {
      const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const link =
        [...document.querySelectorAll('table.catalogue a')].find((a) => a.textContent === name) ??
        document.querySelector('table.catalogue a');
      const id = link.getAttribute('href').split('/').pop();
      performance.clearResourceTimings();
      const start = performance.now();
      location.hash = `#/products/${id}/components`;
      while (!document.querySelector('section[aria-label="Components"] tbody tr'))
        await new Promise((r) => requestAnimationFrame(r));
      await painted();
      const done = performance.now();
      const entry = performance.getEntriesByType('resource').find((e) => /\/rest\/product\/\d+$/.test(e.name));
      return { start, done, requestStart: entry.startTime, responseEnd: entry.responseEnd };
    }, fixture.bigProduct ?? 'Bench Big');
    results.productOpen.push(product.done - product.start);
    results.productData.push(product.responseEnd - product.requestStart);
    results.productRender.push(product.done - product.responseEnd);
    await context.close();
  }
} finally {
  await browser.close();
  service.kill('SIGTERM');
}

console.log(
  `Admin console on ${databaseUrl} (${products} product rows drawn for the bench user), ${runs} runs; median, best, worst:`,
);
const line = (label, xs) =>
  console.log(
    `  ${label.padEnd(52)} ${ms(median(xs)).padStart(10)} ${ms(best(xs)).padStart(10)} ${ms(worst(xs)).padStart(10)}`,
  );
line('catalogue: /rest/product answer (network + server)', results.catalogueData);
line('catalogue: render after the answer', results.catalogueRender);
line('catalogue: counts filled in (from the first request)', results.catalogueCounts);
line('filter: one keystroke to painted result', results.keystroke);
line('product page: click to painted components tab', results.productOpen);
line('  of which /rest/product/{id} answer', results.productData);
line('  of which render after the answer', results.productRender);
