import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { dump, load } from 'js-yaml';
import mysql from 'mysql2/promise';
import { runCatalog } from '../src/cli/catalog.js';
import { startServer } from '../src/kit/server.js';
import { type CommandOutcome, runBuiltCommand } from './support/built-command.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/test-app.js';
import pg from 'pg';
import { toPostgresSql } from '../src/database/dialects/postgres-sql.js';

/**
 * SPEC §14, the catalogue as code, against the service run by the packed command
 * (`dist/src/cli/bugzilla-products.js`, the package's `bin`) on a fresh database of each dialect:
 * export, plan and apply over HTTP with an API key, as an admin team's CI would. Most steps run the
 * command's function in this process (`cli` below); some, for each exit code, run the packed command.
 */

const execFileAsync = promisify(execFile);
const BIN = 'dist/src/cli/bugzilla-products.js';
const ADMIN_KEY = 'CatalogAdminKey0000000000000000000000001';

/** The packed command with the admin's API key: a Node process of its own, as a script runs it. */
const bin = (args: string[], env: Record<string, string> = {}) =>
  runBuiltCommand(BIN, args, { BUGZILLA_API_KEY: ADMIN_KEY, ...env });

/**
 * `bugzilla-products catalog ...` run in this process: the function the packed command calls
 * (src/cli/catalog.ts `runCatalog`), with its output collected as the process's streams would carry it
 * (an error's text is a line of its own) and no terminal, as under `bin`. The same exit code, stdout
 * and stderr, without a Node process per step: about a hundred such processes made half of this
 * file's time. Each dialect keeps steps through `bin` for every exit code (0, 1 and 2) and both streams.
 */
async function cli(args: string[], env: Record<string, string> = {}): Promise<CommandOutcome> {
  const [command, ...rest] = args;
  if (command !== 'catalog') throw new Error(`cli() runs catalog commands only (got ${command})`);
  let stdout = '';
  let stderr = '';
  const code = await runCatalog(
    rest,
    { ...process.env, BUGZILLA_API_KEY: ADMIN_KEY, ...env },
    { out: (text) => (stdout += text), err: (text) => (stderr += `${text}\n`) },
    false,
  );
  return { code, stdout, stderr };
}

const USERS = `
groups:
  - { name: team, description: The team }
  - { name: partners, description: Partners }
users:
  - { login: admin@example.com, real_name: Admin, api_key: ${ADMIN_KEY}, groups: [admin, editcomponents] }
  - { login: dev@example.com, real_name: Dev }
  - { login: qa@example.com, real_name: QA }
`;

const BASE = `${USERS}
classifications:
  - { name: Desktop, description: Applications, sortkey: 10 }
  - { name: Services, description: Hosted services, sortkey: 20 }
  - { name: Spare, description: Nothing yet, sortkey: 30 }
products:
  - name: Widget
    description: The widget.
    classification: Desktop
    version: '1.0'
    versions: ['0.9', '2.0']
    milestones: [{ name: M1, sort_key: 10 }, { name: M2, sort_key: 20 }]
    components:
      - { name: Engine, description: Moves., default_assignee: dev@example.com, default_cc: [qa@example.com] }
      - { name: Paint, description: Colours., default_assignee: dev@example.com }
      - { name: Old, description: Unused., default_assignee: dev@example.com }
    group_controls:
      - { group: team, membercontrol: Shown, othercontrol: NA }
  - name: Gadget
    description: The gadget.
    classification: Services
    components:
      - { name: Core, description: Core., default_assignee: admin@example.com, default_qa_contact: qa@example.com }
  - name: Legacy
    description: Has bugs.
    components:
      - { name: General, description: Everything., default_assignee: admin@example.com }
flag_types:
  - { name: review, description: Code review., sortkey: 10, inclusions: [Widget] }
  - { name: qa, description: QA., target_type: attachment, is_multiplicable: false, inclusions: [{ Widget: [Engine] }], exclusions: [Gadget] }
bugs:
  - { id: 1, product: Legacy, component: General, reporter: admin@example.com }
`;

/** What export prints for BASE: stable order, defaults left out. */
const BASE_EXPORT = `classifications:
  - name: Desktop
    description: Applications
    sortkey: 10
  - name: Services
    description: Hosted services
    sortkey: 20
  - name: Spare
    description: Nothing yet
    sortkey: 30
groups:
  - name: partners
    description: Partners
  - name: team
    description: The team
products:
  - name: Legacy
    description: Has bugs.
    versions:
      - unspecified
    milestones:
      - ---
    components:
      - name: General
        description: Everything.
        default_assignee: admin@example.com
  - name: Widget
    description: The widget.
    classification: Desktop
    versions:
      - '0.9'
      - '1.0'
      - '2.0'
    milestones:
      - ---
      - name: M1
        sort_key: 10
      - name: M2
        sort_key: 20
    components:
      - name: Engine
        description: Moves.
        default_assignee: dev@example.com
        default_cc:
          - qa@example.com
      - name: Old
        description: Unused.
        default_assignee: dev@example.com
      - name: Paint
        description: Colours.
        default_assignee: dev@example.com
    group_controls:
      - group: team
        membercontrol: Shown
  - name: Gadget
    description: The gadget.
    classification: Services
    versions:
      - unspecified
    milestones:
      - ---
    components:
      - name: Core
        description: Core.
        default_assignee: admin@example.com
        default_qa_contact: qa@example.com
flag_types:
  - name: qa
    description: QA.
    target_type: attachment
    is_multiplicable: false
    inclusions:
      - Widget:Engine
    exclusions:
      - Gadget
  - name: review
    description: Code review.
    sortkey: 10
    inclusions:
      - Widget
`;

interface Service {
  url: string;
  /** Stops it (SIGTERM to the process) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** The service's settings for this file (classifications and QA contacts on), over the silent log. */
const SETTINGS = { BZ_USECLASSIFICATION: '1', BZ_USEQACONTACT: '1' };

/** The service, run by the packed command itself on a database, with a seed; resolves with its URL. */
async function serve(database: string, seed: string, dir: string): Promise<Service> {
  const seedFile = join(dir, `seed-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(seedFile, seed);
  const child = spawn(
    process.execPath,
    [BIN, '--database', database, '--port', '0', '--seed', seedFile, '--print-url'],
    {
      env: { ...process.env, ...SETTINGS, LOG_LEVEL: 'silent', DEMO_DATA: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const lines = createInterface({ input: child.stdout! });
  const first = await Promise.race([
    lines[Symbol.asyncIterator]().next(),
    exited.then((code) => {
      throw new Error(`service exited with ${code}: ${stderr}`);
    }),
  ]);
  return {
    url: String(first.value).trim(),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The same service started in this process (src/kit/server.ts `startServer`, which the packed command
 * calls with the same settings), for the services that only stand behind the commands: a process's
 * start (Node, then every module of the service) cost seconds each on a busy machine.
 */
async function serveInProcess(database: string, seed: string, dir: string): Promise<Service> {
  const seedFile = join(dir, `seed-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(seedFile, seed);
  const server = await startServer({ database, seed: seedFile, port: 0, settings: SETTINGS });
  return { url: server.url, stop: () => server.close() };
}

async function stop(service: Service | undefined): Promise<void> {
  await service?.stop();
}

type Doc = Record<string, any[]>;

describe.each(DIALECTS)('bugzilla-products catalog [%s]', (dialect) => {
  let db: TestDatabase;
  let dir: string;
  let service: Service;
  const file = (name: string, content: string | Doc) => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : dump(content, { lineWidth: -1 }));
    return path;
  };
  const catalog = (args: string[]) => cli(['catalog', ...args, '--url', service.url]);
  /** The same through the packed command, in a process of its own. */
  const catalogProcess = (args: string[]) => bin(['catalog', ...args, '--url', service.url]);
  const exportDoc = async (): Promise<Doc> => {
    const out = await catalog(['export']);
    expect(out.code).toBe(0);
    return load(out.stdout) as Doc;
  };
  const product = (doc: Doc, name: string) => doc.products.find((p) => p.name === name);
  const rest = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${service.url}${path}`, {
      method,
      headers: { 'X-BUGZILLA-API-KEY': ADMIN_KEY, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bzp-catalog-'));
    db = await createTestDatabase(dialect);
    service = await serve(db.url, BASE, dir);
  });
  afterAll(async () => {
    await stop(service);
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports the catalogue in a stable order without defaults; its plan is empty (exit 0)', async () => {
    const out = await catalogProcess(['export']);
    expect(out).toEqual({ code: 0, stdout: BASE_EXPORT, stderr: '' });
    expect(await catalog(['export'])).toEqual(out);
    const plan = await catalogProcess(['plan', file('export.yaml', out.stdout)]);
    expect(plan).toEqual({ code: 0, stdout: 'No changes: the catalogue matches the file.\n', stderr: '' });
    expect((await catalog(['plan', file('export.yaml', out.stdout), '--prune'])).code).toBe(0);

    // One product: its part of the file, with the flag types that apply to it.
    const gadget = load((await catalog(['export', '--product', 'Gadget'])).stdout) as Doc;
    expect(gadget.products.map((p) => p.name)).toEqual(['Gadget']);
    expect(gadget.flag_types).toBeUndefined();
    const widget = load((await catalog(['export', '--product', 'Widget'])).stdout) as Doc;
    expect(widget.flag_types.map((t) => t.name)).toEqual(['qa', 'review']);
  });

  it('export → apply → export gives the same bytes (a fixed point), on an empty service', async () => {
    const empty = await serveInProcess('memory', USERS, dir);
    try {
      const path = file('to-empty.yaml', BASE_EXPORT);
      const applied = await cli(['catalog', 'apply', path, '--yes', '--url', empty.url]);
      expect(applied.stderr).toBe('');
      expect(applied.code).toBe(0);
      expect(applied.stdout).toContain('+ product "Widget"');
      const again = await cli(['catalog', 'export', '--url', empty.url]);
      expect(again).toEqual({ code: 0, stdout: BASE_EXPORT, stderr: '' });
    } finally {
      await stop(empty);
    }
  });

  it('plans and applies an add, a change and a rename of every kind of object, exit 2 then 0', async () => {
    const doc = load(BASE_EXPORT) as Doc;
    doc.classifications.push({ name: 'Mobile', description: 'Phones', sortkey: 40 });
    doc.classifications[1].description = 'Hosted';
    Object.assign(doc.classifications[0], { name: 'Desktop Apps', renamed_from: 'Desktop' });
    const widget = product(doc, 'Widget');
    Object.assign(widget, { name: 'Widget Pro', renamed_from: 'Widget', classification: 'Desktop Apps' });
    widget.versions = [{ name: '0.9', is_active: false }, '1.0', { name: '2.0.0', renamed_from: '2.0' }, '3.0'];
    widget.milestones = [
      '---',
      { name: 'M1', sort_key: 15 },
      { name: 'M2-final', renamed_from: 'M2', sort_key: 20 },
      { name: 'M3', sort_key: 30 },
    ];
    widget.components[0] = {
      ...widget.components[0],
      description: 'Moves fast.',
      default_cc: [],
      default_qa_contact: 'qa@example.com',
    };
    widget.components[2] = { ...widget.components[2], name: 'Colour', renamed_from: 'Paint' };
    widget.components.push({ name: 'Wheels', description: 'Round.', default_assignee: 'admin@example.com' });
    widget.group_controls = [
      { group: 'partners', entry: true },
      { group: 'team', membercontrol: 'Default' },
    ];
    Object.assign(product(doc, 'Gadget'), { description: 'The gadget, v2.', is_open: false });
    doc.products.push({
      name: 'Gizmo',
      description: 'New.',
      classification: 'Mobile',
      default_milestone: 'G1',
      versions: ['0.1', '0.2'],
      milestones: ['---', 'G1'],
      components: [{ name: 'Main', description: 'All of it.', default_assignee: 'dev@example.com' }],
      group_controls: [{ group: 'team', membercontrol: 'Mandatory', othercontrol: 'Mandatory' }],
    });
    doc.flag_types[1].sortkey = 20;
    doc.flag_types[1].inclusions = ['Widget Pro', 'Gizmo'];
    // The file names renamed objects by their new names everywhere (the qa type's Widget:Engine).
    Object.assign(doc.flag_types[0], { name: 'qa-check', renamed_from: 'qa', inclusions: ['Widget Pro:Engine'] });
    doc.flag_types.push({ name: 'approval', description: 'Approval.', grant_group: 'team' });
    const path = file('changes.yaml', doc);

    const plan = await catalogProcess(['plan', path]);
    expect(plan.stderr).toBe('');
    expect(plan.stdout.split('\n')).toEqual([
      '~ classification "Desktop Apps": name "Desktop" → "Desktop Apps"',
      '~ classification "Services": description "Hosted services" → "Hosted"',
      '+ classification "Mobile"',
      '~ version "Widget Pro/0.9": is_active true → false',
      '~ version "Widget Pro/2.0.0": name "2.0" → "2.0.0"',
      '+ version "Widget Pro/3.0"',
      '~ milestone "Widget Pro/M1": sort_key 10 → 15',
      '~ milestone "Widget Pro/M2-final": name "M2" → "M2-final"',
      '+ milestone "Widget Pro/M3"',
      // Its classification follows the classification's rename: no change of its own.
      '~ product "Widget Pro": name "Widget" → "Widget Pro"',
      '~ component "Widget Pro/Engine": description "Moves." → "Moves fast.", default_qa_contact "" → "qa@example.com", default_cc ["qa@example.com"] → []',
      '~ component "Widget Pro/Colour": name "Paint" → "Colour"',
      '+ component "Widget Pro/Wheels"',
      '~ group_controls "Widget Pro": partners.entry false → true, team.membercontrol "Shown" → "Default"',
      '~ product "Gadget": description "The gadget." → "The gadget, v2.", is_open true → false',
      '+ product "Gizmo"',
      '+ version "Gizmo/0.2"',
      '+ milestone "Gizmo/---"',
      '+ component "Gizmo/Main"',
      '~ group_controls "Gizmo": team.membercontrol "NA" → "Mandatory", team.othercontrol "NA" → "Mandatory"',
      '~ flag_type "qa-check": name "qa" → "qa-check"',
      // Compared by the names the renames above give.
      '~ flag_type "review": sortkey 10 → 20, inclusions ["Widget Pro"] → ["Gizmo", "Widget Pro"]',
      '+ flag_type "approval"',
      '',
      '9 to add, 14 to change, 0 to remove',
      '',
    ]);
    expect(plan.code).toBe(2);

    const applied = await catalog(['apply', path, '--yes']);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('Applied: 9 to add, 14 to change, 0 to remove.');
    expect(await catalog(['plan', path])).toEqual({
      code: 0,
      stdout: 'No changes: the catalogue matches the file.\n',
      stderr: '',
    });

    // Stored as the console's writes store them: Bugzilla's audit_log rows, readable in the product's history.
    const history = await rest('GET', `/rest/product/${encodeURIComponent('Widget Pro')}/history`);
    expect(history.status).toBe(200);
    const rows = history.body.history.map((h: any) => [h.class, h.field, h.removed, h.added]);
    expect(rows).toContainEqual(['Bugzilla::Product', 'name', 'Widget', 'Widget Pro']);
    expect(rows).toContainEqual(['Bugzilla::Component', 'name', 'Paint', 'Colour']);
    expect(rows).toContainEqual(['Bugzilla::Version', 'value', '2.0', '2.0.0']);
    const engine = await rest('GET', `/rest/component/${encodeURIComponent('Widget Pro')}/Engine`);
    expect(engine.body).toMatchObject({
      description: 'Moves fast.',
      default_qa_contact: 'qa@example.com',
      default_cc: [],
    });
  });

  it('keeps what the file leaves out; with --prune removes it, parts before products, products before classifications', async () => {
    const doc = await exportDoc();
    doc.classifications = doc.classifications.filter((c) => c.name !== 'Mobile');
    doc.products = doc.products.filter((p) => p.name !== 'Gizmo');
    const widget = product(doc, 'Widget Pro');
    widget.versions = widget.versions.filter((v: any) => v !== '3.0');
    widget.milestones = widget.milestones.filter((m: any) => m.name !== 'M3');
    widget.components = widget.components.filter((c: any) => c.name !== 'Old');
    widget.group_controls = widget.group_controls.filter((c: any) => c.group !== 'partners');
    doc.flag_types = doc.flag_types.filter((t) => t.name !== 'approval');
    doc.flag_types.find((t) => t.name === 'review')!.inclusions = ['Widget Pro'];
    const path = file('prune.yaml', doc);

    const kept = await catalog(['plan', path]);
    expect(kept.stdout.split('\n')).toEqual([
      '~ flag_type "review": inclusions ["Gizmo", "Widget Pro"] → ["Widget Pro"]',
      '',
      '0 to add, 1 to change, 0 to remove',
      '',
    ]);
    const plan = await catalog(['plan', path, '--prune']);
    expect(plan.stdout.split('\n')).toEqual([
      '~ group_controls "Widget Pro": partners.entry true → false',
      '~ flag_type "review": inclusions ["Gizmo", "Widget Pro"] → ["Widget Pro"]',
      '- flag_type "approval"',
      '- component "Widget Pro/Old"',
      '- version "Widget Pro/3.0"',
      '- milestone "Widget Pro/M3"',
      '- product "Gizmo"',
      '- classification "Mobile"',
      '',
      '0 to add, 2 to change, 6 to remove',
      '',
    ]);
    expect(plan.code).toBe(2);
    const applied = await catalog(['apply', path, '--prune', '--yes']);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect((await catalog(['plan', path, '--prune'])).code).toBe(0);
    expect((await rest('GET', '/rest/product/Gizmo')).body).toEqual({ products: [] });
  });

  it('refuses what the REST API cannot write (groups): exit 1, nothing applied', async () => {
    const doc = await exportDoc();
    doc.groups.push({ name: 'newcomers', description: 'New people' });
    doc.products[0].description = 'Changed meanwhile?';
    const path = file('group.yaml', doc);
    const plan = await catalog(['plan', path]);
    expect(plan.code).toBe(1);
    expect(plan.stdout).toContain(
      `! group "newcomers": groups cannot be created over the REST API (use Bugzilla's editgroups.cgi)`,
    );
    expect(plan.stdout).toContain('1 to change, 0 to remove; 1 cannot be done');
    const applied = await catalogProcess(['apply', path, '--yes']);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toBe('catalog apply: the plan has changes that cannot be done; nothing was applied.\n');
    expect(product(await exportDoc(), doc.products[0].name).description).not.toBe('Changed meanwhile?');
  });

  it('stops before an object someone changed since the plan read it, names it, exits 1; what came before is done', async () => {
    const doc = await exportDoc();
    product(doc, 'Widget Pro').components.find((c: any) => c.name === 'Engine').description = 'Engine, planned.';
    product(doc, 'Gadget').components[0].description = 'Core, planned.';
    const planned = join(dir, 'saved-plan.json');
    const plan = await catalog(['plan', file('concurrent.yaml', doc), '--out', planned]);
    expect(plan.code).toBe(2);
    // Someone else edits Gadget/Core in the console between plan and apply.
    const other = await rest('PUT', '/rest/component/Gadget/Core', { description: 'Core, by someone else.' });
    expect(other.status).toBe(200);

    const applied = await catalog(['apply', planned, '--yes']);
    expect(applied.code).toBe(1);
    expect(applied.stdout).toContain(
      'done ~ component "Widget Pro/Engine": description "Moves fast." → "Engine, planned."',
    );
    expect(applied.stderr.split('\n')).toEqual([
      'failed ~ component "Gadget/Core": description "Core." → "Core, planned."',
      '  it was changed by someone else since the plan read it',
      '',
      'Stopped: 1 of 2 changes were applied; these were not:',
      '  ~ component "Gadget/Core": description "Core." → "Core, planned."',
      '',
      'Run plan again to see what is left; apply again continues from here.',
      '',
    ]);
    expect((await rest('GET', '/rest/component/Gadget/Core')).body.description).toBe('Core, by someone else.');
  });

  it('refuses a bad file before any write, every problem by path in one run: its shape, and the names its well-formed parts use', async () => {
    const bad = file(
      'bad.yaml',
      [
        'products:',
        '  - name: Widget Pro',
        '    colour: blue',
        '    components: [{ name: X }]',
        // No name: its component's assignee is checked all the same.
        '  - description: No name.',
        '    components: [{ name: Y, description: y, default_assignee: ghost@example.com }]',
        '  - name: Gadget',
        '    description: Changed?',
        '    components: [{ name: Z, description: z, default_assignee: nobody@example.com }]',
        // The first control is malformed, the second names no group: named by its place in the file.
        '    group_controls: [{ group: team, membercontrol: Sometimes }, { group: nope }]',
        'users: []',
        'flag_types: [{ name: "has space", description: s, inclusions: [Nowhere] }, 7]',
        '',
      ].join('\n'),
    );
    const shapeLines = [
      '  users: is not a known key',
      '  products[0].colour: is not a known key',
      '  products[0].components[0].default_assignee: is required',
      '  products[1].name: is required',
      '  products[2].group_controls[0].membercontrol: must be one of "NA", "Shown", "Default", "Mandatory"',
      '  flag_types[0].name: must match pattern "^[^\\s,]+$"',
      '  flag_types[1]: must be object',
    ];
    const applied = await catalog(['apply', bad, '--yes']);
    expect(applied).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        `catalog: ${bad}: 11 problems:`,
        ...shapeLines,
        "  products[1].components[0].default_assignee: no user 'ghost@example.com'",
        "  products[2].components[0].default_assignee: no user 'nobody@example.com'",
        "  products[2].group_controls[1].group: no group 'nope'",
        "  flag_types[0].inclusions: no product 'Nowhere'",
        '',
      ].join('\n'),
    });
    expect((await rest('GET', '/rest/product/Gadget')).body.products[0].description).not.toBe('Changed?');

    // Nothing listens there: the shape's problems are listed all the same, and the names are said to be unchecked.
    const unreachable = await cli(['catalog', 'plan', bad, '--url', 'http://127.0.0.1:9']);
    expect(unreachable).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        `catalog: ${bad}: 7 problems:`,
        ...shapeLines,
        '  (the names it uses were not checked: the service at http://127.0.0.1:9 did not answer)',
        '',
      ].join('\n'),
    });
    const references = file(
      'references.yaml',
      'products:\n  - name: Widget Pro\n    components: [{ name: X, description: x, default_assignee: nobody@example.com }]\n    group_controls: [{ group: nope }]\nflag_types: [{ name: f, description: f, inclusions: [Nowhere] }]\n',
    );
    const refs = await catalog(['apply', references, '--yes']);
    expect(refs.code).toBe(1);
    expect(refs.stderr.split('\n')).toEqual([
      `catalog: ${references}: 3 problems:`,
      "  products[0].components[0].default_assignee: no user 'nobody@example.com'",
      "  products[0].group_controls[0].group: no group 'nope'",
      "  flag_types[0].inclusions: no product 'Nowhere'",
      '',
    ]);
    expect(refs.stdout).toBe('');
  });

  it('stops at a refused write with what was and was not done; a re-run continues from there', async () => {
    const doc = await exportDoc();
    product(doc, 'Gadget').components.push({
      name: 'Extra',
      description: 'More.',
      default_assignee: 'dev@example.com',
    });
    const withoutLegacy: Doc = { ...doc, products: doc.products.filter((p) => p.name !== 'Legacy') };
    withoutLegacy.classifications = doc.classifications.filter((c) => c.name !== 'Spare');
    const path = file('partial.yaml', withoutLegacy);
    const first = await catalog(['apply', path, '--prune', '--yes']);
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('done + component "Gadget/Extra"');
    expect(first.stderr).toContain('failed - product "Legacy"');
    expect(first.stderr).toContain(
      'Stopped: 1 of 3 changes were applied; these were not:\n  - product "Legacy"\n  - classification "Spare"\n',
    );

    // The team keeps Legacy after all; the re-run does only what is left.
    const resumed = file('resumed.yaml', { ...withoutLegacy, products: doc.products });
    const plan = await catalog(['plan', resumed, '--prune']);
    expect(plan.stdout.split('\n')).toEqual(['- classification "Spare"', '', '0 to add, 0 to change, 1 to remove', '']);
    const second = await catalog(['apply', resumed, '--prune', '--yes']);
    expect(second.code).toBe(0);
    expect((await catalog(['plan', resumed, '--prune'])).code).toBe(0);
  });

  it('leaves a database that npm run db:check finds clean', async () => {
    const check = await execFileAsync(process.execPath, ['dist/src/cli/db-check.js'], {
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
    expect(check).toEqual({ code: 0, stdout: expect.stringContaining('No errors have been found.') });
  });
});

/** One statement on the database behind the service, as an administrator's SQL prompt would run it. */
async function runSql(url: string, sql: string): Promise<void> {
  if (url.startsWith('sqlite:')) {
    const connection = new Database(url.slice('sqlite:'.length));
    try {
      connection.prepare(sql).run();
    } finally {
      connection.close();
    }
    return;
  }
  if (url.startsWith('postgres')) {
    // MySQL's SQL (backticks), translated as the service translates its own.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(toPostgresSql(sql));
    } finally {
      await client.end();
    }
    return;
  }
  const connection = await mysql.createConnection(url);
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

/** A site where the admin team's keys do not reach every product: a private product, an editor without group rights. */
const EDITOR_KEY = 'CatalogEditorKey000000000000000000000001';
const RIGHTS = `
groups:
  - { name: team, description: The team }
  - { name: secret, description: Secret work }
users:
  - { login: admin@example.com, real_name: Admin, api_key: ${ADMIN_KEY}, groups: [admin, editcomponents] }
  - { login: editor@example.com, real_name: Editor, api_key: ${EDITOR_KEY}, groups: [editcomponents] }
  - { login: dev@example.com, real_name: Dev }
products:
  - name: Public
    description: Everyone's.
    components:
      - { name: Main, description: All of it., default_assignee: dev@example.com }
    group_controls:
      - { group: team, membercontrol: Shown, othercontrol: NA }
  # Mandatory for a group neither key's user is in, without entry: they see it (they may enter bugs
  # in it), but Bugzilla's check_can_admin_product refuses them.
  - name: Private
    description: Secret work.
    components:
      - { name: Hidden, description: Hush., default_assignee: dev@example.com }
    group_controls:
      - { group: secret, membercontrol: Mandatory, othercontrol: Mandatory }
flag_types:
  - { name: review, description: Review., inclusions: [Public] }
  - { name: audit, description: Audit., inclusions: [Private] }
`;

/** What each key's user administers of RIGHTS: Public and the flag type on it. */
const PUBLIC_PART = `products:
  - name: Public
    description: Everyone's.
    versions:
      - unspecified
    milestones:
      - ---
    components:
      - name: Main
        description: All of it.
        default_assignee: dev@example.com
    group_controls:
      - group: team
        membercontrol: Shown
flag_types:
  - name: review
    description: Review.
    inclusions:
      - Public
`;
const RIGHTS_NOTE =
  "Bugzilla's check_can_admin_product: editcomponents, or a group with editcomponents on the product, and membership of its Mandatory groups";
const PRODUCT_LEFT_OUT = `catalog export: left out 1 product that the key's user cannot administer (${RIGHTS_NOTE})\n`;
const GROUPS_LEFT_OUT =
  "catalog export: left out groups: their settings are shown to members of creategroups only (Bugzilla's Group.get)\n";

describe.each(DIALECTS)("bugzilla-products catalog with the caller's rights [%s]", (dialect) => {
  let db: TestDatabase;
  let dir: string;
  let service: Service;
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const as = (key: string, args: string[]) => cli(['catalog', ...args, '--url', service.url, '--api-key', key]);
  const asProcess = (key: string, args: string[]) => bin(['catalog', ...args, '--url', service.url, '--api-key', key]);
  const stored = async (name: string) => {
    const res = await fetch(`${service.url}/rest/product?names=${name}`, {
      headers: { 'X-BUGZILLA-API-KEY': ADMIN_KEY },
    });
    const body = (await res.json()) as any;
    return body.products.map((p: any) => ({
      name: p.name,
      description: p.description,
      components: p.components.map((c: any) => [c.name, c.description]),
    }));
  };
  const PRIVATE_AS_SEEDED = [{ name: 'Private', description: 'Secret work.', components: [['Hidden', 'Hush.']] }];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bzp-catalog-rights-'));
    db = await createTestDatabase(dialect);
    await stop(await serveInProcess(db.url, RIGHTS, dir));
    // As Bugzilla's Group->create, the seed made the admin group a member of 'secret'; the site took
    // that back (editgroups.cgi), so its admins are not in it.
    await runSql(
      db.url,
      `DELETE FROM group_group_map WHERE grant_type = 0
          AND member_id = (SELECT id FROM \`groups\` WHERE name = 'admin')
          AND grantor_id = (SELECT id FROM \`groups\` WHERE name = 'secret')`,
    );
    service = await serveInProcess(db.url, '{}', dir);
  });
  afterAll(async () => {
    await stop(service);
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports what an admin administers: a product restricted to a group they are not in is left out, said in one line', async () => {
    const out = await as(ADMIN_KEY, ['export']);
    expect(out).toEqual({
      code: 0,
      stdout: `groups:
  - name: secret
    description: Secret work
  - name: team
    description: The team
${PUBLIC_PART}`,
      stderr: PRODUCT_LEFT_OUT,
    });
    // Named on the command line, it is left out all the same.
    expect(await as(ADMIN_KEY, ['export', '--product', 'Private'])).toEqual({
      code: 0,
      stdout: 'groups:\n  - name: secret\n    description: Secret work\n  - name: team\n    description: The team\n',
      stderr: PRODUCT_LEFT_OUT,
    });
  });

  it('exports for a member of editcomponents alone: group controls name their groups, groups: is left out', async () => {
    expect(await asProcess(EDITOR_KEY, ['export'])).toEqual({
      code: 0,
      stdout: PUBLIC_PART,
      stderr: `${PRODUCT_LEFT_OUT}${GROUPS_LEFT_OUT}`,
    });
  });

  it('plans and applies --prune of such an export without touching what the caller cannot administer', async () => {
    const exported = file('editor.yaml', (await as(EDITOR_KEY, ['export'])).stdout);
    expect(await as(EDITOR_KEY, ['plan', exported])).toEqual({
      code: 0,
      stdout: 'No changes: the catalogue matches the file.\n',
      stderr: '',
    });
    const kept = `catalog plan: left as they are: 1 product that the key's user cannot administer (${RIGHTS_NOTE})\n`;
    expect(await as(EDITOR_KEY, ['plan', exported, '--prune'])).toEqual({
      code: 0,
      stdout: 'No changes: the catalogue matches the file.\n',
      stderr: kept,
    });
    expect(await as(ADMIN_KEY, ['plan', exported, '--prune'])).toEqual({
      code: 0,
      stdout: 'No changes: the catalogue matches the file.\n',
      stderr: kept,
    });
    expect(await as(ADMIN_KEY, ['apply', exported, '--prune', '--yes'])).toEqual({
      code: 0,
      stdout: 'No changes: the catalogue matches the file.\n',
      stderr: kept.replace('catalog plan:', 'catalog apply:'),
    });
    expect(await stored('Private')).toEqual(PRIVATE_AS_SEEDED);
    // The flag type on Private alone is not the caller's to prune either.
    const types = await fetch(`${service.url}/rest/flag_type?names=audit`, {
      headers: { 'X-BUGZILLA-API-KEY': ADMIN_KEY },
    });
    expect(((await types.json()) as any).flagtypes.map((t: any) => [t.name, t.inclusions])).toEqual([
      ['audit', ['Private']],
    ]);
  });

  it("leaves a file's product the caller cannot administer as it is, and its groups uncompared when they cannot be read", async () => {
    const whole = `groups:
  - name: secret
    description: Secret work, renamed
  - name: team
    description: The team
products:
  - name: Public
    description: Everyone's, edited.
    components:
      - name: Main
        description: All of it.
        default_assignee: dev@example.com
  - name: Private
    description: Secret work, edited.
    components:
      - name: Hidden
        description: Hush, edited.
        default_assignee: dev@example.com
      - name: Added
        description: New.
        default_assignee: dev@example.com
`;
    const path = file('whole.yaml', whole);
    const notes = (command: string) =>
      `catalog ${command}: left as they are: 1 product that the key's user cannot administer (${RIGHTS_NOTE})\n` +
      `catalog ${command}: groups: not compared: their settings are shown to members of creategroups only (Bugzilla's Group.get)\n`;
    const change = '~ product "Public": description "Everyone\'s." → "Everyone\'s, edited."';
    expect(await as(EDITOR_KEY, ['plan', path])).toEqual({
      code: 2,
      stdout: `${change}\n\n0 to add, 1 to change, 0 to remove\n`,
      stderr: notes('plan'),
    });
    const applied = await as(EDITOR_KEY, ['apply', path, '--yes']);
    expect(applied).toEqual({
      code: 0,
      stdout: `${change}\n\n0 to add, 1 to change, 0 to remove\ndone ${change}\n\nApplied: 0 to add, 1 to change, 0 to remove.\n`,
      stderr: notes('apply'),
    });
    expect(await stored('Private')).toEqual(PRIVATE_AS_SEEDED);
    expect(await stored('Public')).toEqual([
      { name: 'Public', description: "Everyone's, edited.", components: [['Main', 'All of it.']] },
    ]);
    // The admin reads the groups: the description the REST API cannot change is a line that cannot be done.
    const admin = await as(ADMIN_KEY, ['plan', path]);
    expect(admin.code).toBe(1);
    expect(admin.stdout).toBe(
      `! group "secret": groups cannot be changed over the REST API (use Bugzilla's editgroups.cgi) (description "Secret work" → "Secret work, renamed")\n\n0 to add, 0 to change, 0 to remove; 1 cannot be done\n`,
    );
    expect(admin.stderr).toBe(
      `catalog plan: left as they are: 1 product that the key's user cannot administer (${RIGHTS_NOTE})\n`,
    );
  });
});
