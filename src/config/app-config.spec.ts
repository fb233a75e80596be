import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, loadListenSettings } from './app-config.js';
import { BUGZILLA_PARAMETER_DEFAULTS } from './bugzilla-parameters.js';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      database: { type: 'sqlite', url: 'sqlite:data/bugzilla.sqlite', path: 'data/bugzilla.sqlite' },
      host: '127.0.0.1',
      port: 3000,
      migrate: true,
      demoData: 'auto',
      params: {
        useqacontact: false,
        or_groups: false,
        makeproductgroups: false,
        requirelogin: false,
        useclassification: false,
        allowbugdeletion: false,
      },
      maintainer: 'THE MAINTAINER HAS NOT YET BEEN SET',
      siteParameters: BUGZILLA_PARAMETER_DEFAULTS,
      lastVisitKeepDays: 10,
      cacheMaxStalenessMs: 1000,
      cacheLoadTimeoutMs: 300000,
      changeStream: 'auto',
      changeStreamSlot: 'bugzilla_products',
      logLevel: 'info',
      dbPoolSize: 10,
      dbTimeoutMs: 5000,
      trustProxy: false,
      metrics: true,
      replicas: [],
      dbReplicaMaxLagMs: 5000,
      workers: 1,
      adminUi: true,
      httpMaxHeaderBytes: 262144,
      httpHeadersTimeoutMs: 60000,
      httpRequestTimeoutMs: 60000,
      galera: { start: 'first', failback: false, writeRetryMs: 10000, causalReads: false },
      bugzillaUrl: undefined,
      bugzillaTimeoutMs: 300000,
      compression: true,
      compressionCacheBytes: 64 * 1024 * 1024,
    });
  });

  it('reads BUGZILLA_URL as a base URL ending in a slash, and its timeout', () => {
    expect(loadConfig({ BUGZILLA_URL: 'http://127.0.0.1:8090' }).bugzillaUrl).toBe('http://127.0.0.1:8090/');
    expect(loadConfig({ BUGZILLA_URL: 'http://bz.internal/bugzilla' }).bugzillaUrl).toBe(
      'http://bz.internal/bugzilla/',
    );
    expect(loadConfig({ BUGZILLA_URL: 'https://bz.internal/bugzilla/' }).bugzillaUrl).toBe(
      'https://bz.internal/bugzilla/',
    );
    expect(loadConfig({ BUGZILLA_TIMEOUT_MS: '2500' }).bugzillaTimeoutMs).toBe(2500);
    expect(loadConfig({ COMPRESSION: 'false' }).compression).toBe(false);
    expect(loadConfig({ COMPRESSION_CACHE_MB: '0' }).compressionCacheBytes).toBe(0);
    expect(loadConfig({ COMPRESSION_CACHE_MB: '8' }).compressionCacheBytes).toBe(8 * 1024 * 1024);
    expect(() => loadConfig({ COMPRESSION_CACHE_MB: '-1' })).toThrow(/COMPRESSION_CACHE_MB/);
    for (const bad of ['bz.internal', 'ftp://bz/', 'http://u:p@bz/', 'http://bz/?a=1']) {
      expect(() => loadConfig({ BUGZILLA_URL: bad })).toThrow(/^BUGZILLA_URL must be/);
    }
    expect(() => loadConfig({ BUGZILLA_TIMEOUT_MS: '0' })).toThrow(/^BUGZILLA_TIMEOUT_MS must be/);
  });

  it('reads the replica URLs, the lag limit and the number of workers', () => {
    const config = loadConfig({
      DATABASE_URL: 'mysql://bugs:pw@primary:3306/bugs',
      DATABASE_REPLICA_URLS: ' mysql://ro:pw@replica1/bugs , mysql://ro:pw@replica2:3307/bugs,',
      DB_REPLICA_MAX_LAG_MS: '2000',
      WORKERS: '4',
    });
    expect(config.replicas.map((r) => `${r.username}@${r.host}:${r.port}/${r.database}`)).toEqual([
      'ro@replica1:3306/bugs',
      'ro@replica2:3307/bugs',
    ]);
    expect(config.dbReplicaMaxLagMs).toBe(2000);
    expect(config.workers).toBe(4);
  });

  it('takes PostgreSQL standbys as the replicas of a PostgreSQL primary', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://bugs:pw@primary/bugs',
      DATABASE_REPLICA_URLS: 'postgres://ro:pw@standby1/bugs,postgresql://ro@standby2:5433/bugs',
    });
    expect(config.replicas.map((r) => `${r.type} ${r.username}@${r.host}:${r.port}/${r.database}`)).toEqual([
      'postgres ro@standby1:5432/bugs',
      'postgres ro@standby2:5433/bugs',
    ]);
  });

  it('reads a MySQL URL into its parts', () => {
    expect(loadConfig({ DATABASE_URL: 'mysql://bugs:s%40cret@db.local:3307/bugs' }).database).toEqual({
      type: 'mysql',
      url: 'mysql://bugs:s%40cret@db.local:3307/bugs',
      host: 'db.local',
      port: 3307,
      username: 'bugs',
      password: 's@cret',
      database: 'bugs',
      nodes: [{ host: 'db.local', port: 3307 }],
    });
  });

  it('reads a PostgreSQL URL (postgres:// or postgresql://) into its parts, with libpq defaults for the user and port', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://bugs:s%40cret@db.local:5433/bugs' }).database).toEqual({
      type: 'postgres',
      url: 'postgres://bugs:s%40cret@db.local:5433/bugs',
      host: 'db.local',
      port: 5433,
      username: 'bugs',
      password: 's@cret',
      database: 'bugs',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.local/bugs' }).database).toMatchObject({
      type: 'postgres',
      port: 5432,
      username: 'postgres',
      password: '',
    });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://h1:5432,h2:5432/bugs' })).toThrow(/names one server/);
    // PostgreSQL's own log is its logical decoding.
    expect(loadConfig({ DATABASE_URL: 'postgres://h/bugs', DB_CHANGE_STREAM: 'log' }).changeStream).toBe('binlog');
  });

  it('reads several host:port (Galera nodes) in their order, and fits DB_TIMEOUT_MS to Galera eviction', () => {
    const config = loadConfig({ DATABASE_URL: 'mysql://bugs:pw@db1:3306,db2,[fd00::3]:3307/bugs?x=1' });
    expect(config.database).toMatchObject({
      type: 'mysql',
      host: 'db1',
      port: 3306,
      username: 'bugs',
      password: 'pw',
      database: 'bugs',
      nodes: [
        { host: 'db1', port: 3306 },
        { host: 'db2', port: 3306 },
        { host: 'fd00::3', port: 3307 },
      ],
    });
    expect(config.dbTimeoutMs).toBe(10000);
    expect(loadConfig({ DATABASE_URL: 'mysql://u@a,b/bugs', DB_TIMEOUT_MS: '7000' }).dbTimeoutMs).toBe(7000);
    expect(loadConfig({ DATABASE_URL: 'mysql://u@a/bugs' }).dbTimeoutMs).toBe(5000);
  });

  it("takes `log` for the database's own log (what `binlog` means on every database), and the slot's name", () => {
    const config = loadConfig({
      DATABASE_URL: 'mysql://u@a/bugs',
      DB_CHANGE_STREAM: 'LOG',
      DB_CHANGE_STREAM_SLOT: 'bzp_site2',
    });
    expect([config.changeStream, config.changeStreamSlot]).toEqual(['binlog', 'bzp_site2']);
  });

  it('reads the Galera settings', () => {
    expect(
      loadConfig({
        DATABASE_URL: 'mysql://u@a,b/bugs',
        DB_NODE_START: 'random',
        DB_NODE_FAILBACK: 'true',
        DB_WRITE_RETRY_MS: '3000',
        DB_CAUSAL_READS: '1',
      }).galera,
    ).toEqual({ start: 'random', failback: true, writeRetryMs: 3000, causalReads: true });
  });

  it.each([
    [{ PORT: 'eighty' }, /^PORT must be an integer/],
    [{ PORT: '70000' }, /^PORT must be an integer from 0 to 65535/],
    [{ DB_MIGRATE: 'maybe' }, /^DB_MIGRATE must be true or false/],
    [{ DEMO_DATA: 'sometimes' }, /^DEMO_DATA must be auto, true or false/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
    [{ DB_CHANGE_STREAM: 'sometimes' }, /^DB_CHANGE_STREAM must be auto, binlog \(or log\) or poll/],
    [{ DB_CHANGE_STREAM: 'binlog' }, /^DB_CHANGE_STREAM=binlog needs a MySQL\/MariaDB or PostgreSQL DATABASE_URL/],
    [{ DB_CHANGE_STREAM: 'log' }, /^DB_CHANGE_STREAM=log needs a MySQL\/MariaDB or PostgreSQL DATABASE_URL/],
    [{ DB_CHANGE_STREAM_SLOT: 'Bugzilla-Products' }, /^DB_CHANGE_STREAM_SLOT must be 1 to 60 lower-case letters/],
    [{ DATABASE_URL: 'pgsql://x/y' }, /^DATABASE_URL must be mysql:/],
    [{ DATABASE_URL: 'postgres://x' }, /^DATABASE_URL must name a database/],
    [{ DATABASE_URL: 'mysql://root@localhost' }, /^DATABASE_URL must name a database/],
    [{ BZ_OR_GROUPS: '2' }, /^BZ_OR_GROUPS must be true or false/],
    [{ BZ_LAST_VISIT_KEEP_DAYS: '-1' }, /^BZ_LAST_VISIT_KEEP_DAYS must be an integer/],
    [{ CACHE_MAX_STALENESS_MS: 'x' }, /^CACHE_MAX_STALENESS_MS must be an integer/],
    [{ BZ_PARAMS_FILE: '/no/such/params.json' }, /^BZ_PARAMS_FILE could not be read/],
    [
      { DATABASE_REPLICA_URLS: 'mysql://r/bugs' },
      /^DATABASE_REPLICA_URLS needs a mysql:\/\/ or postgres:\/\/ DATABASE_URL/,
    ],
    [
      { DATABASE_URL: 'postgres://p/bugs', DATABASE_REPLICA_URLS: 'postgres://r/bugs,mysql://r/bugs' },
      /^DATABASE_REPLICA_URLS must be comma-separated postgres:.* \(entry 2 is not\)$/,
    ],
    [
      { DATABASE_URL: 'mysql://p/bugs', DATABASE_REPLICA_URLS: 'mysql://r/bugs,sqlite:x' },
      /^DATABASE_REPLICA_URLS must be comma-separated mysql:.* \(entry 2 is not\)$/,
    ],
    [{ DATABASE_URL: 'mysql://p/bugs', DATABASE_REPLICA_URLS: 'mysql://r' }, /^DATABASE_REPLICA_URLS must be/],
    [{ DB_REPLICA_MAX_LAG_MS: 'soon' }, /^DB_REPLICA_MAX_LAG_MS must be an integer/],
    [{ WORKERS: '0' }, /^WORKERS must be an integer from 1 to 256/],
    [{ HTTP_MAX_HEADER_BYTES: '8192' }, /^HTTP_MAX_HEADER_BYTES must be an integer from 16384 to 16777216/],
    [{ HTTP_MAX_HEADER_BYTES: '256k' }, /^HTTP_MAX_HEADER_BYTES must be an integer/],
    [{ ADMIN_UI: 'perhaps' }, /^ADMIN_UI must be true or false/],
    [{ DATABASE_URL: 'mysql://u@a:3306,b:99999/bugs' }, /^DATABASE_URL has a bad host:port 'b:99999'/],
    [{ DATABASE_URL: 'mysql://u@a:3306,,b/bugs' }, /^DATABASE_URL has a bad host:port ''/],
    [{ DATABASE_URL: 'mysql://u@a:3306,a/bugs' }, /^DATABASE_URL lists the node a:3306 twice/],
    [{ DB_NODE_START: 'last' }, /^DB_NODE_START must be first or random/],
    [{ DB_NODE_FAILBACK: 'later' }, /^DB_NODE_FAILBACK must be true or false/],
    [{ DB_WRITE_RETRY_MS: '-5' }, /^DB_WRITE_RETRY_MS must be an integer from 0 to 600000/],
    [{ DB_CAUSAL_READS: 'true' }, /^DB_CAUSAL_READS needs a mysql:\/\/ DATABASE_URL/],
    [
      { TLS_CERT_FILE: '/etc/ssl/site.pem' },
      /^TLS_CERT_FILE and TLS_KEY_FILE go together \(only TLS_CERT_FILE is set\)$/,
    ],
    [
      { TLS_CERT_FILE: '/nonexistent/site.pem', TLS_KEY_FILE: '/nonexistent/site.key' },
      /^TLS_CERT_FILE \/nonexistent\/site.pem cannot be read \(ENOENT\)$/,
    ],
    [{ HTTP_REDIRECT_PORT: '80' }, /^HTTP_REDIRECT_PORT needs TLS_CERT_FILE and TLS_KEY_FILE/],
    [{ ACME_WEBROOT: '/var/www/acme' }, /^ACME_WEBROOT needs HTTP_REDIRECT_PORT/],
  ])('rejects %o with a one-line error naming the setting', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reads TRUST_PROXY as a switch or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16 ::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
    for (const bad of ['maybe', '2', '10.0.0.1/40', 'proxy.example.com', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^TRUST_PROXY must be/);
    }
  });

  it("reads Bugzilla's params from data/params.json, and the environment wins over the file", () => {
    const dir = mkdtempSync(join(tmpdir(), 'bzp-params-'));
    const file = join(dir, 'params.json');
    writeFileSync(
      file,
      JSON.stringify({
        useqacontact: '1',
        or_groups: 1,
        makeproductgroups: '0',
        requirelogin: '1',
        useclassification: '1',
        allowbugdeletion: 1,
        maintainer: 'bugmaster@example.com',
      }),
    );
    expect(loadConfig({ BZ_PARAMS_FILE: file }).maintainer).toBe('bugmaster@example.com');
    expect(loadConfig({ BZ_PARAMS_FILE: file }).params).toEqual({
      useqacontact: true,
      or_groups: true,
      makeproductgroups: false,
      requirelogin: true,
      useclassification: true,
      allowbugdeletion: true,
    });
    expect(
      loadConfig({
        BZ_PARAMS_FILE: file,
        BZ_REQUIRELOGIN: '0',
        BZ_MAKEPRODUCTGROUPS: '1',
        BZ_ALLOWBUGDELETION: 'false',
      }).params,
    ).toEqual({
      useqacontact: true,
      or_groups: true,
      makeproductgroups: true,
      requirelogin: false,
      useclassification: true,
      allowbugdeletion: false,
    });
  });

  it("serves every Bugzilla parameter: Bugzilla's default, else the file's value (as text), else the setting in force", () => {
    const dir = mkdtempSync(join(tmpdir(), 'bzp-params-'));
    const file = join(dir, 'params.json');
    writeFileSync(
      file,
      JSON.stringify({
        maintainer: 'bugmaster@example.com',
        urlbase: 'https://bugs.example.com/',
        maxattachmentsize: 2048,
        usetargetmilestone: true,
        requirelogin: '1',
        last_visit_keep_days: '30',
        site_extension_param: 'kept',
        nested: { ignored: true },
      }),
    );
    const site = loadConfig({ BZ_PARAMS_FILE: file, BZ_REQUIRELOGIN: 'false', BZ_USEQACONTACT: 'true' }).siteParameters;
    expect(Object.keys(site).sort()).toEqual(
      [...Object.keys(BUGZILLA_PARAMETER_DEFAULTS), 'site_extension_param'].sort(),
    );
    expect(site).toMatchObject({
      maintainer: 'bugmaster@example.com',
      urlbase: 'https://bugs.example.com/',
      maxattachmentsize: '2048',
      usetargetmilestone: '1',
      requirelogin: '0',
      useqacontact: '1',
      last_visit_keep_days: '30',
      site_extension_param: 'kept',
      cookiepath: '/',
      defaultpriority: '---',
    });
    expect(loadConfig({ BZ_PARAMS_FILE: file }).lastVisitKeepDays).toBe(30);
    expect(loadConfig({ BZ_PARAMS_FILE: file, BZ_LAST_VISIT_KEEP_DAYS: '5' }).siteParameters.last_visit_keep_days).toBe(
      '5',
    );
    expect(Object.values(BUGZILLA_PARAMETER_DEFAULTS).every((v) => typeof v === 'string')).toBe(true);
  });
});

describe('SETTINGS_FILE', () => {
  const file = (text: string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'settings-')), 'bugzilla-products.env');
    writeFileSync(path, text);
    return path;
  };

  it("reads the file's settings under the environment's: a setting the environment gives (not empty) wins", () => {
    const path = file('PORT=4001\nCACHE_MAX_STALENESS_MS=250\nHOST=0.0.0.0\nWORKERS=3\n');
    const config = loadConfig({ SETTINGS_FILE: path, PORT: '4002', HOST: '' });
    expect([config.port, config.cacheMaxStalenessMs, config.host, config.workers]).toEqual([4002, 250, '0.0.0.0', 3]);
    expect(loadListenSettings({ SETTINGS_FILE: path, PORT: '4002' })).toEqual({
      host: '0.0.0.0',
      port: 4002,
      workers: 3,
      redirect: undefined,
    });
  });

  it('refuses a name that is no setting of the service, a bad value in it, and a file it cannot read', () => {
    expect(() => loadConfig({ SETTINGS_FILE: file('CACHE_MAX_STALENES_MS=1\n') })).toThrow(ConfigError);
    expect(() => loadConfig({ SETTINGS_FILE: file('CACHE_MAX_STALENESS_MS=soon\n') })).toThrow(
      new ConfigError("CACHE_MAX_STALENESS_MS must be an integer from 0 to 3600000 (got 'soon')"),
    );
    expect(() => loadConfig({ SETTINGS_FILE: '/nonexistent/settings.env' })).toThrow(
      new ConfigError('SETTINGS_FILE could not be read: /nonexistent/settings.env (ENOENT)'),
    );
  });

  it('reads .env.example as it is (it is in the same format)', () => {
    expect(loadConfig({ SETTINGS_FILE: '.env.example' }).port).toBe(3000);
  });
});
