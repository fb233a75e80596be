import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUGZILLA_PARAMETER_DEFAULTS } from '../src/config/bugzilla-parameters.js';
import { formatBugzillaDateTime } from '../src/database/dialect.js';
import { PARAMETERS_LOGGED_IN } from '../src/server-info/server-info.service.js';
import { jsonrpc, jsonrpcGet, xmlrpc } from './support/rpc-client.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * Bugzilla.timezone, Bugzilla.parameters and Bugzilla.last_audit_time (Bugzilla/WebService/Bugzilla.pm)
 * over REST, XML-RPC and JSON-RPC: exact answers, who sees which parameters, where the values come
 * from, login exemptions and read-only marks. (test/rpc-parity.e2e-spec.ts compares the protocols
 * for every kind of caller.)
 */

const PASSWORD = 'reader-pass-1';

/** A site's data/params.json: the file's values are served, the BZ_* settings win over it. */
function paramsFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'bzp-site-params-')), 'params.json');
  writeFileSync(
    file,
    JSON.stringify({
      maintainer: 'bugmaster@example.com',
      urlbase: 'https://bugs.example.com/',
      maxattachmentsize: 4096,
      usetargetmilestone: '1',
      useqacontact: '0',
      requirelogin: '0',
      site_only_param: 'from the file',
    }),
  );
  return file;
}

interface Fixture {
  readerKey: string;
  tweakerKey: string;
}

async function seedFixture(app: TestApp): Promise<Fixture> {
  const reader = await app.seed.user('reader@example.com', { password: PASSWORD });
  // Bugzilla's baseline groups (the migrations' rows) include tweakparams.
  const tweaker = await app.seed.user('tweaker@example.com', { groups: ['tweakparams'] });
  return { readerKey: await app.seed.apiKey(reader), tweakerKey: await app.seed.apiKey(tweaker) };
}

/** The same call over the three protocols: REST's body, XML-RPC's and JSON-RPC's (POST, and GET when allowed) values. */
async function overEveryProtocol(app: TestApp, method: string, rest: string, params: Record<string, unknown>) {
  const query = params as Record<string, string | string[]>;
  const answers = {
    rest: await app.get(rest, { query }),
    xml: await xmlrpc(app, method, params),
    json: await jsonrpc(app, method, params),
    get: await jsonrpcGet(app, method, params),
  };
  return answers;
}

forEachDialect(
  'Bugzilla.timezone, Bugzilla.parameters and Bugzilla.last_audit_time',
  (app) => {
    let fx: Fixture;
    beforeAll(async () => {
      fx = await seedFixture(app());
    });

    it('Bugzilla.timezone answers +0000 on every protocol, JSON-RPC GET included; a bad API key is not looked at', async () => {
      const a = await overEveryProtocol(app(), 'Bugzilla.timezone', '/rest/timezone', { api_key: 'x'.repeat(40) });
      expect([a.rest.status, a.rest.body]).toEqual([200, { timezone: '+0000' }]);
      expect(a.xml.response.text).toContain('<name>timezone</name><value><string>+0000</string></value>');
      for (const answer of [a.xml, a.json, a.get])
        expect([answer.value, answer.fault]).toEqual([{ timezone: '+0000' }, undefined]);
    });

    it('anonymous callers get maintainer and requirelogin, from the params file', async () => {
      const a = await overEveryProtocol(app(), 'Bugzilla.parameters', '/rest/parameters', {});
      const expected = { parameters: { maintainer: 'bugmaster@example.com', requirelogin: '0' } };
      expect([a.rest.status, a.rest.body]).toEqual([200, expected]);
      for (const answer of [a.xml, a.json, a.get]) expect(answer.value).toEqual(expected);
    });

    it("logged-in users get the 31 parameters of Bugzilla's PARAMETERS_LOGGED_IN, every value a string", async () => {
      const res = await app().get('/rest/parameters', { query: { api_key: fx.readerKey } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.parameters)).toEqual(PARAMETERS_LOGGED_IN);
      expect(PARAMETERS_LOGGED_IN).toHaveLength(31);
      expect(res.body.parameters).toMatchObject({
        maintainer: 'bugmaster@example.com',
        urlbase: 'https://bugs.example.com/',
        maxattachmentsize: '4096',
        usetargetmilestone: '1',
        // The settings in force win over the file.
        useqacontact: '1',
        requirelogin: '0',
        useclassification: '0',
        cookiepath: '/',
        defaultpriority: '---',
        defaultseverity: 'enhancement',
        duplicate_or_move_bug_status: 'RESOLVED',
        emailregexpdesc: "A legal address must contain exactly one '@', and at least one '.' after the @.",
      });
      expect(Object.values(res.body.parameters).every((v) => typeof v === 'string')).toBe(true);
      const login = await xmlrpc(app(), 'Bugzilla.parameters', {
        Bugzilla_login: 'reader@example.com',
        Bugzilla_password: PASSWORD,
      });
      expect(login.value).toEqual(res.body);
    });

    it('members of tweakparams get every parameter, extra ones of the params file included', async () => {
      const res = await app().get('/rest/parameters', { query: { api_key: fx.tweakerKey } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.parameters)).toEqual(
        [...Object.keys(BUGZILLA_PARAMETER_DEFAULTS), 'site_only_param'].sort(),
      );
      expect(res.body.parameters).toMatchObject({
        site_only_param: 'from the file',
        smtpserver: 'localhost',
        shadowdbport: '3306',
      });
      const json = await jsonrpc(app(), 'Bugzilla.parameters', { api_key: fx.tweakerKey });
      expect(json.value).toEqual(res.body);
    });

    it('include_fields and exclude_fields narrow the list (REST splits a single value on commas)', async () => {
      const rest = await app().get('/rest/parameters', {
        query: { api_key: fx.readerKey, include_fields: 'urlbase,maintainer,smtpserver', exclude_fields: 'maintainer' },
      });
      expect([rest.status, rest.body]).toEqual([200, { parameters: { urlbase: 'https://bugs.example.com/' } }]);
      const xml = await xmlrpc(app(), 'Bugzilla.parameters', {
        api_key: fx.readerKey,
        include_fields: ['urlbase', 'maintainer'],
      });
      expect(xml.value).toEqual({
        parameters: { maintainer: 'bugmaster@example.com', urlbase: 'https://bugs.example.com/' },
      });
      const none = await app().get('/rest/parameters', { query: { include_fields: 'urlbase' } });
      expect(none.body).toEqual({ parameters: {} });
    });

    it('credentials sent to Bugzilla.parameters are checked: a bad API key is 306, a wrong password 300', async () => {
      const key = await app().get('/rest/parameters', { query: { api_key: 'x'.repeat(40) } });
      expect([key.status, key.body.code]).toEqual([400, 306]);
      const json = await jsonrpc(app(), 'Bugzilla.parameters', {
        Bugzilla_login: 'reader@example.com',
        Bugzilla_password: 'nope',
      });
      expect(json.fault?.code).toBe(300);
      await app().rows('DELETE FROM login_failure');
    });

    it('Bugzilla.last_audit_time: null while audit_log is empty (XML-RPC leaves the member out)', async () => {
      await app().rows('DELETE FROM audit_log');
      const rest = await app().get('/rest/last_audit_time');
      expect([rest.status, rest.body]).toEqual([200, { last_audit_time: null }]);
      const xml = await xmlrpc(app(), 'Bugzilla.last_audit_time');
      expect(xml.value).toEqual({});
      const json = await jsonrpc(app(), 'Bugzilla.last_audit_time');
      expect(json.value).toEqual({ last_audit_time: null });
    });

    it('Bugzilla.last_audit_time: the newest at_time of the given classes, of all when none is valid', async () => {
      await app().rows(
        `INSERT INTO audit_log (user_id, class, object_id, field, removed, added, at_time) VALUES
           (NULL, 'Bugzilla::Product', 1, '__create__', NULL, 'A', '2026-01-02 03:04:05'),
           (NULL, 'Bugzilla::Product', 1, 'name', 'A', 'B', '2026-02-03 04:05:06'),
           (NULL, 'Bugzilla::Version', 1, '__create__', NULL, '1.0', '2026-03-04 05:06:07'),
           (NULL, 'Bugzilla::Component', 1, '__create__', NULL, 'C', '2025-12-31 23:59:59')`,
      );
      const at = async (query: Record<string, string | string[]>) =>
        (await app().get('/rest/last_audit_time', { query })).body;
      expect(await at({ class: 'Bugzilla::Product' })).toEqual({ last_audit_time: '2026-02-03T04:05:06Z' });
      expect(await at({ class: ['Bugzilla::Component', 'Bugzilla::Product'] })).toEqual({
        last_audit_time: '2026-02-03T04:05:06Z',
      });
      expect(await at({ class: 'Bugzilla::Component' })).toEqual({ last_audit_time: '2025-12-31T23:59:59Z' });
      expect(await at({})).toEqual({ last_audit_time: '2026-03-04T05:06:07Z' });
      // Names that are not Bugzilla class names are dropped; none left means every class.
      expect(await at({ class: ["Bugzilla::Product' OR 1=1 --", 'Product'] })).toEqual({
        last_audit_time: '2026-03-04T05:06:07Z',
      });
      expect(await at({ class: 'Bugzilla::Nothing' })).toEqual({ last_audit_time: null });

      const xml = await xmlrpc(app(), 'Bugzilla.last_audit_time', { class: ['Bugzilla::Product'] });
      expect(xml.response.text).toContain(
        '<name>last_audit_time</name><value><dateTime.iso8601>20260203T04:05:06</dateTime.iso8601></value>',
      );
      const json = await jsonrpc(app(), 'Bugzilla.last_audit_time', { class: ['Bugzilla::Version'] });
      expect(json.value).toEqual({ last_audit_time: '2026-03-04T05:06:07Z' });
    });

    it('Bugzilla.last_audit_time is not read-only in Bugzilla: JSON-RPC over GET is refused (32610)', async () => {
      const get = await jsonrpcGet(app(), 'Bugzilla.last_audit_time', {});
      expect(get.fault).toEqual({
        code: 32610,
        message: "For security reasons, you must use HTTP POST to call the 'Bugzilla.last_audit_time' method.",
      });
    });

    it('products written through the API move last_audit_time for Bugzilla::Product', async () => {
      const admin = await app().seed.user('admin@example.com', { groups: ['editcomponents'] });
      const key = await app().seed.apiKey(admin);
      const before = (await app().get('/rest/last_audit_time', { query: { class: 'Bugzilla::Product' } })).body;
      const created = await app().post('/rest/product', {
        query: { api_key: key },
        body: { name: 'Audited', description: 'x', version: '1.0' },
      });
      expect(created.status).toBe(201);
      const after = (await app().get('/rest/last_audit_time', { query: { class: 'Bugzilla::Product' } })).body;
      expect(after.last_audit_time > before.last_audit_time).toBe(true);
      const [row] = await app().rows("SELECT MAX(at_time) AS at FROM audit_log WHERE class = 'Bugzilla::Product'");
      expect(after.last_audit_time).toBe(formatBugzillaDateTime(row.at));
    });
  },
  { BZ_PARAMS_FILE: paramsFile(), BZ_USEQACONTACT: '1' },
);

forEachDialect(
  'Bugzilla.parameters and Bugzilla.timezone while requirelogin is on',
  (app) => {
    it('they answer anonymous callers (login-exempt); last_audit_time asks for a login (410)', async () => {
      const params = await app().get('/rest/parameters');
      expect([params.status, params.body]).toEqual([200, { parameters: { maintainer: '', requirelogin: '1' } }]);
      const tz = await xmlrpc(app(), 'Bugzilla.timezone');
      expect(tz.value).toEqual({ timezone: '+0000' });
      const audit = await app().get('/rest/last_audit_time');
      expect([audit.status, audit.body.code]).toEqual([401, 410]);
      const json = await jsonrpc(app(), 'Bugzilla.last_audit_time');
      expect(json.fault?.code).toBe(410);
    });
  },
  { BZ_REQUIRELOGIN: '1' },
);
