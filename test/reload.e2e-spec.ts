import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { untilGone as untilProcessesGone, workerPids } from '../bench/processes.mjs';
import { BugzillaStandIn } from './support/bugzilla-stand-in.js';
import { methodCall } from './support/rpc-client.js';
import { otherWriterOnUrl } from './support/other-writer.js';
import { KeepAliveLoad, type LoadTally } from './support/keep-alive-load.js';
import { PACKAGE_VERSION } from './support/release.js';
import { seedBeforeStart, seedBulkProducts } from './support/seed-before-start.js';
import {
  freePort,
  request,
  startService,
  stopService,
  type HttpOutcome,
  type ServiceProcess,
} from './support/service-process.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/test-app.js';

/**
 * SPEC §17: SIGHUP reloads the built service in place (`node dist/src/main.js`, a process of its own)
 * while a keep-alive load runs — 20 connections, each sending its next request as soon as the last is
 * answered, nothing retried — and every request's outcome is counted: none fails, none is reset, none
 * times out. New workers come from the code on disk with the settings read again; a reload that cannot
 * start is not swapped in; /health and /metrics say what runs and how the last reload went.
 */

const BIG_PRODUCTS = 40;
/** Callers that save once each, across a reload (below). */
const CALLERS = 600;

const LOAD_PATHS = ['/rest/product_accessible', '/rest/product?names=Reload%20A&include_fields=id,name', '/health'];

/** The products the load reads, and a large catalogue (`big`). */
async function prepare(database: TestDatabase, { big = true } = {}): Promise<void> {
  await seedBeforeStart(database, async (seed) => {
    const owner = await seed.user('owner@reload.test');
    for (const name of ['Reload A', 'Reload B', 'Reload C']) {
      const product = await seed.product(name);
      await seed.component(product, 'General', { owner, description: 'before' });
    }
    // A catalogue whose XML-RPC Product.get answer is about 12 MB: far more than a socket's buffers hold.
    await seedBulkProducts(seed, { prefix: 'Reload Big', count: big ? BIG_PRODUCTS : 0, owner, repeat: 400 });
  });
}

/** Waits until `service`'s output holds `count` lines matching `line`; those lines. */
async function untilLogged(
  service: ServiceProcess,
  line: RegExp,
  count: number,
  timeoutMs = 90_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = service
      .output()
      .split('\n')
      .filter((l) => line.test(l));
    if (lines.length >= count) return lines;
    if (Date.now() > deadline) throw new Error(`no ${count}× ${line} in:\n${service.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until none of `pids` runs (the retired workers have drained and exited), half a minute at most. */
const untilGone = (pids: number[]) => untilProcessesGone(pids, 30_000);

/** Waits until the service has `count` workers, none of them in `old`; their pids. */
async function untilWorkers(service: ServiceProcess, count: number, old: number[] = []): Promise<number[]> {
  await untilGone(old);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const pids = workerPids(service.child.pid!);
    if (pids.length === count) return pids;
    if (Date.now() > deadline) throw new Error(`${pids.length} workers, not ${count}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function health(service: ServiceProcess): Promise<Record<string, unknown>> {
  const answer = await request(service.port, 'GET', '/health');
  expect(answer.status).toBe(200);
  return JSON.parse(answer.text!) as Record<string, unknown>;
}

async function metricLines(service: ServiceProcess): Promise<string[]> {
  const answer = await request(service.port, 'GET', '/metrics');
  return answer.text!.split('\n').filter((line) => line.startsWith('bugzilla_service_'));
}

/** Sends SIGHUP once the load has run a while, and waits for the reload's outcome line (the `nth` such). */
async function reloadUnderLoad(service: ServiceProcess, load: KeepAliveLoad, outcome: RegExp, nth: number) {
  const answered = load.answered();
  while (load.answered() < answered + 100) await new Promise((r) => setTimeout(r, 20));
  service.child.kill('SIGHUP');
  const lines = await untilLogged(service, outcome, nth);
  // And the load runs on a while after it.
  const after = load.answered();
  while (load.answered() < after + 200) await new Promise((r) => setTimeout(r, 20));
  return lines[nth - 1];
}

/** Every request was answered whole, with 200. */
function expectNoneFailed(tally: LoadTally): void {
  expect({ failures: tally.failures, statuses: Object.keys(tally.statuses) }).toEqual({
    failures: {},
    statuses: ['200'],
  });
  expect(tally.reused).toBeGreaterThan(tally.sent / 2);
}

const RELOADED = /^Reloaded in \d+ ms: version \S+ serves with \d+ worker\(s\); the \d+ previous one\(s\) finish/;
const FAILED = /^Reload failed: /;

describe.runIf(DIALECTS.includes('mysql'))('SIGHUP reloads in place under keep-alive load (SPEC §17) [mysql]', () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase('mysql');
    await prepare(database);
    dir = mkdtempSync(join(tmpdir(), 'reload-'));
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('WORKERS=1: a new worker takes over, the old one says Connection: close and exits, and no request fails', async () => {
    const service = await startService({ DATABASE_URL: database.url, WORKERS: '1', LOG_LEVEL: 'info' });
    try {
      const [before] = await untilWorkers(service, 1);
      const load = new KeepAliveLoad(service.port, LOAD_PATHS).start();
      const line = await reloadUnderLoad(service, load, RELOADED, 1);
      expect(line).toContain(`version ${PACKAGE_VERSION} serves with 1 worker(s); the 1 previous one(s)`);
      const tally = await load.stop();
      expectNoneFailed(tally);
      // The retired worker's keep-alive connections were each closed by an answer saying so.
      expect(tally.closedPolitely).toBeGreaterThan(0);
      const [after] = await untilWorkers(service, 1, [before]);
      expect(after).not.toBe(before);

      expect(await health(service)).toEqual({
        status: 'ok',
        version: PACKAGE_VERSION,
        last_reload: { at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), outcome: 'ok' },
      });
      expect(await metricLines(service)).toEqual(
        expect.arrayContaining([
          `bugzilla_service_version_info{version="${PACKAGE_VERSION}"} 1`,
          'bugzilla_service_reloads_total{outcome="ok"} 1',
          'bugzilla_service_reloads_total{outcome="failed"} 0',
          expect.stringMatching(/^bugzilla_service_last_reload_timestamp_seconds\{outcome="ok"\} \d+(\.\d+)?$/),
        ]),
      );
      console.log(`reload WORKERS=1: ${JSON.stringify(tally)}`);
    } finally {
      await stopService(service);
    }
  }, 240_000);

  it(
    'WORKERS=2 from SETTINGS_FILE, read again at each reload: WORKERS=3 takes effect; a bad setting and a ' +
      'database the new workers cannot reach are not swapped in (one line says why, /health and the metrics ' +
      'say so); the next good reload goes through; no request fails',
    async () => {
      const settings = join(dir, 'settings.env');
      const good = `# the reload spec's settings\nDATABASE_URL=${database.url}\nWORKERS=2\n`;
      writeFileSync(settings, good);
      const service = await startService({ SETTINGS_FILE: settings, LOG_LEVEL: 'info', DATABASE_URL: '' });
      try {
        const first = await untilWorkers(service, 2);
        const load = new KeepAliveLoad(service.port, LOAD_PATHS).start();

        writeFileSync(settings, good.replace('WORKERS=2', 'WORKERS=3'));
        expect(await reloadUnderLoad(service, load, RELOADED, 1)).toContain('serves with 3 worker(s); the 2 previous');
        const second = await untilWorkers(service, 3, first);

        // A bad setting: the new worker refuses to start; the three keep serving.
        writeFileSync(settings, `${good}DB_POOL_SIZE=lots\n`);
        expect(await reloadUnderLoad(service, load, FAILED, 1)).toBe(
          `Reload failed: DB_POOL_SIZE must be an integer from 1 to 1000 (got 'lots'); ` +
            `the running workers (version ${PACKAGE_VERSION}) keep serving`,
        );
        expect(workerPids(service.child.pid!).sort()).toEqual([...second].sort());
        expect(await health(service)).toEqual({
          status: 'ok',
          version: PACKAGE_VERSION,
          last_reload: {
            at: expect.any(String),
            outcome: 'failed',
            reason: "DB_POOL_SIZE must be an integer from 1 to 1000 (got 'lots')",
          },
        });

        // A database the new workers cannot reach.
        const nobody = await freePort();
        writeFileSync(settings, good.replace(/DATABASE_URL=.*/, `DATABASE_URL=mysql://root@127.0.0.1:${nobody}/bugs`));
        const unreachable = await reloadUnderLoad(service, load, FAILED, 2);
        expect(unreachable).toMatch(
          /^Reload failed: .*ECONNREFUSED.*; the running workers \(version \S+\) keep serving$/,
        );
        expect(workerPids(service.child.pid!).sort()).toEqual([...second].sort());

        // The settings mended: the next reload goes through.
        writeFileSync(settings, good);
        expect(await reloadUnderLoad(service, load, RELOADED, 2)).toContain('serves with 2 worker(s); the 3 previous');
        await untilWorkers(service, 2, second);
        const tally = await load.stop();
        expectNoneFailed(tally);

        expect(await health(service)).toEqual({
          status: 'ok',
          version: PACKAGE_VERSION,
          last_reload: { at: expect.any(String), outcome: 'ok' },
        });
        expect(await metricLines(service)).toEqual(
          expect.arrayContaining([
            'bugzilla_service_reloads_total{outcome="ok"} 2',
            'bugzilla_service_reloads_total{outcome="failed"} 2',
          ]),
        );
        // One line per failed reload, and nothing else about it from the workers that could not start.
        expect(service.output().match(/DB_POOL_SIZE must be/g)).toHaveLength(1);
        console.log(`reload WORKERS=2: ${JSON.stringify(tally)}`);
      } finally {
        await stopService(service);
      }
    },
    480_000,
  );

  it(
    'an upgrade in place (new files on disk, then SIGHUP) serves the new version; a build that throws on load ' +
      'is not swapped in; no request fails',
    async () => {
      // A copy of the built service, upgraded in place as `npm ci && npm run build` would.
      const root = mkdtempSync(join(tmpdir(), 'reload-upgrade-'));
      try {
        cpSync('dist', join(root, 'dist'), { recursive: true });
        cpSync('package.json', join(root, 'package.json'));
        symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
        const service = await startService({ DATABASE_URL: database.url, WORKERS: '1', LOG_LEVEL: 'info' }, root);
        try {
          const load = new KeepAliveLoad(service.port, LOAD_PATHS).start();
          expect((await health(service)).version).toBe(PACKAGE_VERSION);

          const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
          writeFileSync(join(root, 'package.json'), JSON.stringify({ ...manifest, version: '99.0.0-upgraded' }));
          expect(await reloadUnderLoad(service, load, RELOADED, 1)).toContain('version 99.0.0-upgraded serves');
          expect((await health(service)).version).toBe('99.0.0-upgraded');

          // A build that throws when it loads.
          const module = join(root, 'dist/src/app.module.js');
          const built = readFileSync(module, 'utf8');
          writeFileSync(module, `throw new Error('a broken build');\n${built}`);
          expect(await reloadUnderLoad(service, load, FAILED, 1)).toBe(
            'Reload failed: the code failed to load: a broken build; the running workers (version 99.0.0-upgraded) keep serving',
          );
          expect(await health(service)).toEqual({
            status: 'ok',
            version: '99.0.0-upgraded',
            last_reload: {
              at: expect.any(String),
              outcome: 'failed',
              reason: 'the code failed to load: a broken build',
            },
          });

          writeFileSync(module, built);
          await reloadUnderLoad(service, load, RELOADED, 2);
          const tally = await load.stop();
          expectNoneFailed(tally);
          expect(await metricLines(service)).toEqual(
            expect.arrayContaining([
              'bugzilla_service_version_info{version="99.0.0-upgraded"} 1',
              'bugzilla_service_reloads_total{outcome="ok"} 2',
              'bugzilla_service_reloads_total{outcome="failed"} 1',
            ]),
          );
          console.log(`upgrade: ${JSON.stringify(tally)}`);
        } finally {
          await stopService(service);
        }
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
    360_000,
  );

  it('in front of Bugzilla, a passed download that runs across the reload finishes byte for byte', async () => {
    const SIZE = 24 * 1024 * 1024;
    const CHUNK = 64 * 1024;
    const chunk = (i: number) => Buffer.alloc(CHUNK, i % 251);
    const bugzilla = new BugzillaStandIn();
    // attachment.cgi sending its bytes slowly (a chunk every 50 ms) until the test has seen the reload
    // through, then the rest at once: a download provably in flight across the whole reload.
    let reloaded = false;
    bugzilla.on(
      (method, url) => method === 'GET' && url.startsWith('/attachment.cgi'),
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(SIZE) });
        let i = 0;
        const next = () => {
          while (i * CHUNK < SIZE) {
            const more = res.write(chunk(i++));
            if (!reloaded) return void setTimeout(next, 50);
            if (!more) return void res.once('drain', next);
          }
          res.end();
        };
        next();
      },
    );
    await bugzilla.start();
    const service = await startService({
      DATABASE_URL: database.url,
      BUGZILLA_URL: bugzilla.url(),
      WORKERS: '1',
      LOG_LEVEL: 'info',
    });
    try {
      const [before] = await untilWorkers(service, 1);
      const load = new KeepAliveLoad(service.port, LOAD_PATHS).start();
      let firstBytes: () => void = () => undefined;
      const started = new Promise<void>((r) => (firstBytes = r));
      const download = new Promise<{ status: number; length: number; sha: string; complete: boolean }>(
        (resolveDownload, reject) => {
          http
            .get({ host: '127.0.0.1', port: service.port, path: '/attachment.cgi?id=7', agent: false }, (res) => {
              const hash = createHash('sha256');
              let length = 0;
              res.on('data', (data: Buffer) => {
                if (length === 0) firstBytes();
                hash.update(data);
                length += data.length;
              });
              res.on('end', () =>
                resolveDownload({ status: res.statusCode!, length, sha: hash.digest('hex'), complete: res.complete }),
              );
              res.on('error', reject);
            })
            .on('error', reject);
        },
      );
      await started;
      await reloadUnderLoad(service, load, RELOADED, 1);
      // The old worker still sends the download after the new one has taken over.
      expect(workerPids(service.child.pid!)).toContain(before);
      reloaded = true;
      const got = await download;
      const expected = createHash('sha256');
      for (let i = 0; i * CHUNK < SIZE; i++) expected.update(chunk(i));
      expect(got).toEqual({ status: 200, length: SIZE, sha: expected.digest('hex'), complete: true });
      const tally = await load.stop();
      expectNoneFailed(tally);
      await untilGone([before]);
    } finally {
      await stopService(service);
      await bugzilla.close();
    }
  }, 240_000);
  it('a long XML-RPC answer (Product.get of a 12 MB catalogue, read slowly) runs across the reload and ends whole', async () => {
    const service = await startService({ DATABASE_URL: database.url, WORKERS: '1', LOG_LEVEL: 'info' });
    const call = methodCall('Product.get', { type: 'accessible' });
    /** Product.get over XML-RPC on a connection of its own; reads 64 KiB every 50 ms until `slow()` says no more. */
    const productGet = (slow: () => boolean, firstBytes = () => {}) =>
      new Promise<{ status: number; length: number; sha: string; complete: boolean; tail: string }>(
        (resolveCall, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port: service.port,
              method: 'POST',
              path: '/xmlrpc.cgi',
              agent: false,
              headers: { 'content-type': 'text/xml', 'content-length': String(Buffer.byteLength(call)) },
            },
            (res) => {
              const hash = createHash('sha256');
              let length = 0;
              let tail = '';
              res.on('data', (data: Buffer) => {
                if (length === 0) firstBytes();
                hash.update(data);
                length += data.length;
                tail = (tail + data.toString('latin1')).slice(-40);
                // Slowly at first; past the first MiB it waits for slow() to end, however long the reload
                // takes on a loaded machine: the answer is still being written when the reload is over.
                if (slow()) {
                  res.pause();
                  const resume = () => (slow() && length > 1024 * 1024 ? setTimeout(resume, 50) : res.resume());
                  setTimeout(resume, 50);
                }
              });
              res.on('end', () =>
                resolveCall({ status: res.statusCode!, length, sha: hash.digest('hex'), complete: res.complete, tail }),
              );
              res.on('error', reject);
            },
          );
          req.on('error', reject);
          req.end(call);
        },
      );
    try {
      const [before] = await untilWorkers(service, 1);
      const load = new KeepAliveLoad(service.port, LOAD_PATHS).start();
      let reloaded = false;
      let firstBytes: () => void = () => undefined;
      const started = new Promise<void>((r) => (firstBytes = r));
      const across = productGet(() => !reloaded, firstBytes);
      await started;
      await reloadUnderLoad(service, load, RELOADED, 1);
      // The old worker is still writing the answer after the new one has taken over.
      expect(workerPids(service.child.pid!)).toContain(before);
      reloaded = true;
      const got = await across;
      await untilGone([before]);
      // The same call answered by the new worker alone: the same bytes.
      const fresh = await productGet(() => false);
      expect(fresh.length).toBeGreaterThan(10 * 1024 * 1024);
      expect(got).toEqual({
        ...fresh,
        status: 200,
        complete: true,
        tail: expect.stringContaining('</methodResponse>'),
      });
      const tally = await load.stop();
      expectNoneFailed(tally);
    } finally {
      await stopService(service);
    }
  }, 240_000);
});

/**
 * What a worker knows of callers' writes (read-your-writes across the front and Bugzilla, SPEC §13) carries
 * over a reload (SPEC §17). On PostgreSQL the model sees an outside write only at its next check (the
 * server's snapshot signal; a minute's bound here), so only what the workers tell each other shows it at once.
 */
describe.each((['mysql', 'postgres'] as const).filter((d) => DIALECTS.includes(d)))(
  'read-your-writes across a reload (SPEC §13 with §17) [%s]',
  (dialect) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await prepare(database, { big: false });
    });
    afterAll(async () => {
      await database?.drop();
    });

    it(
      'WORKERS=2 in front of Bugzilla: a caller who saves while the reload runs reads its write at once, from ' +
        'whichever worker answers: an old one, or a new one serving already while the other new one starts',
      async () => {
        // Bugzilla's editcomponents.cgi: the row is committed on a connection of its own before the page answers.
        const writer = await otherWriterOnUrl(database.url);
        const bugzilla = new BugzillaStandIn();
        bugzilla.on(
          (method, url) => method === 'POST' && url === '/editcomponents.cgi',
          async (_req, res, body) => {
            const { description } = JSON.parse((await body()).toString()) as { description: string };
            // A write that cannot land says so in the answer, which a failed save shows.
            let timer: NodeJS.Timeout | undefined;
            const written = await Promise.race([
              writer.run("UPDATE components SET description = ? WHERE name = 'General'", [description]).then(
                () => 'written',
                (error: Error) => `the write failed: ${error.message}`,
              ),
              new Promise<string>((r) => (timer = setTimeout(() => r('the write took over 10 s'), 10_000))),
            ]);
            clearTimeout(timer);
            if (written !== 'written') {
              res.writeHead(500, { 'content-type': 'text/plain' });
              res.end(written);
              return;
            }
            res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
            res.end('<html><body>Component Updated</body></html>');
          },
        );
        await bugzilla.start();
        // A model bound of 20 s, far above a save-then-read's time: only what the workers know of the caller's
        // write can show it at once.
        const service = await startService({
          DATABASE_URL: database.url,
          BUGZILLA_URL: bugzilla.url(),
          CACHE_MAX_STALENESS_MS: '20000',
          WORKERS: '2',
          LOG_LEVEL: 'info',
          // A save the stand-in never answers fails in seconds, not in Bugzilla's five minutes.
          BUGZILLA_TIMEOUT_MS: '20000',
        });
        // Anonymous callers, known by their address alone: a request with an API key would write the key's
        // last use, and a worker's own write makes its model check anyway, hiding what the workers tell each other.
        const caller = (n: number) => ({
          localAddress: `127.0.${1 + Math.floor(n / 250)}.${2 + (n % 250)}`,
          // A request left unanswered fails with what the service logged, long before the spec times out.
          timeoutMs: 60_000,
        });
        const described = async (n: number) => {
          const answer = await request(
            service.port,
            'GET',
            '/rest/product?names=Reload%20A&include_fields=components.description',
            caller(n),
          );
          expectAnswered(answer, `read of caller ${n}`);
          return (JSON.parse(answer.text!) as { products: { components: { description: string }[] }[] }).products[0]
            .components[0].description;
        };
        // A failed request names its error and what the service logged (its workers' start and exit lines).
        const expectAnswered = (outcome: HttpOutcome, what: string) => {
          if (outcome.status !== 200)
            throw new Error(
              `${what}: ${outcome.error ?? `${outcome.status} ${outcome.text?.slice(0, 300)}`}\n` +
                service.output().slice(-4000),
            );
        };
        try {
          await untilWorkers(service, 2);
          expect(await described(CALLERS - 1)).toBe('before');
          // Save then read, each on a connection of its own, a new caller each time, over and over from just
          // before the SIGHUP until well after the new workers took over: the pairs fall in every phase of the
          // reload, the reads reaching old and new workers in turn.
          let round = 0;
          let saving = true;
          const reads: { round: number; read: string }[] = [];
          // A failed request stops the pairs; the failure is thrown below, once the reload has been waited for.
          let failed: unknown;
          const pairs = (async () => {
            while (saving && round < CALLERS - 1) {
              const n = round++;
              const saved = await request(service.port, 'POST', '/editcomponents.cgi', {
                ...caller(n),
                body: { description: `saved ${n}` },
              });
              expectAnswered(saved, `save of caller ${n}`);
              // Three reads per save: over the workers' round robin, a worker's turn to read then often
              // follows another worker's save, not one of its own.
              for (let read = 0; read < 3; read++) reads.push({ round: n, read: await described(n) });
            }
          })().catch((error: unknown) => {
            failed = error;
            saving = false;
          });
          while (saving && round < 5) await new Promise((r) => setTimeout(r, 10));
          service.child.kill('SIGHUP');
          await untilLogged(service, RELOADED, 1);
          // The new workers take every connection from now on (the old ones drain; they exit once the idle
          // keep-alive connections this test's answer checker keeps to them time out).
          const afterSwap = round;
          while (saving && round < afterSwap + 10 && round < CALLERS - 1) await new Promise((r) => setTimeout(r, 10));
          saving = false;
          await pairs;
          if (failed) throw failed;
          // The pairs ran on well after the new workers took over (none ran out of callers first).
          expect(round).toBeGreaterThanOrEqual(afterSwap + 10);
          expect(reads.filter(({ round: r, read }) => read !== `saved ${r}`)).toEqual([]);
          expect(reads.length).toBeGreaterThan(60);
          console.log(`reload read-your-writes: ${reads.length} reads after a save across the reload, all read it`);
        } finally {
          await stopService(service);
          await bugzilla.close();
          await writer.close();
        }
      },
      360_000,
    );
  },
);
