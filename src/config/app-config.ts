import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { BUGZILLA_PARAMETER_DEFAULTS, parameterText } from './bugzilla-parameters.js';
import { readSettingsFile, SettingsFileError } from './settings-file.js';
import { type CertificatePair, readCertificatePair } from './certificate-pair.js';
import { ConfigError } from './config-error.js';

/**
 * The service's settings, validated once at boot. This is the only file that
 * reads `process.env`; everything else receives an `AppConfig`.
 */
export type DatabaseConfig =
  | {
      type: 'mysql';
      url: string;
      /** The first node's address (the only one, unless the URL lists several). */
      host: string;
      port: number;
      username: string;
      password: string;
      database: string;
      /**
       * Every `host:port` the URL lists, in its order. Several = the nodes of a Galera cluster, used one at a
       * time with failover (src/database/galera).
       */
      nodes: DatabaseNode[];
    }
  | {
      type: 'postgres';
      url: string;
      host: string;
      port: number;
      username: string;
      password: string;
      database: string;
    }
  | { type: 'sqlite'; url: string; path: string };

export interface DatabaseNode {
  host: string;
  port: number;
}

/** Bugzilla's own parameters (data/params.json) that change this service's behaviour. */
export interface BugzillaParams {
  useqacontact: boolean;
  or_groups: boolean;
  makeproductgroups: boolean;
  requirelogin: boolean;
  useclassification: boolean;
  /** Deleting a product deletes its bugs too (SPEC §10); off: a product with bugs cannot be deleted. */
  allowbugdeletion: boolean;
}

export interface AppConfig {
  database: DatabaseConfig;
  host: string;
  port: number;
  migrate: boolean;
  demoData: 'auto' | 'true' | 'false';
  params: BugzillaParams;
  /** Bugzilla's `maintainer` param (from BZ_PARAMS_FILE): named in the disabled-account message. */
  maintainer: string;
  /**
   * Every Bugzilla parameter as this site has it, as text (Bugzilla.parameters): Bugzilla 5.2's
   * defaults, then BZ_PARAMS_FILE's values (its extra keys too), then the BZ_* settings the
   * service applies (`params`, `lastVisitKeepDays`), so what is served is what is in force.
   */
  siteParameters: Readonly<Record<string, string>>;
  lastVisitKeepDays: number;
  /**
   * How old data served from the in-memory model may be (SPEC §1): every change committed more than
   * this long ago is in every answer. 0: no model, every request reads the database.
   */
  cacheMaxStalenessMs: number;
  /**
   * How long one statement loading a table into the model may run (MySQL/MariaDB), instead of
   * DB_TIMEOUT_MS: a whole table of a large catalogue takes longer to read than a request may
   * wait, and requests do not wait for it (they read the database meanwhile). 0: no limit.
   */
  cacheLoadTimeoutMs: number;
  /**
   * How the model learns of changes (SPEC §15, §16): `binlog` reads the database's own log (MariaDB's
   * binary log, PostgreSQL's logical decoding; `log` is its other name), refusing to start without it,
   * `poll` checks the database as before, `auto` the log when the server allows it.
   */
  changeStream: 'auto' | 'binlog' | 'poll';
  /**
   * PostgreSQL: the name of the service's replication slot and publication (with WORKERS=N, the slots
   * `<name>`, `<name>_2` ... `<name>_N`); docs/operators.md says how to drop them when a service is retired.
   */
  changeStreamSlot: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Size of the database connection pool (MySQL). */
  dbPoolSize: number;
  /** How long a request may wait for a database connection or query before it gets a 503. */
  dbTimeoutMs: number;
  /**
   * Whom to believe in `X-Forwarded-For` for the caller's IP (Fastify's `trustProxy`): nobody (false), every
   * hop (true), or the listed proxy addresses/CIDRs (as Bugzilla's `inbound_proxies`).
   */
  trustProxy: boolean | string[];
  /** Serve Prometheus metrics at `GET /metrics`. */
  metrics: boolean;
  /** Read replicas of `database` (MySQL/MariaDB only): reads are spread across them, writes never go there. */
  replicas: ReplicaDatabaseConfig[];
  /** A replica lagging more than this (or whose lag cannot be read) is taken out of rotation. */
  dbReplicaMaxLagMs: number;
  /** Worker processes serving one port (`node:cluster`), under a supervisor that owns the socket and reloads them (SPEC §17). */
  workers: number;
  /** Serve the admin console (the built `admin-ui/`) at `/admin/` (SPEC §11). */
  adminUi: boolean;
  /**
   * The largest request line plus headers accepted (Node's `maxHeaderSize`), which also bounds the
   * query string and a path parameter. python-bugzilla sends a whole product list in one URL.
   */
  httpMaxHeaderBytes: number;
  /**
   * How long a request line plus headers may take to arrive, from the connection's start or the next
   * request's first byte (Node's `headersTimeout`): a client sending its head a byte at a time (slowloris) is
   * answered 408 and its connection closed, over HTTP and over HTTPS's HTTP/1.1.
   */
  httpHeadersTimeoutMs: number;
  /**
   * How long a whole request (head and body) may take to arrive (Node's `requestTimeout`; an HTTP/2 stream's
   * END_STREAM likewise); in front of a Bugzilla at least BUGZILLA_TIMEOUT_MS, as a passed upload may take.
   */
  httpRequestTimeoutMs: number;
  /** Galera nodes (several in DATABASE_URL): how the service uses them (docs/operators.md, "Running on Galera"). */
  galera: GaleraSettings;
  /**
   * The Perl Bugzilla this service is the front of (SPEC §13), as a base URL ending in `/`; undefined:
   * the service answers everything itself (an unknown path is a 404 envelope).
   */
  bugzillaUrl: string | undefined;
  /** How long a request passed to Bugzilla may wait for its answer (and between two of its chunks) before a 504. */
  bugzillaTimeoutMs: number;
  /**
   * Compress answers as the request's Accept-Encoding asks (SPEC §18): the service's own, and those
   * passed from Bugzilla plain and of a text type. false: every answer as it is (a proxy in front compresses).
   */
  compression: boolean;
  /** Bytes of compressed answers kept for the current catalogue revision (COMPRESSION_CACHE_MB); 0: none kept. */
  compressionCacheBytes: number;
  /**
   * TLS_CERT_FILE + TLS_KEY_FILE, read and checked (SPEC §18): PORT speaks HTTPS (and HTTP/2). Undefined:
   * plain HTTP, as before.
   */
  tls: CertificatePair | undefined;
  /** The plain-HTTP listener that redirects to HTTPS and serves ACME challenges (the supervisor's). */
  redirect: RedirectSettings | undefined;
}

export interface RedirectSettings {
  /** HTTP_REDIRECT_PORT. */
  port: number;
  /** ACME_WEBROOT: certbot --webroot's directory; `.well-known/acme-challenge/<token>` is served from under it. */
  acmeWebroot: string | undefined;
}

export interface GaleraSettings {
  /** Which node to start with: the first listed, or one at random (so instances spread over the nodes). */
  start: 'first' | 'random';
  /** Move back to an earlier node of the list once it is synced again (false: stay on the node in use). */
  failback: boolean;
  /**
   * How long a transaction that provably did not commit (certification conflict, deadlock, node lost
   * before COMMIT) is tried again, with jittered backoff, before the caller gets a 503.
   */
  writeRetryMs: number;
  /** Galera causal reads (`wsrep_sync_wait = 1` on every connection): a read sees every write committed before it on any node. */
  causalReads: boolean;
}

export type MysqlDatabaseConfig = Extract<DatabaseConfig, { type: 'mysql' }>;
export type PostgresDatabaseConfig = Extract<DatabaseConfig, { type: 'postgres' }>;
/** A read replica: a MySQL/MariaDB replica, or a PostgreSQL standby. */
export type ReplicaDatabaseConfig = MysqlDatabaseConfig | PostgresDatabaseConfig;

/** Injection token for the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');

export { ConfigError };

type Env = Record<string, string | undefined>;

/** Every setting, its default and how it is read. `.env.example` documents the same list. */
export const SETTINGS = {
  DATABASE_URL: 'sqlite:data/bugzilla.sqlite',
  HOST: '127.0.0.1',
  PORT: '3000',
  DB_MIGRATE: 'true',
  DEMO_DATA: 'auto',
  BZ_PARAMS_FILE: '',
  BZ_USEQACONTACT: '',
  BZ_OR_GROUPS: '',
  BZ_MAKEPRODUCTGROUPS: '',
  BZ_REQUIRELOGIN: '',
  BZ_USECLASSIFICATION: '',
  BZ_ALLOWBUGDELETION: '',
  BZ_LAST_VISIT_KEEP_DAYS: '10',
  CACHE_MAX_STALENESS_MS: '1000',
  CACHE_LOAD_TIMEOUT_MS: '300000',
  DB_CHANGE_STREAM: 'auto',
  DB_CHANGE_STREAM_SLOT: 'bugzilla_products',
  LOG_LEVEL: 'info',
  DB_POOL_SIZE: '10',
  DB_TIMEOUT_MS: '5000',
  TRUST_PROXY: 'false',
  METRICS: 'true',
  DATABASE_REPLICA_URLS: '',
  DB_REPLICA_MAX_LAG_MS: '5000',
  WORKERS: '1',
  ADMIN_UI: 'true',
  HTTP_MAX_HEADER_BYTES: '262144',
  HTTP_HEADERS_TIMEOUT_MS: '60000',
  HTTP_REQUEST_TIMEOUT_MS: '60000',
  DB_NODE_START: 'first',
  DB_NODE_FAILBACK: 'false',
  DB_WRITE_RETRY_MS: '10000',
  DB_CAUSAL_READS: 'false',
  BUGZILLA_URL: '',
  BUGZILLA_TIMEOUT_MS: '300000',
  TLS_CERT_FILE: '',
  TLS_KEY_FILE: '',
  HTTP_REDIRECT_PORT: '',
  ACME_WEBROOT: '',
  SETTINGS_FILE: '',
  COMPRESSION: 'true',
  COMPRESSION_CACHE_MB: '64',
} as const;

/** Node's own default (16 KiB) at least; at most 16 MiB, far past any client's URL. */
const MIN_HEADER_BYTES = 16 * 1024;
const MAX_HEADER_BYTES = 16 * 1024 * 1024;

/**
 * DB_TIMEOUT_MS when DATABASE_URL lists several nodes and the setting is not given: a Galera node that dies
 * stalls every commit in the cluster until the others evict it (`evs.suspect_timeout`, 5 s by default, plus
 * about a second to install the new view). A commit must be allowed to outlast that stall, or the caller
 * would get a 503 for a write that then commits. docs/operators.md, "Running on Galera".
 */
export const GALERA_DEFAULT_TIMEOUT_MS = 10_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function value(env: Env, name: keyof typeof SETTINGS): string {
  const raw = env[name];
  return raw === undefined || raw === '' ? SETTINGS[name] : raw.trim();
}

function bool(env: Env, name: keyof typeof SETTINGS): boolean {
  const raw = value(env, name).toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got '${raw}')`);
}

function integer(env: Env, name: keyof typeof SETTINGS, min: number, max: number): number {
  const raw = value(env, name);
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got '${raw}')`);
  }
  return Number(raw);
}

/** `false`/`true`, or a list of proxy addresses (an address or CIDR each). */
function trustProxy(env: Env): AppConfig['trustProxy'] {
  const raw = value(env, 'TRUST_PROXY');
  if (/^[a-z]+$/i.test(raw)) return bool(env, 'TRUST_PROXY');
  const proxies = raw.split(/[\s,]+/).filter(Boolean);
  for (const proxy of proxies) {
    const [address, bits, ...rest] = proxy.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    if (!family || rest.length || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new ConfigError(`TRUST_PROXY must be true, false or a list of proxy addresses (got '${raw}')`);
    }
  }
  return proxies;
}

/** `DATABASE_REPLICA_URLS`: comma-separated mysql:// URLs, allowed only beside a mysql:// DATABASE_URL. */
/**
 * DATABASE_REPLICA_URLS: replicas of the primary's kind (SPEC §8, §16): MySQL/MariaDB replicas of a
 * mysql:// primary, streaming-replication standbys of a postgres:// one. SQLite has none.
 */
function replicaUrls(env: Env, primary: DatabaseConfig): ReplicaDatabaseConfig[] {
  const urls = value(env, 'DATABASE_REPLICA_URLS')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  if (urls.length && primary.type === 'sqlite') {
    throw new ConfigError(
      'DATABASE_REPLICA_URLS needs a mysql:// or postgres:// DATABASE_URL (SQLite has no replicas)',
    );
  }
  const scheme = primary.type === 'postgres' ? 'postgres' : 'mysql';
  const replicas: ReplicaDatabaseConfig[] = [];
  for (const url of urls) {
    let replica: DatabaseConfig;
    try {
      replica = parseDatabaseUrl(url);
    } catch {
      replica = { type: 'sqlite', url, path: '' };
    }
    // Not the URL itself in the message: it may hold a password.
    if (replica.type !== primary.type) {
      throw new ConfigError(
        `DATABASE_REPLICA_URLS must be comma-separated ${scheme}://user:pass@host:port/db URLs, as DATABASE_URL (entry ${replicas.length + 1} is not)`,
      );
    }
    replicas.push(replica as ReplicaDatabaseConfig);
  }
  return replicas;
}

const MYSQL_URL_PATTERN = 'mysql://user:pass@host:port/db (or host1:port1,host2:port2,... for a Galera cluster)';

/** `host`, `host:port`, `[v6]` or `[v6]:port`, as one entry of a URL's host list. */
function parseNode(entry: string): DatabaseNode {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]*)(?::(\d{1,5}))?$/i.exec(entry.trim());
  const port = match?.[2] === undefined ? 3306 : Number(match[2]);
  if (!match || port < 1 || port > 65535) {
    throw new ConfigError(`DATABASE_URL has a bad host:port '${entry}' (expected ${MYSQL_URL_PATTERN})`);
  }
  return { host: match[1].replace(/^\[|\]$/g, '') || '127.0.0.1', port };
}

/** The Galera settings; the ones that change how the server is spoken to need a mysql:// DATABASE_URL. */
function galeraSettings(env: Env, database: DatabaseConfig): GaleraSettings {
  const start = value(env, 'DB_NODE_START').toLowerCase();
  if (start !== 'first' && start !== 'random') {
    throw new ConfigError(`DB_NODE_START must be first or random (got '${start}')`);
  }
  const causalReads = bool(env, 'DB_CAUSAL_READS');
  if (causalReads && database.type !== 'mysql') {
    throw new ConfigError('DB_CAUSAL_READS needs a mysql:// DATABASE_URL (a Galera cluster)');
  }
  return {
    start,
    failback: bool(env, 'DB_NODE_FAILBACK'),
    writeRetryMs: integer(env, 'DB_WRITE_RETRY_MS', 0, 600_000),
    causalReads,
  };
}

export function parseDatabaseUrl(url: string): DatabaseConfig {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!path) throw new ConfigError(`DATABASE_URL must name a file after 'sqlite:' (got '${url}')`);
    return { type: 'sqlite', url, path };
  }
  if (/^postgres(ql)?:\/\//i.test(url)) return parsePostgresUrl(url);
  // The host list (`h1:3306,h2:3306`, as libpq and Connector/J write it) is not a URL host: it is split off
  // here, and the rest is read as a URL with the first node as its host.
  const parts = /^(mysql|mariadb):\/\/(?:([^@/?#]*)@)?([^/?#]*)(.*)$/i.exec(url);
  if (!parts) {
    throw new ConfigError(
      `DATABASE_URL must be ${MYSQL_URL_PATTERN}, ${POSTGRES_URL_PATTERN} or sqlite:path (got '${url}')`,
    );
  }
  const [, scheme, credentials, hostList, rest] = parts;
  const entries = hostList.split(',');
  // An empty host means 127.0.0.1 (as before), but not as one entry of a list.
  const empty = entries.length > 1 ? entries.find((entry) => !entry.trim()) : undefined;
  if (empty !== undefined) throw new ConfigError(`DATABASE_URL has a bad host:port '' (expected ${MYSQL_URL_PATTERN})`);
  const nodes = entries.map(parseNode);
  let parsed: URL;
  try {
    parsed = new URL(`${scheme}://${credentials === undefined ? '' : `${credentials}@`}placeholder${rest}`);
  } catch {
    throw new ConfigError(
      `DATABASE_URL must be ${MYSQL_URL_PATTERN}, ${POSTGRES_URL_PATTERN} or sqlite:path (got '${url}')`,
    );
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database) throw new ConfigError(`DATABASE_URL must name a database (got '${url}')`);
  const names = nodes.map((node) => `${node.host}:${node.port}`);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw new ConfigError(`DATABASE_URL lists the node ${repeated} twice`);
  return {
    type: 'mysql',
    url,
    host: nodes[0].host,
    port: nodes[0].port,
    username: decodeURIComponent(parsed.username || 'root'),
    password: decodeURIComponent(parsed.password),
    database,
    nodes,
  };
}

const POSTGRES_URL_PATTERN = 'postgres://user:pass@host:port/db';

/** `postgres://` or `postgresql://user:pass@host:port/db` (SPEC §16): one server; the user defaults to `postgres`, the port to 5432. */
function parsePostgresUrl(url: string): PostgresDatabaseConfig {
  if (/^[a-z]+:\/\/(?:[^@/?#]*@)?[^/?#]*,/i.test(url)) {
    throw new ConfigError('DATABASE_URL: a postgres:// URL names one server (several nodes are for a Galera cluster)');
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not the URL itself: it may hold a password.
    throw new ConfigError(`DATABASE_URL must be ${POSTGRES_URL_PATTERN} (a PostgreSQL URL that could not be read)`);
  }
  const port = parsed.port === '' ? 5432 : Number(parsed.port);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database) throw new ConfigError(`DATABASE_URL must name a database (expected ${POSTGRES_URL_PATTERN})`);
  return {
    type: 'postgres',
    url,
    host: parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port,
    username: decodeURIComponent(parsed.username || 'postgres'),
    password: decodeURIComponent(parsed.password),
    database,
  };
}

/** Bugzilla's default for its `maintainer` param. */
export const DEFAULT_MAINTAINER = 'THE MAINTAINER HAS NOT YET BEEN SET';

type FileParams = Partial<Record<keyof BugzillaParams, boolean>> & {
  maintainer?: string;
  lastVisitKeepDays?: number;
  /** Every parameter of the file, as text. */
  all: Record<string, string>;
};

/** Reads the Bugzilla params we use from a Bugzilla `data/params.json`. */
function readParamsFile(path: string): FileParams {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`BZ_PARAMS_FILE could not be read as JSON: ${path} (${(error as Error).message})`);
  }
  if (typeof json !== 'object' || json === null) throw new ConfigError(`BZ_PARAMS_FILE is not a JSON object: ${path}`);
  const params = json as Record<string, unknown>;
  const out: FileParams = { all: {} };
  for (const [key, raw] of Object.entries(params)) {
    const text = parameterText(raw);
    if (text !== undefined) out.all[key] = text;
  }
  for (const key of [
    'useqacontact',
    'or_groups',
    'makeproductgroups',
    'requirelogin',
    'useclassification',
    'allowbugdeletion',
  ] as const) {
    if (key in params) out[key] = ['1', 'true'].includes(String(params[key]).toLowerCase());
  }
  if (typeof params.maintainer === 'string' && params.maintainer.trim()) out.maintainer = params.maintainer.trim();
  if (/^\d+$/.test(out.all.last_visit_keep_days ?? '')) out.lastVisitKeepDays = Number(out.all.last_visit_keep_days);
  return out;
}

function param(env: Env, name: keyof typeof SETTINGS, fromFile: boolean | undefined): boolean {
  if (env[name] !== undefined && env[name] !== '') return bool(env, name);
  return fromFile ?? false;
}

/** The settings of SPEC §1 that the environment sets (for commands that pass them on, as `bugzilla-products`). */
export function settingsFromEnvironment(env: Env = process.env): Partial<Record<keyof typeof SETTINGS, string>> {
  const settings: Partial<Record<keyof typeof SETTINGS, string>> = {};
  for (const name of Object.keys(SETTINGS) as (keyof typeof SETTINGS)[]) {
    const raw = env[name];
    if (raw !== undefined && raw !== '') settings[name] = raw;
  }
  return settings;
}

/**
 * The environment with SETTINGS_FILE's settings under it (SPEC §17): a setting the environment gives
 * (not empty) wins over the file's. `strict`: a name in the file that is no setting of this service is
 * a ConfigError (a typo would otherwise be ignored); the reload supervisor, which runs the code it
 * started with, reads only HOST, PORT and WORKERS from it and leaves the rest to the new workers' code.
 */
function withSettingsFile(env: Env, strict: boolean): Env {
  const path = env.SETTINGS_FILE?.trim();
  if (!path) return env;
  let file: Record<string, string>;
  try {
    file = readSettingsFile(path);
  } catch (error) {
    if (error instanceof SettingsFileError) throw new ConfigError(error.message);
    throw error;
  }
  const merged: Env = { ...env };
  for (const [name, raw] of Object.entries(file)) {
    if (strict && (!(name in SETTINGS) || name === 'SETTINGS_FILE'))
      throw new ConfigError(`SETTINGS_FILE ${path}: ${name} is not a setting of this service`);
    if (env[name] === undefined || env[name] === '') merged[name] = raw;
  }
  return merged;
}

/**
 * Where the service listens, how many workers serve and the redirect listener (what the reload supervisor
 * reads at each reload).
 */
export function loadListenSettings(env: Env = process.env): Pick<AppConfig, 'host' | 'port' | 'workers' | 'redirect'> {
  const merged = withSettingsFile(env, false);
  return {
    host: value(merged, 'HOST'),
    port: integer(merged, 'PORT', 0, 65535),
    workers: integer(merged, 'WORKERS', 1, 256),
    redirect: redirectSettings(merged, value(merged, 'TLS_CERT_FILE') !== ''),
  };
}

/** TLS_CERT_FILE and TLS_KEY_FILE: both or neither; both name a pair that can serve now. */
function tlsPair(env: Env): CertificatePair | undefined {
  const certFile = value(env, 'TLS_CERT_FILE');
  const keyFile = value(env, 'TLS_KEY_FILE');
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) {
    throw new ConfigError(
      `TLS_CERT_FILE and TLS_KEY_FILE go together (only ${certFile ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE'} is set)`,
    );
  }
  return readCertificatePair(certFile, keyFile);
}

/** HTTP_REDIRECT_PORT (with TLS only: it redirects to it) and ACME_WEBROOT (with the redirect listener only). */
function redirectSettings(env: Env, https: boolean): RedirectSettings | undefined {
  const webroot = value(env, 'ACME_WEBROOT');
  if (!value(env, 'HTTP_REDIRECT_PORT')) {
    if (webroot)
      throw new ConfigError('ACME_WEBROOT needs HTTP_REDIRECT_PORT (the listener that serves the challenges)');
    return undefined;
  }
  if (!https) throw new ConfigError('HTTP_REDIRECT_PORT needs TLS_CERT_FILE and TLS_KEY_FILE (it redirects to HTTPS)');
  const port = integer(env, 'HTTP_REDIRECT_PORT', 1, 65535);
  if (port === integer(env, 'PORT', 0, 65535)) throw new ConfigError('HTTP_REDIRECT_PORT must differ from PORT');
  return { port, acmeWebroot: webroot || undefined };
}

/** Builds the typed configuration, or throws a ConfigError naming the bad setting. */
export function loadConfig(given: Env = process.env): AppConfig {
  const env = withSettingsFile(given, true);
  const paramsFile = value(env, 'BZ_PARAMS_FILE');
  const fileParams: FileParams = paramsFile ? readParamsFile(paramsFile) : { all: {} };
  const demoData = value(env, 'DEMO_DATA').toLowerCase();
  if (!['auto', 'true', 'false'].includes(demoData)) {
    throw new ConfigError(`DEMO_DATA must be auto, true or false (got '${demoData}')`);
  }
  const changeStreamSet = value(env, 'DB_CHANGE_STREAM').toLowerCase();
  if (!['auto', 'binlog', 'log', 'poll'].includes(changeStreamSet)) {
    throw new ConfigError(`DB_CHANGE_STREAM must be auto, binlog (or log) or poll (got '${changeStreamSet}')`);
  }
  // `log` says what `binlog` means on every database: the database's own log.
  const changeStream = changeStreamSet === 'log' ? 'binlog' : changeStreamSet;
  const changeStreamSlot = value(env, 'DB_CHANGE_STREAM_SLOT');
  if (!/^[a-z0-9_]{1,60}$/.test(changeStreamSlot)) {
    throw new ConfigError(
      `DB_CHANGE_STREAM_SLOT must be 1 to 60 lower-case letters, digits or underscores (got '${changeStreamSlot}')`,
    );
  }
  const logLevel = value(env, 'LOG_LEVEL').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got '${logLevel}')`);
  }
  const database = parseDatabaseUrl(value(env, 'DATABASE_URL'));
  const tls = tlsPair(env);
  if (changeStream === 'binlog' && database.type === 'sqlite') {
    throw new ConfigError(
      `DB_CHANGE_STREAM=${changeStreamSet} needs a MySQL/MariaDB or PostgreSQL DATABASE_URL (SQLite has no log to read)`,
    );
  }
  const params: BugzillaParams = {
    useqacontact: param(env, 'BZ_USEQACONTACT', fileParams.useqacontact),
    or_groups: param(env, 'BZ_OR_GROUPS', fileParams.or_groups),
    makeproductgroups: param(env, 'BZ_MAKEPRODUCTGROUPS', fileParams.makeproductgroups),
    requirelogin: param(env, 'BZ_REQUIRELOGIN', fileParams.requirelogin),
    useclassification: param(env, 'BZ_USECLASSIFICATION', fileParams.useclassification),
    allowbugdeletion: param(env, 'BZ_ALLOWBUGDELETION', fileParams.allowbugdeletion),
  };
  // The setting when given, else the file's `last_visit_keep_days`, else Bugzilla's default.
  const lastVisitKeepDays =
    env.BZ_LAST_VISIT_KEEP_DAYS === undefined || env.BZ_LAST_VISIT_KEEP_DAYS === ''
      ? (fileParams.lastVisitKeepDays ?? integer(env, 'BZ_LAST_VISIT_KEEP_DAYS', 0, 36500))
      : integer(env, 'BZ_LAST_VISIT_KEEP_DAYS', 0, 36500);
  const siteParameters: Record<string, string> = { ...BUGZILLA_PARAMETER_DEFAULTS, ...fileParams.all };
  for (const [name, on] of Object.entries(params)) siteParameters[name] = on ? '1' : '0';
  siteParameters.last_visit_keep_days = String(lastVisitKeepDays);
  return {
    database,
    host: value(env, 'HOST'),
    port: integer(env, 'PORT', 0, 65535),
    migrate: bool(env, 'DB_MIGRATE'),
    demoData: demoData as AppConfig['demoData'],
    params,
    maintainer: fileParams.maintainer ?? DEFAULT_MAINTAINER,
    siteParameters: Object.freeze(siteParameters),
    lastVisitKeepDays,
    cacheMaxStalenessMs: integer(env, 'CACHE_MAX_STALENESS_MS', 0, 3600000),
    cacheLoadTimeoutMs: integer(env, 'CACHE_LOAD_TIMEOUT_MS', 0, 86400000),
    changeStream: changeStream as AppConfig['changeStream'],
    changeStreamSlot,
    logLevel: logLevel as AppConfig['logLevel'],
    dbPoolSize: integer(env, 'DB_POOL_SIZE', 1, 1000),
    dbTimeoutMs:
      database.type === 'mysql' && database.nodes.length > 1 && !env.DB_TIMEOUT_MS?.trim()
        ? GALERA_DEFAULT_TIMEOUT_MS
        : integer(env, 'DB_TIMEOUT_MS', 100, 600000),
    trustProxy: trustProxy(env),
    metrics: bool(env, 'METRICS'),
    replicas: replicaUrls(env, database),
    dbReplicaMaxLagMs: integer(env, 'DB_REPLICA_MAX_LAG_MS', 0, 86_400_000),
    workers: integer(env, 'WORKERS', 1, 256),
    adminUi: bool(env, 'ADMIN_UI'),
    httpMaxHeaderBytes: integer(env, 'HTTP_MAX_HEADER_BYTES', MIN_HEADER_BYTES, MAX_HEADER_BYTES),
    httpHeadersTimeoutMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 1000, 600_000),
    httpRequestTimeoutMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 1000, 86_400_000),
    galera: galeraSettings(env, database),
    bugzillaUrl: bugzillaUrl(env),
    bugzillaTimeoutMs: integer(env, 'BUGZILLA_TIMEOUT_MS', 1, 86_400_000),
    compression: bool(env, 'COMPRESSION'),
    compressionCacheBytes: integer(env, 'COMPRESSION_CACHE_MB', 0, 65_536) * 1024 * 1024,
    tls,
    redirect: redirectSettings(env, tls !== undefined),
  };
}

/** BUGZILLA_URL as a base URL that relative paths resolve under (`http://bz/bugzilla` is `http://bz/bugzilla/`). */
function bugzillaUrl(env: Env): string | undefined {
  const raw = value(env, 'BUGZILLA_URL').trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`BUGZILLA_URL must be an http:// or https:// URL (got '${raw}')`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new ConfigError(
      `BUGZILLA_URL must be an http:// or https:// URL without credentials, query or fragment (got '${raw}')`,
    );
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}
