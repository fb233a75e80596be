#!/usr/bin/env node
// The benchmark's yardstick: GET /rest/product?names=...|ids=... answered by a bare Fastify + mysql2
// script, with no Nest, no TypeORM, no logging, no validation layer. It runs the same SQL as the service
// (the API-key lookup and the caller's groups, then the product and one statement per kind of child)
// in the same order on a pool of the same size, and answers the same JSON with the same ETag and CORS
// headers. Only what the benchmark's single-product request needs is implemented: the API key in the
// X-BUGZILLA-API-KEY header, type=accessible, or_groups off, no include/exclude_fields.
//
//   DATABASE_URL=mysql://root@127.0.0.1:3306/bzp_bench PORT=3101 node bench/baseline-server.mjs
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import mysql from 'mysql2/promise';

const url = process.env.DATABASE_URL || 'mysql://root@127.0.0.1:3306/bzp_bench';
const port = Number(process.env.PORT || 3101);
const poolSize = Number(process.env.DB_POOL_SIZE || 10);

const pool = mysql.createPool({
  uri: url,
  timezone: 'Z',
  charset: 'utf8mb4_unicode_520_ci',
  supportBigNumbers: true,
  bigNumberStrings: false,
  dateStrings: false,
  decimalNumbers: true,
  connectionLimit: poolSize,
  maxIdle: poolSize,
  waitForConnections: true,
});
const sql = async (text, params = []) => (await pool.query(text, params))[0];

class HttpError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

// --- the caller (same statements as the service's CallerService) ---------------------------------
const lastUsedWrites = new Map();

async function caller(key) {
  if (!key) throw new HttpError(401, 410, 'You must log in before using this part of Bugzilla.');
  const rows = await sql(
    `WITH RECURSIVE member_groups(user_id, id) AS (
           SELECT ugm.user_id, ugm.group_id FROM user_api_keys k
             JOIN user_group_map ugm ON ugm.user_id = k.user_id AND ugm.isbless = 0
            WHERE k.api_key = ?
           UNION
           SELECT mg.user_id, ggm.grantor_id FROM group_group_map ggm
             JOIN member_groups mg ON ggm.member_id = mg.id
            WHERE ggm.grant_type = 0
         )
         SELECT k.id AS key_id, k.api_key, k.revoked, p.userid, p.login_name, p.realname, p.is_enabled, p.disabledtext,
                g.id AS group_id, g.name AS group_name
           FROM user_api_keys k JOIN profiles p ON p.userid = k.user_id
           LEFT JOIN member_groups mg ON mg.user_id = k.user_id
           LEFT JOIN \`groups\` g ON g.id = mg.id
          WHERE k.api_key = ?`,
    [key, key],
  );
  const own = rows.filter((r) => r.api_key === key);
  const row = own[0];
  if (!row || Number(row.revoked) === 1) throw new HttpError(400, 306, 'The API key you specified is invalid.');
  if (Number(row.is_enabled) !== 1) throw new HttpError(401, 301, 'Your account has been disabled by an administrator.');
  const last = lastUsedWrites.get(row.key_id);
  if (last === undefined || Date.now() - last >= 60_000) {
    lastUsedWrites.set(row.key_id, Date.now());
    await sql('UPDATE user_api_keys SET last_used = UTC_TIMESTAMP() WHERE id = ?', [row.key_id]);
  }
  return { id: Number(row.userid), groupIds: own.filter((r) => r.group_id !== null).map((r) => Number(r.group_id)) };
}

// --- products (same statements as the service's ProductVisibility and ProductsService) ----------
const list = (n) => Array.from({ length: n }, () => '?').join(', ');

/** accessible = selectable OR enterable, with or_groups off (SPEC §4). */
function accessible(user) {
  const groups = user.groupIds.length ? user.groupIds : [-1];
  const rule = (controlled) =>
    `NOT EXISTS (SELECT 1 FROM group_control_map gcm WHERE gcm.product_id = p.id AND ${controlled} AND gcm.group_id NOT IN (${list(groups.length)}))`;
  return {
    sql:
      `(${rule('gcm.membercontrol = 3')}) OR ` +
      `(p.isactive = 1 AND ${rule('gcm.entry != 0')}` +
      ' AND (SELECT 1 FROM components c WHERE c.product_id = p.id AND c.isactive = 1 LIMIT 1) IS NOT NULL' +
      ' AND (SELECT 1 FROM versions v WHERE v.product_id = p.id AND v.isactive = 1 LIMIT 1) IS NOT NULL)',
    params: [...groups, ...groups],
  };
}

const asList = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const bool = (value) => Number(value) !== 0;

async function products(user, query) {
  const ids = [...new Set(asList(query.ids).filter((v) => /^(0|[1-9]\d{0,14})$/.test(v)).map(Number))];
  const names = [...new Set(asList(query.names).map((v) => String(v).toLowerCase()))];
  if (ids.length + names.length === 0) return { products: [] };
  const visible = accessible(user);
  const anyOf = [];
  const params = [...visible.params];
  if (ids.length) {
    anyOf.push(`p.id IN (${list(ids.length)})`);
    params.push(...ids);
  }
  if (names.length) {
    anyOf.push(`p.name IN (${list(names.length)})`);
    params.push(...names);
  }
  const idSet = new Set(ids);
  const nameSet = new Set(names);
  const rows = (
    await sql(
      `SELECT p.id, p.name, p.description, p.isactive, p.defaultmilestone, p.allows_unconfirmed,
              cl.name AS classification
         FROM products p
         LEFT JOIN classifications cl ON cl.id = p.classification_id
        WHERE (${visible.sql}) AND (${anyOf.join(' OR ')})
        ORDER BY p.name, p.id`,
      params,
    )
  ).filter((row) => idSet.has(Number(row.id)) || nameSet.has(row.name.toLowerCase()));
  if (rows.length === 0) return { products: [] };
  const pids = rows.map((row) => Number(row.id));
  const inList = list(pids.length);

  const components = await sql(
    `SELECT c.id, c.product_id, c.name, c.description, c.isactive
                , owner.login_name AS assigned_to
                , qa.login_name AS qa_contact
           FROM components c
           LEFT JOIN profiles owner ON owner.userid = c.initialowner
           LEFT JOIN profiles qa ON qa.userid = c.initialqacontact
          WHERE c.product_id IN (${inList})
          ORDER BY c.product_id, c.name, c.id`,
    pids,
  );
  let flags;
  if (components.length > 0) {
    const rules = await sql(
      `SELECT 0 AS excluded, i.type_id, i.product_id, i.component_id
           FROM flaginclusions i WHERE i.product_id IS NULL OR i.product_id IN (${inList})
         UNION ALL
         SELECT 1 AS excluded, e.type_id, e.product_id, e.component_id
           FROM flagexclusions e WHERE e.product_id IS NULL OR e.product_id IN (${inList})`,
      [...pids, ...pids],
    );
    const types = await sql(
      `SELECT ft.id, ft.name, ft.description, ft.cc_list, ft.target_type, ft.is_active, ft.is_requestable,
              ft.is_requesteeble, ft.is_multiplicable, ft.sortkey, ft.grant_group_id, ft.request_group_id
         FROM flagtypes ft
        WHERE ft.id IN (SELECT i.type_id FROM flaginclusions i
                        WHERE i.product_id IS NULL OR i.product_id IN (${inList}))
        ORDER BY ft.sortkey, ft.name, ft.id`,
      pids,
    );
    flags = flagMatcher(types, rules);
  }
  const versions = await sql(
    `SELECT v.id, v.product_id, v.value, v.isactive FROM versions v
          WHERE v.product_id IN (${inList}) ORDER BY v.product_id, v.id`,
    pids,
  );
  const milestones = await sql(
    `SELECT m.id, m.product_id, m.value, m.sortkey, m.isactive FROM milestones m
          WHERE m.product_id IN (${inList}) ORDER BY m.product_id, m.sortkey, m.value, m.id`,
    pids,
  );

  const byProduct = (items, map) => {
    const out = new Map();
    for (const item of items) {
      const pid = Number(item.product_id);
      if (!out.has(pid)) out.set(pid, []);
      out.get(pid).push(map(item));
    }
    return out;
  };
  const componentsOf = byProduct(components, (c) => ({
    id: Number(c.id),
    name: c.name,
    description: c.description,
    default_assigned_to: c.assigned_to ?? '',
    default_qa_contact: c.qa_contact ?? '',
    sort_key: 0,
    is_active: bool(c.isactive),
    flag_types: flags(Number(c.product_id), Number(c.id)),
  }));
  const sortedVersions = [...versions].sort((a, b) => versCmp(a.value.toLowerCase(), b.value.toLowerCase()));
  const versionsOf = byProduct(sortedVersions, (v) => ({ id: Number(v.id), name: v.value, sort_key: 0, is_active: bool(v.isactive) }));
  const milestonesOf = byProduct(milestones, (m) => ({
    id: Number(m.id),
    name: m.value,
    sort_key: Number(m.sortkey),
    is_active: bool(m.isactive),
  }));
  return {
    products: rows.map((p) => ({
      id: Number(p.id),
      name: p.name,
      description: p.description,
      is_active: bool(p.isactive),
      default_milestone: p.defaultmilestone,
      has_unconfirmed: bool(p.allows_unconfirmed),
      classification: p.classification ?? '',
      components: componentsOf.get(Number(p.id)) ?? [],
      versions: versionsOf.get(Number(p.id)) ?? [],
      milestones: milestonesOf.get(Number(p.id)) ?? [],
    })),
  };
}

/** A flag type applies to a component when an inclusion matches it and no exclusion does (NULL = any). */
function flagMatcher(types, rules) {
  const included = new Map();
  const excluded = new Map();
  for (const rule of rules) {
    const target = bool(rule.excluded) ? excluded : included;
    const id = Number(rule.type_id);
    if (!target.has(id)) target.set(id, []);
    target.get(id).push(rule);
  }
  const dtos = types.map((t) => ({
    row: t,
    dto: {
      id: Number(t.id),
      name: t.name,
      description: t.description,
      cc_list: t.cc_list ?? '',
      sort_key: Number(t.sortkey),
      is_active: bool(t.is_active),
      is_requestable: bool(t.is_requestable),
      is_requesteeble: bool(t.is_requesteeble),
      is_multiplicable: bool(t.is_multiplicable),
      grant_group: t.grant_group_id === null ? null : Number(t.grant_group_id),
      request_group: t.request_group_id === null ? null : Number(t.request_group_id),
    },
  }));
  return (productId, componentId) => {
    const matches = (r) =>
      (r.product_id === null || Number(r.product_id) === productId) &&
      (r.component_id === null || Number(r.component_id) === componentId);
    const out = { bug: [], attachment: [] };
    for (const { row, dto } of dtos) {
      if (!included.get(Number(row.id))?.some(matches)) continue;
      if (excluded.get(Number(row.id))?.some(matches)) continue;
      if (row.target_type === 'b') out.bug.push(dto);
      else if (row.target_type === 'a') out.attachment.push(dto);
    }
    return out;
  };
}

/** Bugzilla's vers_cmp: tokens '-', '.', digit runs (numeric unless a leading zero), other runs (case-insensitive). */
function versCmp(a, b) {
  const tokens = (s) => s.replace(/^0*(\d.+)/, '$1').match(/[-.]|\d+|[^-.\d]+/g) ?? [];
  const x = tokens(a);
  const y = tokens(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const order = tokenCmp(x[i], y[i]);
    if (order !== 0) return order;
  }
  return Math.sign(x.length - y.length);
}

function tokenCmp(a, b) {
  for (const sep of ['-', '.']) {
    if (a === sep && b === sep) return 0;
    if (a === sep) return -1;
    if (b === sep) return 1;
  }
  const digits = /^\d+$/;
  if (digits.test(a) && digits.test(b) && !a.startsWith('0') && !b.startsWith('0') && a.length !== b.length) {
    return Math.sign(a.length - b.length);
  }
  if (!(digits.test(a) && digits.test(b))) [a, b] = [a.toUpperCase(), b.toUpperCase()];
  const p = [...a];
  const q = [...b];
  for (let i = 0; i < Math.min(p.length, q.length); i++) {
    const d = p[i].codePointAt(0) - q[i].codePointAt(0);
    if (d !== 0) return Math.sign(d);
  }
  return Math.sign(p.length - q.length);
}

// --- HTTP -------------------------------------------------------------------------------------------
const app = Fastify({ logger: false });

// BASELINE_ACCESS_LOG=1: one pino-http line per request, as the service is configured to write at
// LOG_LEVEL=info, to measure what access logging costs (bench/README.md).
if (process.env.BASELINE_ACCESS_LOG === '1') {
  const { pinoHttp } = await import('pino-http');
  const accessLog = pinoHttp({
    level: 'info',
    genReqId: (request) => request.id,
    serializers: { req: (req) => ({ id: req.id, method: req.method, url: req.url }) },
  });
  app.addHook('onRequest', (request, reply, done) => {
    accessLog(request.raw, reply.raw);
    done();
  });
}

app.addHook('onSend', async (request, reply, payload) => {
  reply.header('access-control-allow-origin', '*');
  if (reply.statusCode === 200 && typeof payload === 'string') {
    reply.header('etag', `"${createHash('sha1').update(payload).digest('base64url')}"`);
  }
  return payload;
});

app.get('/rest/product', async (request, reply) => {
  try {
    const user = await caller(String(request.headers['x-bugzilla-api-key'] ?? '').trim());
    return await products(user, request.query);
  } catch (error) {
    const status = error instanceof HttpError ? error.status : 500;
    const code = error instanceof HttpError ? error.code : -32000;
    reply.code(status);
    return { error: true, code, message: error instanceof HttpError ? error.message : 'Internal error' };
  }
});

app.get('/health', async () => ({ status: 'ok' }));

await app.listen({ host: '127.0.0.1', port });
console.log(`baseline listening on http://127.0.0.1:${port}/rest/product`);

const stop = () => app.close().then(() => pool.end()).then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
