import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * What the python-bugzilla specs share (REST: test/python-bugzilla.e2e-spec.ts, XML-RPC:
 * test/python-bugzilla-xmlrpc.e2e-spec.ts): how a client runs and the fixture it runs against.
 */

export const PYTHON = '/usr/bin/python3';
export const BUGZILLA_CLI = '/usr/bin/bugzilla';
export const CLIENT_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'python', 'bz_client.py');
export const RUN_TIMEOUT_MS = 20_000;

/** What a client run printed: exit status, standard output, standard error. */
export const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
export const failed = (code: number, stdout: string) => ({ code, stdout, stderr: '' });

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `env`: added to the fresh account's environment (REQUESTS_CA_BUNDLE, to trust a test's own CA). */
export function run(args: string[], home: string, env: Record<string, string> = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(
      PYTHON,
      args,
      {
        timeout: RUN_TIMEOUT_MS,
        // No proxies, no inherited configuration: only what a fresh user account would have.
        env: {
          PATH: '/usr/bin:/bin',
          HOME: home,
          LANG: 'C.UTF-8',
          NO_PROXY: '*',
          PYTHONDONTWRITEBYTECODE: '1',
          ...env,
        },
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

export interface Fixture {
  users: Record<'admin' | 'member' | 'outsider' | 'dev' | 'lead' | 'qa', number>;
  keys: Record<'admin' | 'member' | 'outsider', string>;
  products: Record<'widget' | 'gadget' | 'secret' | 'archive', number>;
  components: Record<'frontend' | 'backend' | 'legacy' | 'gears' | 'vault' | 'old', number>;
  secretVersion: number;
  secretMilestone: number;
  reviewFlag: number;
}

export const PASSWORDS = { admin: 'admin-pass-1', member: 'member-pass-1', outsider: 'outsider-pass-1' };

/**
 * Public products Widget (active, inactive and QA-less components, versions needing numeric
 * order, milestones) and gadget (lower case); Secret behind a mandatory group that only the
 * member belongs to; Archive inactive (selectable, not enterable).
 */
export async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  const secretTeam = await seed.group('secret-team', { description: 'People who may see Secret' });
  const admin = await seed.user('admin@example.com', {
    realname: 'Ada Admin',
    password: PASSWORDS.admin,
    groups: ['editcomponents'],
  });
  const member = await seed.user('member@example.com', {
    realname: 'Mia Member',
    password: PASSWORDS.member,
    groups: [secretTeam],
  });
  const outsider = await seed.user('outsider@example.com', { realname: 'Otto Outsider', password: PASSWORDS.outsider });
  const dev = await seed.user('dev@example.com', { realname: 'Dev Eloper' });
  const lead = await seed.user('lead@example.com', { realname: 'Lee Lead' });
  const qa = await seed.user('qa@example.com', { realname: 'Quinn QA' });
  const keys = {
    admin: await seed.apiKey(admin),
    member: await seed.apiKey(member),
    outsider: await seed.apiKey(outsider),
  };

  const widget = await seed.product('Widget', { description: 'Widgets of every size' });
  const frontend = await seed.component(widget, 'Frontend', {
    owner: dev,
    qaContact: qa,
    description: 'What users see',
  });
  const backend = await seed.component(widget, 'Backend', { owner: lead, description: 'What users do not see' });
  const legacy = await seed.component(widget, 'Legacy', { owner: dev, isactive: false, description: 'Retired code' });
  for (const v of ['1.10', '2.0', '1.9']) await seed.version(widget, v);
  await seed.milestone(widget, '---', { sortkey: 0 });
  await seed.milestone(widget, 'M2', { sortkey: 20 });
  await seed.milestone(widget, 'M1', { sortkey: 10 });
  const reviewFlag = await seed.flagType('review', { requestable: true, description: 'Code review' });
  await seed.flagInclusion(reviewFlag, widget, frontend);

  const gadget = await seed.product('gadget', { description: 'Small gadgets' });
  const gears = await seed.component(gadget, 'Gears', { owner: lead, description: 'Turning parts' });
  await seed.version(gadget, 'unspecified');
  await seed.milestone(gadget, '---');

  const secret = await seed.product('Secret', { description: 'Only the secret team sees this' });
  const vault = await seed.component(secret, 'Vault', { owner: member, qaContact: qa, description: 'The vault' });
  const secretVersion = await seed.version(secret, '1.0');
  const secretMilestone = await seed.milestone(secret, '---');
  await seed.groupControl(secretTeam, secret, { entry: true, membercontrol: 3, othercontrol: 3 });

  const archive = await seed.product('Archive', { description: 'Closed for new bugs', isactive: false });
  const old = await seed.component(archive, 'Old', { owner: dev, description: 'Old things' });
  await seed.version(archive, '0.9');
  await seed.milestone(archive, '---');

  return {
    users: { admin, member, outsider, dev, lead, qa },
    keys,
    products: { widget, gadget, secret, archive },
    components: { frontend, backend, legacy, gears, vault, old },
    secretVersion,
    secretMilestone,
    reviewFlag,
  };
}

/** One python-bugzilla API operation's answer (test/support/python/bz_client.py prints it as JSON). */
export interface PyAnswer {
  result?: any;
  error?: string;
  message?: string;
}

/**
 * The service on MariaDB, listening on a real port with the python-bugzilla fixture, and the
 * means to run the real client against it: `path` is what follows the site's address in the URL
 * the client is given (`/rest` for REST; nothing for python-bugzilla's default, XML-RPC). Each
 * client run gets its own $HOME, holding the bugzillarc (API keys) and the token cache exactly
 * where a user's would be.
 */
export class PythonBugzillaSession {
  app!: TestApp;
  fx!: Fixture;
  /** `127.0.0.1:<port>`, as the client names the server in its files. */
  host!: string;
  /** The URL the client is given. */
  url!: string;
  private readonly homes: string[] = [];

  constructor(private readonly path: '' | '/rest') {}

  /** `env`: settings for the service (BUGZILLA_URL, for the front's spec). */
  async start(env: Record<string, string> = {}): Promise<void> {
    if (!existsSync(BUGZILLA_CLI) || !existsSync('/usr/lib/python3/dist-packages/bugzilla/__init__.py')) {
      throw new Error('python-bugzilla is missing: run scripts/ensure-python-bugzilla.sh (npm test runs it first)');
    }
    this.app = await startTestApp('mysql', env);
    this.fx = await seedFixture(this.app);
    await this.app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = this.app.app.getHttpServer().address() as AddressInfo;
    this.host = `127.0.0.1:${port}`;
    this.url = `http://${this.host}${this.path}`;
  }

  async close(): Promise<void> {
    await this.app?.close();
    for (const dir of this.homes) rmSync(dir, { recursive: true, force: true });
  }

  /** A fresh $HOME; with a key, its bugzillarc holds that API key for this server. */
  home = (apiKey?: string): string => {
    const dir = mkdtempSync(join(tmpdir(), 'bzp-home-'));
    this.homes.push(dir);
    if (apiKey) {
      mkdirSync(join(dir, '.config', 'python-bugzilla'), { recursive: true });
      writeFileSync(join(dir, '.config', 'python-bugzilla', 'bugzillarc'), `[${this.host}]\napi_key = ${apiKey}\n`);
    }
    return dir;
  };

  /** The `bugzilla` command. */
  cli = (homeDir: string, ...args: string[]): Promise<RunResult> =>
    run([BUGZILLA_CLI, '--bugzilla', this.url, ...args], homeDir);

  /** One python-bugzilla API operation (test/support/python/bz_client.py); its JSON answer. */
  py = async (homeDir: string, ...args: string[]): Promise<PyAnswer> => {
    const out = await run([CLIENT_SCRIPT, this.url, ...args], homeDir);
    if (out.stderr.trim() !== '') throw new Error(`bz_client.py wrote to stderr: ${out.stderr}`);
    const answer = JSON.parse(out.stdout) as PyAnswer;
    expect(out.code).toBe(answer.error ? 1 : 0);
    return answer;
  };

  tokenFile = (homeDir: string): string => join(homeDir, '.cache', 'python-bugzilla', 'bugzillatoken');

  cachedToken = (homeDir: string): string | undefined =>
    /token = (\S+)/.exec(readFileSync(this.tokenFile(homeDir), 'utf8'))?.[1];

  /** What the CLI prints when it logs in and caches a token. */
  loginBanner = (homeDir: string): string =>
    `Logging into ${this.host}\n` +
    `Login successful. Token cache saved to ${this.tokenFile(homeDir)}\n` +
    'Token usage is deprecated. Consider using bugzilla API keys instead. See `man bugzilla` for more details.\n';
}
