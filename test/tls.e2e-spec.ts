import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { BugzillaStandIn } from './support/bugzilla-stand-in.js';
import { handshake, httpsRequest, opensslClient } from './support/https-client.js';
import { prepareSecureProducts } from './support/secure-products.js';
import { KeepAliveLoad } from './support/keep-alive-load.js';
import { CLIENT_SCRIPT, run } from './support/python-bugzilla.js';
import { freePort, startService, stopService, type ServiceProcess } from './support/service-process.js';
import { TestCertificateAuthority, type IssuedPair } from './support/test-certificates.js';
import { createTestDatabase, DIALECTS, type Dialect, type TestDatabase } from './support/test-app.js';
import { testssl } from './support/testssl.js';
import { waitFor } from './support/wait.js';
import { PACKAGE_VERSION } from './support/release.js';

/**
 * SPEC §18's HTTPS, on the built service (`node dist/src/main.js`, its supervisor and workers), with a CA and
 * certificates this file makes with `openssl`: TLS versions and suites, session resumption, the start refused
 * in one line for a pair that cannot serve, a renewal taken over by SIGHUP under load with no request failing,
 * a bad pair at a reload not swapped in, the redirect listener and its ACME path, X-Forwarded-Proto on passed
 * requests, python-bugzilla over HTTPS, and testssl.sh's scan of the port.
 *
 * TLS itself does not depend on the database: its plumbing runs on one (SQLite, the quickest to start, with
 * WORKERS=2 so that the supervisor's socket handover and the shared ticket keys are exercised). What depends
 * on data — product answers, python-bugzilla's reads — runs on each database of the run.
 */

let ca: TestCertificateAuthority;
beforeAll(() => {
  ca = new TestCertificateAuthority();
});
afterAll(() => ca?.remove());

/** Runs the service expecting it to refuse to start: its exit status and everything it printed. */
function refusedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/src/main.js'], {
      env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: 'sqlite::memory:', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Whether a TLS session of `version` made on one connection is resumed on the next ones (any worker). */
async function sessionResumed(port: number, version: tls.SecureVersion, times: number): Promise<boolean[]> {
  const session = await new Promise<Buffer>((resolve, reject) => {
    const socket = tls.connect({
      host: '127.0.0.1',
      servername: 'localhost',
      port,
      ca: readFileSync(ca.caFile),
      minVersion: version,
      maxVersion: version,
    });
    // TLS 1.3 sends its ticket after the handshake: the session to resume is the one this event gives.
    socket.once('session', (ticket) => {
      socket.end();
      resolve(ticket);
    });
    socket.on('error', reject);
  });
  const reused: boolean[] = [];
  for (let i = 0; i < times; i++) {
    reused.push(
      await new Promise<boolean>((resolve, reject) => {
        const socket = tls.connect(
          {
            host: '127.0.0.1',
            servername: 'localhost',
            port,
            ca: readFileSync(ca.caFile),
            session,
            minVersion: version,
            maxVersion: version,
          },
          () => {
            resolve(socket.isSessionReused());
            socket.end();
          },
        );
        socket.on('error', reject);
      }),
    );
  }
  return reused;
}

/** A request to the redirect listener, the raw path sent as it is (no client normalises it). */
function plainRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function healthOf(service: ServiceProcess): Promise<Record<string, any>> {
  const answer = await httpsRequest(service.port, ca.caFile, 'GET', '/health');
  expect(answer.status).toBe(200);
  return JSON.parse(answer.text) as Record<string, any>;
}

/** Waits until the service's output holds `count` lines matching `line`; the last of them. */
async function untilLogged(service: ServiceProcess, line: RegExp, count: number): Promise<string> {
  const lines = await waitFor(
    `${count}× ${line} in the service's output`,
    () => {
      const found = service
        .output()
        .split('\n')
        .filter((l) => line.test(l));
      return found.length >= count ? found : undefined;
    },
    { timeoutMs: 120_000, seen: () => service.output() },
  );
  return lines[count - 1];
}

const NOT_FOUND = (method: string, path: string) => ({
  error: true,
  code: 32614,
  message: `A REST API resource was not found for '${method} ${path}'.`,
  documentation: 'https://bugzilla.readthedocs.org/en/5.0/api/',
});

describe('a pair that cannot serve stops the start in one line (SPEC §18)', () => {
  let good: IssuedPair;
  let other: IssuedPair;
  let expired: IssuedPair;
  beforeAll(() => {
    good = ca.issue('start');
    other = ca.issue('other');
    expired = ca.issue('expired', { from: new Date('2020-01-01T00:00:00Z'), to: new Date('2020-02-01T00:00:00Z') });
  });

  it.each([
    [
      'a missing certificate file',
      () => ({ TLS_CERT_FILE: join(ca.dir, 'nowhere.pem'), TLS_KEY_FILE: good.key }),
      () => `Configuration error: TLS_CERT_FILE ${join(ca.dir, 'nowhere.pem')} cannot be read (ENOENT)`,
    ],
    [
      'a key that is not the certificate’s',
      () => ({ TLS_CERT_FILE: good.chain, TLS_KEY_FILE: other.key }),
      () =>
        `Configuration error: TLS_KEY_FILE ${other.key} is not the key of the certificate in TLS_CERT_FILE ${good.chain}`,
    ],
    [
      'an expired certificate',
      () => ({ TLS_CERT_FILE: expired.chain, TLS_KEY_FILE: expired.key }),
      () => `Configuration error: TLS_CERT_FILE ${expired.chain}: the certificate expired on 2020-02-01T00:00:00.000Z`,
    ],
    [
      'a key file holding no key',
      () => ({ TLS_CERT_FILE: good.chain, TLS_KEY_FILE: good.chain }),
      () =>
        `Configuration error: TLS_KEY_FILE ${good.chain} holds no PEM private key (or one protected by a passphrase)`,
    ],
  ])('%s', async (_what, env, line) => {
    const { code, output } = await refusedStart(env());
    expect({ code, output }).toEqual({ code: 1, output: `${line()}\n` });
  });
});

describe('HTTPS plumbing, WORKERS=2 [sqlite]', () => {
  let database: TestDatabase;
  let bugzilla: BugzillaStandIn;
  let service: ServiceProcess;
  let site: string;
  let webroot: string;
  let first: IssuedPair;
  let redirectPort: number;
  const certFile = () => join(site, 'fullchain.pem');
  const keyFile = () => join(site, 'privkey.pem');
  /** Puts a pair where the service reads it, as certbot's renewal does (the chain, then the key). */
  const install = (chain: string, key: string) => {
    copyFileSync(chain, certFile());
    copyFileSync(key, keyFile());
  };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await prepareSecureProducts(database);
    bugzilla = await new BugzillaStandIn().start();
    site = mkdtempSync(join(tmpdir(), 'bzp-site-'));
    webroot = join(site, 'webroot');
    mkdirSync(join(webroot, '.well-known', 'acme-challenge'), { recursive: true });
    writeFileSync(join(webroot, '.well-known', 'acme-challenge', 'Tok3n_-abc'), 'Tok3n_-abc.thumbprint');
    writeFileSync(join(site, 'secret.txt'), 'not for the web');
    first = ca.issue('first');
    install(first.chain, first.key);
    redirectPort = await freePort();
    service = await startService({
      DATABASE_URL: database.url,
      WORKERS: '2',
      TLS_CERT_FILE: certFile(),
      TLS_KEY_FILE: keyFile(),
      HTTP_REDIRECT_PORT: String(redirectPort),
      ACME_WEBROOT: webroot,
      BUGZILLA_URL: bugzilla.url(),
    });
  }, 180_000);
  afterAll(async () => {
    await stopService(service);
    await bugzilla?.close();
    await database?.drop();
    rmSync(site, { recursive: true, force: true });
  });

  it('says it listens on https, and answers over HTTPS only', async () => {
    expect(service.output()).toContain(`bugzilla-products listening on https://127.0.0.1:${service.port}/rest`);
    expect(service.output()).toContain(`redirecting http://127.0.0.1:${redirectPort}/ to HTTPS`);
    const answer = await httpsRequest(
      service.port,
      ca.caFile,
      'GET',
      '/rest/product?names=Secure%20A&include_fields=name,description',
    );
    expect([answer.status, JSON.parse(answer.text)]).toEqual([
      200,
      { products: [{ name: 'Secure A', description: 'Secure A over TLS' }] },
    ]);
  });

  it('TLS 1.1 is refused, 1.2 and 1.3 are accepted with forward-secret AEAD suites, a CBC suite is refused', async () => {
    // SECLEVEL=0 lets this client offer TLS 1.1 at all: the refusal seen is the server's.
    const old = await opensslClient(service.port, ca.caFile, ['-tls1_1', '-cipher', 'DEFAULT@SECLEVEL=0']);
    expect(old.output).toMatch(/alert protocol version/);
    const v12 = await opensslClient(service.port, ca.caFile, ['-tls1_2']);
    expect(v12.output).toMatch(/Protocol\s*: TLSv1\.2/);
    expect(v12.output).toMatch(/Cipher\s*: ECDHE-(ECDSA|RSA)-(AES(128|256)-GCM-SHA(256|384)|CHACHA20-POLY1305)\n/);
    expect(v12.output).toMatch(/Verify return code: 0 \(ok\)/);
    const v13 = await opensslClient(service.port, ca.caFile, ['-tls1_3']);
    expect(v13.output).toMatch(
      /New, TLSv1\.3, Cipher is TLS_(AES_(128|256)_GCM_SHA(256|384)|CHACHA20_POLY1305_SHA256)/,
    );
    const cbc = await opensslClient(service.port, ca.caFile, [
      '-tls1_2',
      '-cipher',
      'ECDHE-ECDSA-AES128-SHA256:AES128-SHA',
    ]);
    expect(cbc.output).toMatch(/alert handshake failure/);
  });

  it('a session is resumed on later connections, whichever worker they reach (TLS 1.2 and 1.3)', async () => {
    expect(await sessionResumed(service.port, 'TLSv1.2', 4)).toEqual([true, true, true, true]);
    expect(await sessionResumed(service.port, 'TLSv1.3', 4)).toEqual([true, true, true, true]);
  });

  it('/health and /metrics name the certificate served: its serial and when it expires', async () => {
    const health = await healthOf(service);
    expect(health.tls).toEqual({
      certificate: { serial: first.serial, not_after: expect.stringMatching(/^\d{4}-/), days_left: 29 },
    });
    const metrics = (await httpsRequest(service.port, ca.caFile, 'GET', '/metrics')).text.split('\n');
    expect(metrics).toEqual(
      expect.arrayContaining([
        `bugzilla_tls_certificate_days_left{serial="${first.serial}"} 29`,
        `bugzilla_tls_certificate_not_after_timestamp_seconds{serial="${first.serial}"} ${Date.parse(health.tls.certificate.not_after) / 1000}`,
      ]),
    );
  });

  it('passed requests carry X-Forwarded-Proto: https (and the answer comes back as Bugzilla gave it)', async () => {
    const from = bugzilla.seen.length;
    const answer = await httpsRequest(service.port, ca.caFile, 'GET', '/show_bug.cgi?id=7');
    expect(answer.status).toBe(200);
    expect(answer.headers.via).toBe('1.1 bugzilla-products');
    const [seen] = bugzilla.since(from);
    expect(seen.url).toBe('/show_bug.cgi?id=7');
    expect(seen.headers['x-forwarded-proto']).toBe('https');
    expect(seen.headers['x-forwarded-host']).toBe(`127.0.0.1:${service.port}`);
  });

  it('HTTP_REDIRECT_PORT: 301 (GET, HEAD) or 308 (others) to the same URL over HTTPS; ACME challenges served from ACME_WEBROOT, nothing else', async () => {
    const get = await plainRequest(redirectPort, 'GET', '/rest/product?names=Secure%20A&x=%2F', {
      host: 'Bugs.Example.org',
    });
    expect([get.status, get.headers.location, get.text]).toEqual([
      301,
      `https://bugs.example.org:${service.port}/rest/product?names=Secure%20A&x=%2F`,
      '',
    ]);
    const post = await plainRequest(redirectPort, 'POST', '/xmlrpc.cgi', { host: 'bugs.example.org:80' });
    expect([post.status, post.headers.location]).toEqual([308, `https://bugs.example.org:${service.port}/xmlrpc.cgi`]);
    const head = await plainRequest(redirectPort, 'HEAD', '/', { host: '[::1]:8080' });
    expect([head.status, head.headers.location]).toEqual([301, `https://[::1]:${service.port}/`]);

    const token = await plainRequest(redirectPort, 'GET', '/.well-known/acme-challenge/Tok3n_-abc', {
      host: 'bugs.example.org',
    });
    expect([token.status, token.headers['content-type'], token.text]).toEqual([
      200,
      'text/plain',
      'Tok3n_-abc.thumbprint',
    ]);
    // Unknown tokens, and every way out of the challenge directory, are unknown resources (never a redirect).
    for (const path of [
      '/.well-known/acme-challenge/unknown',
      '/.well-known/acme-challenge/../../secret.txt',
      '/.well-known/acme-challenge/..%2F..%2Fsecret.txt',
      '/.well-known/acme-challenge/%2e%2e',
      '/.well-known/acme-challenge/',
    ]) {
      const refused = await plainRequest(redirectPort, 'GET', path, { host: 'bugs.example.org' });
      expect([path, refused.status, JSON.parse(refused.text)]).toEqual([path, 404, NOT_FOUND('GET', path)]);
    }
    const badHost = await plainRequest(redirectPort, 'GET', '/', { host: 'bad host/' });
    expect([badHost.status, JSON.parse(badHost.text)]).toEqual([
      400,
      {
        error: true,
        code: 32000,
        message: 'A request to this address needs a valid Host header.',
        documentation: 'https://bugzilla.readthedocs.org/en/5.0/api/',
      },
    ]);
  });

  it(
    'a renewed pair takes over at SIGHUP under keep-alive load (none fails, the new serial is served); a ' +
      'mismatched or expired pair at a reload is not swapped in, and /health says why',
    async () => {
      const load = new KeepAliveLoad(service.port, ['/rest/product_accessible', '/health'], 10, 60_000, {
        ca: readFileSync(ca.caFile),
      }).start();
      try {
        await waitFor('100 answers before the renewal', () => load.answered() >= 100);
        const renewed = ca.issue('renewed');
        install(renewed.chain, renewed.key);
        service.child.kill('SIGHUP');
        await untilLogged(service, /^Reloaded in \d+ ms: .* serves with 2 worker\(s\)/, 1);
        const after = load.answered();
        await waitFor('200 answers after the renewal', () => load.answered() >= after + 200);
        // Every new connection from now on meets the renewed certificate (the old workers have stopped listening).
        expect((await handshake(service.port, ca.caFile)).serial).toBe(renewed.serial);
        expect((await healthOf(service)).tls.certificate.serial).toBe(renewed.serial);

        // A key that is not the certificate's: not swapped in.
        const stranger = ca.issue('stranger');
        copyFileSync(stranger.key, keyFile());
        service.child.kill('SIGHUP');
        expect(await untilLogged(service, /^Reload failed: /, 1)).toBe(
          `Reload failed: TLS_KEY_FILE ${keyFile()} is not the key of the certificate in TLS_CERT_FILE ${certFile()}; ` +
            `the running workers (version ${PACKAGE_VERSION}) keep serving`,
        );
        // An expired certificate with its own key: not swapped in either.
        const expired = ca.issue('lapsed', {
          from: new Date('2021-01-01T00:00:00Z'),
          to: new Date('2021-03-01T00:00:00Z'),
        });
        install(expired.chain, expired.key);
        service.child.kill('SIGHUP');
        await untilLogged(service, /^Reload failed: /, 2);
        const more = load.answered();
        await waitFor('100 answers after the failed reloads', () => load.answered() >= more + 100);

        const health = await healthOf(service);
        expect(health.last_reload).toEqual({
          at: expect.any(String),
          outcome: 'failed',
          reason: `TLS_CERT_FILE ${certFile()}: the certificate expired on 2021-03-01T00:00:00.000Z`,
        });
        expect(health.tls.certificate.serial).toBe(renewed.serial);
        expect((await handshake(service.port, ca.caFile)).serial).toBe(renewed.serial);
      } finally {
        const tally = await load.stop();
        console.log(`TLS renewal under load: ${JSON.stringify(tally)}`);
        expect({ failures: tally.failures, statuses: Object.keys(tally.statuses) }).toEqual({
          failures: {},
          statuses: ['200'],
        });
        install(first.chain, first.key);
      }
    },
    300_000,
  );
});

describe.each(DIALECTS)('HTTPS answers what depends on data [%s]', (dialect: Dialect) => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let pair: IssuedPair;
  let home: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await prepareSecureProducts(database);
    pair = ca.issue(dialect);
    home = mkdtempSync(join(tmpdir(), 'bzp-home-'));
    service = await startService({ DATABASE_URL: database.url, TLS_CERT_FILE: pair.chain, TLS_KEY_FILE: pair.key });
  }, 180_000);
  afterAll(async () => {
    await stopService(service);
    await database?.drop();
    rmSync(home, { recursive: true, force: true });
  });

  it('a REST read over HTTPS', async () => {
    const answer = await httpsRequest(
      service.port,
      ca.caFile,
      'GET',
      '/rest/product?names=Secure%20B&include_fields=name,components.name',
    );
    expect([answer.status, JSON.parse(answer.text)]).toEqual([
      200,
      { products: [{ name: 'Secure B', components: [{ name: 'General' }] }] },
    ]);
  });

  it.each([
    ['REST', '/rest'],
    ['XML-RPC (its default)', '/xmlrpc.cgi'],
  ])('python-bugzilla over HTTPS, %s mode, trusting the CA by REQUESTS_CA_BUNDLE', async (_mode, path) => {
    const out = await run([CLIENT_SCRIPT, `https://127.0.0.1:${service.port}${path}`, 'product_names'], home, {
      REQUESTS_CA_BUNDLE: ca.caFile,
    });
    expect({ code: out.code, stdout: JSON.parse(out.stdout) }).toEqual({
      code: 0,
      stdout: { result: ['Secure A', 'Secure B'] },
    });
  });
});

describe('testssl.sh finds nothing to fault but what is chosen on purpose [sqlite]', () => {
  let database: TestDatabase;
  let service: ServiceProcess;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const pair = ca.issue('testssl');
    service = await startService({ DATABASE_URL: database.url, TLS_CERT_FILE: pair.chain, TLS_KEY_FILE: pair.key });
  }, 180_000);
  afterAll(async () => {
    await stopService(service);
    await database?.drop();
  });

  it('protocols, cipher categories, server preferences and every vulnerability check: TLS 1.2 and 1.3 only, no HIGH or CRITICAL finding but the client-chosen cipher order, BREACH reported for a compressed answer', async () => {
    // The OpenAPI document: an answer the service compresses (testssl's BREACH check asks only the URL given).
    const findings = await testssl(`https://127.0.0.1:${service.port}/api/openapi.json`, [
      '--protocols',
      '--std',
      '--server-preference',
      '--vulnerable',
    ]);
    const of = (ids: string[]) =>
      Object.fromEntries(ids.map((id) => [id, findings.find((finding) => finding.id === id)?.finding]));
    expect(of(['SSLv2', 'SSLv3', 'TLS1', 'TLS1_1', 'TLS1_2', 'TLS1_3'])).toEqual({
      SSLv2: 'not offered',
      SSLv3: 'not offered',
      TLS1: 'not offered',
      TLS1_1: 'not offered',
      TLS1_2: 'offered',
      TLS1_3: 'offered with final',
    });
    // Mozilla's "intermediate" configuration (SPEC §18) leaves the choice of suite to the client, every suite
    // offered being strong; testssl 3.0 rates any server without an order of its own HIGH.
    expect(
      findings
        .filter((finding) => finding.severity === 'HIGH' || finding.severity === 'CRITICAL')
        .map(({ id, finding }) => ({ id, finding })),
    ).toEqual([{ id: 'cipher_order', finding: 'NOT a cipher order configured' }]);
    const vulnerabilities = [
      'heartbleed',
      'CCS',
      'ticketbleed',
      'ROBOT',
      'secure_renego',
      'secure_client_renego',
      'CRIME_TLS',
      'POODLE_SSL',
      'fallback_SCSV',
      'SWEET32',
      'FREAK',
      'DROWN',
      'LOGJAM',
      'BEAST',
      'LUCKY13',
      'RC4',
    ];
    expect(
      Object.fromEntries(
        vulnerabilities.map((id) => [id, findings.find((finding) => finding.id === id)?.severity ?? 'not checked']),
      ),
    ).toEqual(Object.fromEntries(vulnerabilities.map((id) => [id, 'OK'])));
    // BREACH is testssl's word for "this answer is compressed": the service compresses by design (SPEC §18),
    // and no compressed answer of its own holds a secret beside input an attacker put there
    // (docs/operators.md, "HTTPS and HTTP/2").
    expect(findings.find((finding) => finding.id === 'BREACH')).toMatchObject({
      severity: 'MEDIUM',
      finding: "potentially VULNERABLE, br HTTP compression detected  - only supplied '/api/openapi.json' tested",
    });
  }, 300_000);
});
