import { findRpcMethod } from '../src/rpc/rpc-methods.js';
import { jsonrpc, jsonrpcGet, type RpcAnswer, withoutNulls, xmlrpc } from './support/rpc-client.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * One method, three servers: for a matrix of callers and requests, XML-RPC and JSON-RPC (POST,
 * and GET for read-only methods) answer the same data, codes and messages as REST. A REST error
 * envelope {code, message} is an RPC fault with that code and message (JSON-RPC shifts negative
 * codes by +100000); a REST body is the RPC result (XML-RPC leaves out null members, which
 * XMLRPC::Lite cannot write; REST's {"result": X} wrapper is the bare X over RPC).
 */

type Params = Record<string, unknown>;
type Tag = 'rest' | 'xml' | 'json' | 'get';
type Caller =
  | 'anonymous'
  | 'member'
  | 'admin'
  | 'outsider'
  | 'badKey'
  | 'memberLogin'
  | 'wrongPassword'
  | 'memberToken'
  | 'staleToken'
  | 'emptyPassword'
  | 'emptyLogin'
  | 'tweaker';

interface Fixture {
  users: Record<'admin' | 'member' | 'outsider' | 'tweaker', number>;
  keys: Record<'admin' | 'member' | 'outsider' | 'tweaker', string>;
  tokens: Record<Tag, string>;
  products: Record<'widget' | 'secret' | 'archive', number>;
  /** A product per protocol, for the updates, with a component each. */
  own: Record<Tag, number>;
  ownParts: Record<Tag, number>;
  bugs: Record<'involved' | 'notInvolved' | 'hidden', number>;
}

const PASSWORD = 'member-pass-1';

async function seedFixture(app: TestApp): Promise<Fixture> {
  const seed = app.seed;
  const team = await seed.group('secret-team');
  const admin = await seed.user('admin@example.com', { realname: 'Ada Admin', groups: ['editcomponents'] });
  const member = await seed.user('member@example.com', { realname: 'Mia Member', password: PASSWORD, groups: [team] });
  const outsider = await seed.user('outsider@example.com', { realname: 'Otto Outsider' });
  const tweaker = await seed.user('tweaker@example.com', { realname: 'Tia Tweaker', groups: ['tweakparams'] });
  // Bugzilla.last_audit_time reads these.
  await app.rows(
    `INSERT INTO audit_log (user_id, class, object_id, field, removed, added, at_time) VALUES
       (NULL, 'Bugzilla::Product', 1, '__create__', NULL, 'Widget', '2026-01-02 03:04:05'),
       (NULL, 'Bugzilla::Component', 1, '__create__', NULL, 'Gears', '2026-02-03 04:05:06')`,
  );

  const widget = await seed.product('Widget', { description: 'Widgets' });
  const gears = await seed.component(widget, 'Gears', { owner: admin, qaContact: member, description: 'Turning' });
  await seed.component(widget, 'Legacy', { owner: admin, isactive: false, description: 'Old' });
  for (const v of ['1.10', '1.9']) await seed.version(widget, v);
  await seed.milestone(widget, '---');
  await seed.milestone(widget, 'M1', { sortkey: 10 });
  const flag = await seed.flagType('review', { requestable: true, grantGroup: team });
  await seed.flagInclusion(flag, widget, null);
  await seed.flagType('needinfo');

  const secret = await seed.product('Secret', { description: 'Team only' });
  const vault = await seed.component(secret, 'Vault', { owner: member, description: 'The vault' });
  await seed.version(secret, '1.0');
  await seed.milestone(secret, '---');
  await seed.groupControl(team, secret, { entry: true, membercontrol: 3, othercontrol: 3 });

  const archive = await seed.product('Archive', { description: 'Closed', isactive: false });
  await seed.component(archive, 'Old', { owner: admin, description: 'Old things' });
  await seed.version(archive, '0.9');
  await seed.milestone(archive, '---');

  const own = {} as Record<Tag, number>;
  const ownParts = {} as Record<Tag, number>;
  const tokens = {} as Record<Tag, string>;
  for (const tag of ['rest', 'xml', 'json', 'get'] as Tag[]) {
    own[tag] = await seed.product(`Own-${tag}`, { description: 'Before' });
    ownParts[tag] = await seed.component(own[tag], 'Part', { owner: admin, description: 'Before' });
    await seed.version(own[tag], '1.0');
    await seed.milestone(own[tag], '---');
    tokens[tag] = await seed.loginCookie(member);
  }
  const bug = (options: Partial<Parameters<typeof seed.bug>[0]>) =>
    seed.bug({ product: widget, component: gears, reporter: admin, assignee: admin, ...options });
  return {
    users: { admin, member, outsider, tweaker },
    keys: {
      admin: await seed.apiKey(admin),
      member: await seed.apiKey(member),
      outsider: await seed.apiKey(outsider),
      tweaker: await seed.apiKey(tweaker),
    },
    tokens,
    products: { widget, secret, archive },
    own,
    ownParts,
    bugs: {
      involved: await bug({ cc: [member] }),
      notInvolved: await bug({}),
      hidden: await seed.bug({ product: secret, component: vault, reporter: admin, assignee: admin, groups: [team] }),
    },
  };
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Replaces values that legitimately differ between two calls (clock, new tokens, per-protocol ids). */
function normalize(value: unknown, fx: Fixture, tag: Tag): unknown {
  if (typeof value === 'string' && TIMESTAMP.test(value)) return '<time>';
  if (Array.isArray(value)) return value.map((v) => normalize(v, fx, tag));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        if (k === 'token' && typeof v === 'string') return [k, v.replace(/-\w+$/, '-<cookie>')];
        // Product.update's answer names the product each protocol updated (its own).
        if (k === 'id' && 'changes' in value && v === fx.own[tag]) return [k, '<own product>'];
        if (k === 'id' && 'changes' in value && v === fx.ownParts[tag]) return [k, '<own component>'];
        return [k, normalize(v, fx, tag)];
      }),
    );
  }
  return value;
}

function credentials(fx: Fixture, caller: Caller): Params {
  switch (caller) {
    case 'anonymous':
      return {};
    case 'member':
    case 'admin':
    case 'outsider':
    case 'tweaker':
      return { Bugzilla_api_key: fx.keys[caller] };
    case 'badKey':
      return { Bugzilla_api_key: 'not-a-key-0123456789' };
    case 'memberLogin':
      return { Bugzilla_login: 'member@example.com', Bugzilla_password: PASSWORD };
    case 'wrongPassword':
      return { Bugzilla_login: 'member@example.com', Bugzilla_password: 'wrong' };
    case 'memberToken':
      return { Bugzilla_token: fx.tokens.rest };
    case 'staleToken':
      return { Bugzilla_token: `${fx.users.member}-NoSuchCookie` };
    // Empty, but sent: a login attempt, as in Bugzilla (which tests `defined`).
    case 'emptyPassword':
      return { Bugzilla_login: 'member@example.com', Bugzilla_password: '' };
    case 'emptyLogin':
      return { Bugzilla_login: '', Bugzilla_password: PASSWORD };
  }
}

interface Case {
  title: string;
  callers: Caller[];
  rest: (fx: Fixture, tag: Tag) => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; params?: Params };
  rpc: (fx: Fixture, tag: Tag) => { method: string; params?: Params };
  /** The RPC value of a REST body (default: the body). */
  restValue?: (body: any) => unknown;
  /** Values that differ between the protocols' answers by design (a new product's id). */
  normalize?: (value: any) => unknown;
  /** Which status REST must answer with (so that the matrix also pins REST down). */
  restStatus?: Partial<Record<Caller, number>>;
}

const EVERYONE: Caller[] = [
  'anonymous',
  'member',
  'admin',
  'outsider',
  'badKey',
  'memberLogin',
  'wrongPassword',
  'memberToken',
  'staleToken',
  'emptyPassword',
  'emptyLogin',
];

const READS: Case[] = [
  {
    title: 'Bugzilla.version',
    callers: EVERYONE,
    rest: () => ({ method: 'GET', url: '/rest/version' }),
    rpc: () => ({ method: 'Bugzilla.version' }),
  },
  {
    title: 'Bugzilla.extensions',
    callers: EVERYONE,
    rest: () => ({ method: 'GET', url: '/rest/extensions' }),
    rpc: () => ({ method: 'Bugzilla.extensions' }),
  },
  {
    title: 'Bugzilla.time',
    callers: EVERYONE,
    rest: () => ({ method: 'GET', url: '/rest/time' }),
    rpc: () => ({ method: 'Bugzilla.time' }),
  },
  {
    title: 'Bugzilla.timezone',
    callers: EVERYONE,
    rest: () => ({ method: 'GET', url: '/rest/timezone' }),
    rpc: () => ({ method: 'Bugzilla.timezone' }),
  },
  {
    title: 'Bugzilla.parameters (anonymous: 2, users: 31, tweakparams: every parameter)',
    callers: [...EVERYONE, 'tweaker'],
    rest: () => ({ method: 'GET', url: '/rest/parameters' }),
    rpc: () => ({ method: 'Bugzilla.parameters' }),
    restStatus: { anonymous: 200, member: 200, tweaker: 200, badKey: 400, emptyPassword: 401 },
  },
  {
    title: 'Bugzilla.parameters with include_fields and exclude_fields',
    callers: ['anonymous', 'member', 'tweaker'],
    rest: () => ({
      method: 'GET',
      url: '/rest/parameters',
      params: { include_fields: ['maintainer', 'urlbase', 'smtpserver'], exclude_fields: ['urlbase'] },
    }),
    rpc: () => ({
      method: 'Bugzilla.parameters',
      params: { include_fields: ['maintainer', 'urlbase', 'smtpserver'], exclude_fields: ['urlbase'] },
    }),
  },
  {
    title: 'Bugzilla.last_audit_time of some classes, and of all',
    callers: EVERYONE,
    rest: () => ({ method: 'GET', url: '/rest/last_audit_time', params: { class: ['Bugzilla::Product'] } }),
    rpc: () => ({ method: 'Bugzilla.last_audit_time', params: { class: ['Bugzilla::Product'] } }),
    restStatus: { anonymous: 200, emptyLogin: 401 },
  },
  {
    title: 'Bugzilla.last_audit_time of every class',
    callers: ['anonymous', 'member'],
    rest: () => ({ method: 'GET', url: '/rest/last_audit_time' }),
    rpc: () => ({ method: 'Bugzilla.last_audit_time' }),
  },
  ...(['selectable', 'enterable', 'accessible'] as const).map((set): Case => ({
    title: `Product.get_${set}_products`,
    callers: EVERYONE,
    rest: () => ({ method: 'GET', url: `/rest/product_${set}` }),
    rpc: () => ({ method: `Product.get_${set}_products` }),
  })),
  {
    title: 'Product.get by ids (a hidden one left out)',
    callers: EVERYONE,
    rest: (fx) => ({ method: 'GET', url: '/rest/product', params: { ids: [fx.products.secret, fx.products.widget] } }),
    rpc: (fx) => ({ method: 'Product.get', params: { ids: [fx.products.secret, fx.products.widget] } }),
  },
  {
    title: 'Product.get by names, any letter case',
    callers: ['anonymous', 'member', 'outsider'],
    rest: () => ({ method: 'GET', url: '/rest/product', params: { names: ['SECRET', 'widget', 'nothing'] } }),
    rpc: () => ({ method: 'Product.get', params: { names: ['SECRET', 'widget', 'nothing'] } }),
  },
  {
    title: 'Product.get by path name ↔ names',
    callers: ['anonymous', 'member'],
    rest: () => ({ method: 'GET', url: '/rest/product/Secret' }),
    rpc: () => ({ method: 'Product.get', params: { names: ['Secret'] } }),
  },
  {
    title: 'Product.get without ids or names: the whole pool (and the old name Product.get_products)',
    callers: ['anonymous', 'member'],
    rest: () => ({ method: 'GET', url: '/rest/product', params: { type: ['selectable', 'enterable'] } }),
    rpc: (_fx, tag) => ({
      method: tag === 'xml' ? 'Product.get_products' : 'Product.get',
      params: { type: ['selectable', 'enterable'] },
    }),
  },
  {
    title: 'Product.get with include_fields and exclude_fields',
    callers: ['member'],
    rest: (fx) => ({
      method: 'GET',
      url: '/rest/product',
      params: {
        ids: [fx.products.widget],
        include_fields: ['name', 'components.name', 'components.flag_types', 'versions'],
        exclude_fields: ['versions.sort_key'],
      },
    }),
    rpc: (fx) => ({
      method: 'Product.get',
      params: {
        ids: [fx.products.widget],
        include_fields: ['name', 'components.name', 'components.flag_types', 'versions'],
        exclude_fields: ['versions.sort_key'],
      },
    }),
  },
  {
    title: 'Product.get with an invalid type (32000)',
    callers: ['anonymous', 'member'],
    rest: () => ({ method: 'GET', url: '/rest/product', params: { type: ['everything'] } }),
    rpc: () => ({ method: 'Product.get', params: { type: ['everything'] } }),
    restStatus: { anonymous: 400, member: 400 },
  },
  {
    title: 'User.get by names',
    callers: EVERYONE,
    rest: () => ({ method: 'GET', url: '/rest/user', params: { names: ['member@example.com'] } }),
    rpc: () => ({ method: 'User.get', params: { names: ['member@example.com'] } }),
  },
  {
    title: 'User.get by ids (505 when anonymous)',
    callers: ['anonymous', 'member', 'outsider'],
    rest: (fx) => ({ method: 'GET', url: '/rest/user', params: { ids: [fx.users.admin] } }),
    rpc: (fx) => ({ method: 'User.get', params: { ids: [fx.users.admin] } }),
    restStatus: { anonymous: 401, member: 200 },
  },
  {
    title: 'User.get of an unknown name (51)',
    callers: ['member'],
    rest: () => ({ method: 'GET', url: '/rest/user', params: { names: ['nobody@example.com'] } }),
    rpc: () => ({ method: 'User.get', params: { names: ['nobody@example.com'] } }),
    restStatus: { member: 404 },
  },
  {
    title: 'User.whoami',
    callers: EVERYONE,
    rest: () => ({ method: 'GET', url: '/rest/whoami' }),
    rpc: () => ({ method: 'User.whoami' }),
    restStatus: { anonymous: 401, member: 200, badKey: 400, wrongPassword: 401, staleToken: 400 },
  },
  {
    title: 'BugUserLastVisit.get, all of the caller’s records',
    callers: EVERYONE,
    rest: () => ({ method: 'GET', url: '/rest/bug_user_last_visit' }),
    rpc: () => ({ method: 'BugUserLastVisit.get' }),
  },
  {
    title: 'BugUserLastVisit.get by ids (non-numeric: 52)',
    callers: ['member'],
    rest: (fx) => ({ method: 'GET', url: '/rest/bug_user_last_visit', params: { ids: [fx.bugs.involved, 'abc'] } }),
    rpc: (fx) => ({ method: 'BugUserLastVisit.get', params: { ids: [fx.bugs.involved, 'abc'] } }),
    restStatus: { member: 400 },
  },
  {
    title: 'FlagType.get of a product',
    callers: ['anonymous', 'member', 'admin'],
    rest: () => ({ method: 'GET', url: '/rest/flag_type/Widget' }),
    rpc: () => ({ method: 'FlagType.get', params: { product: 'Widget' } }),
    restStatus: { anonymous: 200 },
  },
  {
    title: 'FlagType.get of a component',
    callers: ['member'],
    rest: () => ({ method: 'GET', url: '/rest/flag_type/Widget/Gears' }),
    rpc: () => ({ method: 'FlagType.get', params: { product: 'Widget', component: 'Gears' } }),
  },
  {
    title: 'FlagType.get of a product the caller cannot see (106) or of an unknown component (51)',
    callers: ['outsider'],
    rest: () => ({ method: 'GET', url: '/rest/flag_type/Secret' }),
    rpc: () => ({ method: 'FlagType.get', params: { product: 'Secret' } }),
    restStatus: { outsider: 401 },
  },
  {
    title: 'FlagType.get of an unknown component (51)',
    callers: ['member'],
    rest: () => ({ method: 'GET', url: '/rest/flag_type/Widget/Nope' }),
    rpc: () => ({ method: 'FlagType.get', params: { product: 'Widget', component: 'Nope' } }),
    restStatus: { member: 404 },
  },
  {
    title: 'Classification.get while useclassification is off (900)',
    callers: ['anonymous', 'admin'],
    rest: () => ({ method: 'GET', url: '/rest/classification/Unclassified' }),
    rpc: () => ({ method: 'Classification.get', params: { names: ['Unclassified'] } }),
    restStatus: { anonymous: 400, admin: 400 },
  },
  {
    title: 'Component.get',
    callers: ['anonymous', 'member'],
    rest: () => ({ method: 'GET', url: '/rest/component/Widget/Gears' }),
    rpc: () => ({ method: 'Component.get', params: { product: 'Widget', component: 'Gears' } }),
    restStatus: { anonymous: 200 },
  },
  {
    title: 'Component.get of a product the caller cannot see, and of an unknown component',
    callers: ['outsider', 'member'],
    rest: () => ({ method: 'GET', url: '/rest/component/Secret/Nope' }),
    rpc: () => ({ method: 'Component.get', params: { product: 'Secret', component: 'Nope' } }),
  },
];

const WRITES: Case[] = [
  {
    title: 'Product.create',
    callers: ['admin', 'anonymous', 'member', 'badKey'],
    rest: (_fx, tag) => ({
      method: 'POST',
      url: '/rest/product',
      params: { name: `New-${tag}`, description: 'Made over RPC', version: '1.0' },
    }),
    rpc: (_fx, tag) => ({
      method: 'Product.create',
      params: { name: `New-${tag}`, description: 'Made over RPC', version: '1.0' },
    }),
    normalize: (value) => ({ id: typeof value.id === 'number' ? '<new id>' : value.id }),
    restStatus: { admin: 201, anonymous: 401, member: 401, badKey: 400 },
  },
  ...(
    [
      ['a taken name (702)', { name: 'widget', description: 'x', version: '1' }],
      ['a blank description (703)', { name: 'Fresh', description: ' ', version: '1' }],
      ['no version (704)', { name: 'Fresh', description: 'x' }],
      ['an unknown classification (51)', { name: 'Fresh', description: 'x', version: '1', classification: 'Nope' }],
      ['a name of the wrong type (53)', { name: ['x'], description: 'x', version: '1' }],
    ] as const
  ).map(([what, params]): Case => ({
    title: `Product.create with ${what}`,
    callers: ['admin'],
    rest: () => ({ method: 'POST', url: '/rest/product', params }),
    rpc: () => ({ method: 'Product.create', params }),
  })),
  {
    title: 'Product.update of the caller’s own product',
    callers: ['admin'],
    rest: (fx, tag) => ({
      method: 'PUT',
      url: '/rest/product',
      params: { ids: [fx.own[tag]], description: 'After', is_open: false },
    }),
    rpc: (fx, tag) => ({
      method: 'Product.update',
      params: { ids: [fx.own[tag]], description: 'After', is_open: false },
    }),
  },
  {
    title: 'Product.update errors: unknown product (106), unknown parameter, no targets (50), not allowed (304)',
    callers: ['admin', 'member', 'anonymous'],
    rest: () => ({ method: 'PUT', url: '/rest/product', params: { names: ['Nope'], description: 'x' } }),
    rpc: () => ({ method: 'Product.update', params: { names: ['Nope'], description: 'x' } }),
    restStatus: { admin: 401, member: 401, anonymous: 401 },
  },
  {
    title: 'Product.update with an unknown parameter',
    callers: ['admin'],
    rest: (fx) => ({ method: 'PUT', url: '/rest/product', params: { ids: [fx.products.widget], colour: 'red' } }),
    rpc: (fx) => ({ method: 'Product.update', params: { ids: [fx.products.widget], colour: 'red' } }),
  },
  {
    title: 'Product.update without targets',
    callers: ['admin'],
    rest: () => ({ method: 'PUT', url: '/rest/product', params: { description: 'x' } }),
    rpc: () => ({ method: 'Product.update', params: { description: 'x' } }),
  },
  ...(
    [
      ['a bug the caller is involved with', 'involved', EVERYONE],
      ['a bug the caller is not involved with (32000)', 'notInvolved', ['member', 'outsider'] as Caller[]],
      ['a bug the caller cannot see (102)', 'hidden', ['outsider'] as Caller[]],
    ] as const
  ).map(([what, bug, callers]): Case => ({
    title: `BugUserLastVisit.update of ${what}`,
    callers: [...callers],
    rest: (fx) => ({ method: 'POST', url: '/rest/bug_user_last_visit', params: { ids: [fx.bugs[bug]] } }),
    rpc: (fx) => ({ method: 'BugUserLastVisit.update', params: { ids: [fx.bugs[bug]] } }),
  })),
  {
    title: 'BugUserLastVisit.update of a missing bug (101) and without ids (50)',
    callers: ['member'],
    rest: () => ({ method: 'POST', url: '/rest/bug_user_last_visit', params: { ids: [999999] } }),
    rpc: () => ({ method: 'BugUserLastVisit.update', params: { ids: [999999] } }),
    restStatus: { member: 404 },
  },
  {
    title: 'BugUserLastVisit.update without ids (50)',
    callers: ['member'],
    rest: () => ({ method: 'POST', url: '/rest/bug_user_last_visit', params: {} }),
    rpc: () => ({ method: 'BugUserLastVisit.update', params: {} }),
  },
  {
    title: 'User.login with a good password',
    callers: ['anonymous', 'badKey', 'staleToken'],
    rest: () => ({ method: 'GET', url: '/rest/login', params: { login: 'member@example.com', password: PASSWORD } }),
    rpc: () => ({ method: 'User.login', params: { login: 'member@example.com', password: PASSWORD } }),
    restStatus: { anonymous: 200, badKey: 200, staleToken: 200 },
  },
  {
    title: 'User.login with a wrong password (300) or none (50)',
    callers: ['anonymous'],
    rest: () => ({ method: 'GET', url: '/rest/login', params: { login: 'member@example.com', password: 'nope' } }),
    rpc: () => ({ method: 'User.login', params: { login: 'member@example.com', password: 'nope' } }),
  },
  {
    title: 'User.login without a password',
    callers: ['anonymous'],
    rest: () => ({ method: 'GET', url: '/rest/login', params: { login: 'member@example.com' } }),
    rpc: () => ({ method: 'User.login', params: { login: 'member@example.com' } }),
  },
  {
    title: 'User.valid_login',
    callers: ['anonymous', 'member'],
    rest: (fx) => ({
      method: 'GET',
      url: '/rest/valid_login',
      params: { login: 'member@example.com', token: fx.tokens.rest },
    }),
    rpc: (fx) => ({ method: 'User.valid_login', params: { login: 'member@example.com', token: fx.tokens.rest } }),
    restValue: (body) => body.result,
  },
  {
    title: 'Component.create',
    callers: ['admin', 'member', 'anonymous', 'badKey'],
    rest: (_fx, tag) => ({
      method: 'POST',
      url: '/rest/component',
      params: {
        product: 'Widget',
        name: `Comp-${tag}`,
        description: 'Made over RPC',
        default_assignee: 'admin@example.com',
      },
    }),
    rpc: (_fx, tag) => ({
      method: 'Component.create',
      params: {
        product: 'Widget',
        name: `Comp-${tag}`,
        description: 'Made over RPC',
        default_assignee: 'admin@example.com',
      },
    }),
    normalize: (value) => ({ id: typeof value.id === 'number' ? '<new id>' : value.id }),
    restStatus: { admin: 201, member: 401, anonymous: 401, badKey: 400 },
  },
  ...(
    [
      [
        'a taken name (1200)',
        { product: 'Widget', name: 'gears', description: 'x', default_assignee: 'admin@example.com' },
      ],
      ['no name', { product: 'Widget', description: 'x', default_assignee: 'admin@example.com' }],
      [
        'a product the caller cannot see (106)',
        { product: 'Secret', name: 'X', description: 'x', default_assignee: 'admin@example.com' },
      ],
      [
        'an unknown assignee (51)',
        { product: 'Widget', name: 'X', description: 'x', default_assignee: 'nobody@example.com' },
      ],
      [
        'default_cc that is not a list (53)',
        {
          product: 'Widget',
          name: 'X',
          description: 'x',
          default_assignee: 'admin@example.com',
          default_cc: 'admin@example.com',
        },
      ],
    ] as const
  ).map(([what, params]): Case => ({
    title: `Component.create with ${what}`,
    callers: ['admin'],
    rest: () => ({ method: 'POST', url: '/rest/component', params }),
    rpc: () => ({ method: 'Component.create', params }),
  })),
  {
    title: 'Component.update of the caller’s own component',
    callers: ['admin'],
    rest: (_fx, tag) => ({
      method: 'PUT',
      url: '/rest/component',
      params: { names: [{ product: `Own-${tag}`, component: 'Part' }], description: 'After', is_active: false },
    }),
    rpc: (_fx, tag) => ({
      method: 'Component.update',
      params: { names: [{ product: `Own-${tag}`, component: 'Part' }], description: 'After', is_active: false },
    }),
  },
  {
    title: 'Component.update errors: unknown component (51), not allowed (304), not logged in (410)',
    callers: ['admin', 'member', 'anonymous'],
    rest: () => ({
      method: 'PUT',
      url: '/rest/component',
      params: { names: [{ product: 'Widget', component: 'Nope' }], description: 'x' },
    }),
    rpc: () => ({
      method: 'Component.update',
      params: { names: [{ product: 'Widget', component: 'Nope' }], description: 'x' },
    }),
  },
  {
    title: 'Component.delete of a component with bugs (refused) and without login (410)',
    callers: ['admin', 'anonymous'],
    rest: () => ({ method: 'DELETE', url: '/rest/component/Widget/Gears' }),
    rpc: () => ({ method: 'Component.delete', params: { names: [{ product: 'Widget', component: 'Gears' }] } }),
  },
  {
    title: 'FlagType.create',
    callers: ['admin', 'member', 'anonymous'],
    rest: (_fx, tag) => ({
      method: 'POST',
      url: '/rest/flag_type',
      params: { name: `flag-${tag}`, description: 'Made over RPC', inclusions: ['Widget'] },
    }),
    rpc: (_fx, tag) => ({
      method: 'FlagType.create',
      params: { name: `flag-${tag}`, description: 'Made over RPC', inclusions: ['Widget'] },
    }),
    normalize: (value) => ({ id: typeof value.id === 'number' ? '<new id>' : value.id }),
    restStatus: { admin: 201, member: 401, anonymous: 401 },
  },
  {
    title: 'FlagType.create with a name holding a space (1101) and without a description (50)',
    callers: ['admin'],
    rest: () => ({ method: 'POST', url: '/rest/flag_type', params: { name: 'two words', description: 'x' } }),
    rpc: () => ({ method: 'FlagType.create', params: { name: 'two words', description: 'x' } }),
  },
  {
    title: 'FlagType.update of an unknown id (51)',
    callers: ['admin'],
    rest: () => ({ method: 'PUT', url: '/rest/flag_type/999999', params: { description: 'x' } }),
    rpc: () => ({ method: 'FlagType.update', params: { ids: [999999], description: 'x' } }),
    restStatus: { admin: 404 },
  },
];

/** Runs one side of a case; REST answers are read into the same {value | fault} form. */
async function call(app: TestApp, fx: Fixture, c: Case, caller: Caller, tag: Tag): Promise<RpcAnswer> {
  // A wrong password on each side is the account's first: the lockout would otherwise warn, then
  // lock (test/lockout.e2e-spec.ts checks that the protocols share that count).
  await app.rows('DELETE FROM login_failure WHERE user_id = ?', [fx.users.member]);
  if (tag === 'rest') {
    const { method, url, params = {} } = c.rest(fx, tag);
    const all = { ...credentials(fx, caller), ...params };
    const response =
      method === 'GET'
        ? await app.get(url, { query: all as Record<string, string | number | (string | number)[]> })
        : await app.request(method, url, { body: all });
    if (response.status >= 400) {
      return { status: response.status, fault: { code: response.body.code, message: response.body.message }, response };
    }
    return { status: response.status, value: (c.restValue ?? ((b) => b))(response.body), response };
  }
  const { method, params = {} } = c.rpc(fx, tag);
  const all = { ...credentials(fx, caller), ...params };
  if (tag === 'xml') return xmlrpc(app, method, all);
  if (tag === 'get') return jsonrpcGet(app, method, all);
  return jsonrpc(app, method, all);
}

forEachDialect('XML-RPC and JSON-RPC answer what REST answers', (app) => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await seedFixture(app());
  });

  const matrix = (cases: Case[]) =>
    cases.flatMap((c) => c.callers.map((caller) => [`${c.title} — ${caller}`, c, caller] as const));

  describe.each([
    ['reads', READS],
    ['writes and their errors', WRITES],
  ])('%s', (_kind, cases) => {
    it.each(matrix(cases as Case[]))('%s', async (_title, c, caller) => {
      const rest = await call(app(), fx, c, caller, 'rest');
      const expected = c.restStatus?.[caller];
      if (expected !== undefined) expect(rest.status).toBe(expected);

      const rpcName = c.rpc(fx, 'rest').method;
      const tags: Tag[] = findRpcMethod(rpcName)?.readOnly ? ['xml', 'json', 'get'] : ['xml', 'json'];
      for (const tag of tags) {
        const answer = await call(app(), fx, c, caller, tag);
        // Every RPC answer is HTTP 200, faults included (as Bugzilla).
        expect(answer.status, tag).toBe(200);
        if (rest.fault) {
          const code = tag === 'xml' || rest.fault.code >= 0 ? rest.fault.code : rest.fault.code + 100_000;
          expect({ tag, fault: answer.fault }).toEqual({ tag, fault: { code, message: rest.fault.message } });
        } else {
          const same = (value: unknown, from: Tag) => normalize((c.normalize ?? ((v) => v))(value), fx, from);
          const want = tag === 'xml' ? withoutNulls(same(rest.value, 'rest')) : same(rest.value, 'rest');
          expect({ tag, value: same(answer.value, tag) }).toEqual({ tag, value: want });
        }
      }
    });
  });

  it('the writes stored what they answered: one product per protocol, updated alike', async () => {
    const rows = await app().rows(
      "SELECT name, description, isactive FROM products WHERE name LIKE 'New-%' OR name LIKE 'Own-%' ORDER BY name",
    );
    expect(rows.map((r) => [r.name, r.description, Number(r.isactive)])).toEqual([
      ['New-json', 'Made over RPC', 1],
      ['New-rest', 'Made over RPC', 1],
      ['New-xml', 'Made over RPC', 1],
      ['Own-get', 'Before', 1],
      ['Own-json', 'After', 0],
      ['Own-rest', 'After', 0],
      ['Own-xml', 'After', 0],
    ]);
  });

  it('User.logout ends the token it is called with, as GET /rest/logout does', async () => {
    const rest = await app().get('/rest/logout', { query: { Bugzilla_token: fx.tokens.rest } });
    expect([rest.status, rest.body]).toEqual([200, { result: null }]);
    const xml = await xmlrpc(app(), 'User.logout', { Bugzilla_token: fx.tokens.xml });
    expect([xml.value, xml.fault]).toEqual([null, undefined]);
    expect(xml.response.text).toContain('<params><param><value /></param></params>');
    const json = await jsonrpc(app(), 'User.logout', { Bugzilla_token: fx.tokens.json });
    expect([json.value, json.fault]).toEqual([null, undefined]);
    const cookies = Object.values(fx.tokens).map((t) => t.split('-')[1]);
    const left = await app().rows(`SELECT cookie FROM logincookies WHERE cookie IN (?, ?, ?, ?)`, cookies);
    expect(left.map((r) => r.cookie)).toEqual([fx.tokens.get.split('-')[1]]);

    const after = await xmlrpc(app(), 'Product.get_accessible_products', { Bugzilla_token: fx.tokens.xml });
    expect(after.fault).toEqual({
      code: 32000,
      message:
        'The cookies or token provide were not valid or have expired. You may login again to get new cookies or a new token.',
    });
  });
});
