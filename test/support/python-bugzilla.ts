import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './test-app.js';

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

export function run(args: string[], home: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(
      PYTHON,
      args,
      {
        timeout: RUN_TIMEOUT_MS,
        // No proxies, no inherited configuration: only what a fresh user account would have.
        env: { PATH: '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8', NO_PROXY: '*', PYTHONDONTWRITEBYTECODE: '1' },
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
