import { methodCall, readMethodResponse, xmlrpc } from './support/rpc-client.js';
import { forEachDialect, type TestApp } from './support/test-app.js';

/**
 * The transports themselves, as Bugzilla 5.2's servers answer (reference/bugzilla-rpc-responses.md):
 * JSON-RPC's 1.0/1.1/2.0 shapes, GET, JSONP and content types; XML-RPC's types, content types and
 * edge cases; and XML as an attack surface (DTDs, entities, depth, size, malformed input).
 */

const xml = (app: TestApp, body: string, contentType = 'text/xml') =>
  app.post('/xmlrpc.cgi', { rawBody: body, headers: { 'content-type': contentType } });

const faultOf = (text: string) => readMethodResponse(text).fault;

const call = (method: string, inner: string) =>
  `<?xml version="1.0"?><methodCall><methodName>${method}</methodName><params><param><value>${inner}</value></param></params></methodCall>`;

const JSON_TYPE = 'application/json; charset=UTF-8';

forEachDialect('JSON-RPC at /jsonrpc.cgi', (app) => {
  const post = (body: unknown, contentType = 'application/json') =>
    app().post('/jsonrpc.cgi', { rawBody: JSON.stringify(body), headers: { 'content-type': contentType } });

  it('1.0 shape: result, error null, id echoed (number or string); no CORS headers, no ETag', async () => {
    const res = await post({ method: 'Bugzilla.version', params: [{}], id: 7 });
    expect([res.status, res.text]).toEqual([200, '{"result":{"version":"5.2"},"error":null,"id":7}']);
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
    const withString = await post({ method: 'Bugzilla.version', params: [], id: 'abc' });
    expect(withString.body).toEqual({ result: { version: '5.2' }, error: null, id: 'abc' });
  });

  it('1.0 error: result null and {code, message}', async () => {
    const res = await post({ method: 'Product.create', params: [{ name: 'x' }], id: 1 });
    expect(res.body).toEqual({
      result: null,
      error: { code: 410, message: 'You must log in before using this part of Bugzilla.' },
      id: 1,
    });
  });

  it('"jsonrpc":"2.0" is answered in the 1.0 shape, and its params must be an array too', async () => {
    const ok = await post({ jsonrpc: '2.0', method: 'Bugzilla.version', params: [{}], id: 9 });
    expect(ok.text).toBe('{"result":{"version":"5.2"},"error":null,"id":9}');
    const object = await post({ jsonrpc: '2.0', method: 'Bugzilla.version', params: {}, id: 9 });
    expect(object.body).toEqual({
      result: null,
      error: { code: 100400, message: 'Invalid params for JSONRPC 1.0.' },
      id: 9,
    });
    const missing = await post({ method: 'Bugzilla.version', id: 11 });
    expect(missing.body.error).toEqual({ code: 100400, message: 'Invalid params for JSONRPC 1.0.' });
  });

  it('1.1 shape: version member, no id on success, a named error with the id', async () => {
    const ok = await post({ version: '1.1', method: 'Bugzilla.version', params: {}, id: 8 });
    expect(ok.text).toBe('{"version":"1.1","result":{"version":"5.2"}}');
    const error = await post({ version: '1.1', method: 'Product.nosuch', params: {}, id: 8 });
    expect(error.body).toEqual({
      version: '1.1',
      error: { name: 'JSONRPCError', code: 100302, message: "No such a method : 'Product.nosuch'." },
      id: 8,
    });
  });

  it('1.1 with params as an array: the methods that read no params run (credentials from its first element), the others fail', async () => {
    // Bugzilla 5.2 takes the credentials from the array's first element, then hands the method the
    // array itself: a method that reads no params answers, one that does dies (100500 "Not a HASH
    // reference"; here 100400 "Invalid params").
    const seed = app().seed;
    const hidden = await seed.group('ArrayHidden');
    const member = await seed.user('array-member@example.com', { groups: [hidden] });
    const key = await seed.apiKey(member);
    const product = await seed.product('ArrayParams');
    await seed.groupControl(hidden, product, { entry: false, membercontrol: 3, othercontrol: 3 });
    const version = await post({ version: '1.1', method: 'Bugzilla.version', params: [{}], id: 8 });
    expect(version.text).toBe('{"version":"1.1","result":{"version":"5.2"}}');
    for (const method of ['Product.get_accessible_products', 'Product.get_selectable_products']) {
      const asMember = await post({ version: '1.1', method, params: [{ Bugzilla_api_key: key }], id: 8 });
      expect(asMember.body.result.ids).toContain(product);
      const anonymous = await post({ version: '1.1', method, params: [], id: 8 });
      expect(anonymous.body.result.ids).not.toContain(product);
    }
    const bogus = await post({
      version: '1.1',
      method: 'Product.get_enterable_products',
      params: [{ Bugzilla_api_key: 'bogus' }],
      id: 8,
    });
    expect(bogus.body.error).toMatchObject({ name: 'JSONRPCError', code: 306 });
    const reads = await post({ version: '1.1', method: 'Product.get', params: [{ ids: [product] }], id: 8 });
    expect(reads.body.error).toEqual({
      name: 'JSONRPCError',
      code: 100400,
      message: 'Invalid params for JSONRPC 1.1.',
    });
  });

  it('no method (100300), an unknown method (100302), prototype names are unknown too', async () => {
    expect((await post({ params: [{}], id: 12 })).body.error).toEqual({ code: 100300, message: 'method is nothing.' });
    for (const method of ['Foo.bar', 'constructor', '__proto__', 'Product.get.x']) {
      const res = await post({ method, params: [{}], id: 1 });
      expect(res.body.error).toEqual({ code: 100302, message: `No such a method : '${method}'.` });
    }
  });

  it('a true version member other than 1.1 ("2.0", "1.0") is the 1.1 shape too, as JSON::RPC::Legacy tests only its truth', async () => {
    for (const version of ['2.0', '1.0', 2]) {
      const res = await post({ version, jsonrpc: '2.0', method: 'Bugzilla.version', params: {}, id: 3 });
      expect({ version, text: res.text }).toEqual({ version, text: '{"version":"1.1","result":{"version":"5.2"}}' });
    }
    for (const version of ['', '0', 0, null, false]) {
      const res = await post({ version, method: 'Bugzilla.version', params: [{}], id: 3 });
      expect({ version, text: res.text }).toEqual({
        version,
        text: '{"result":{"version":"5.2"},"error":null,"id":3}',
      });
    }
    const get = await app().get('/jsonrpc.cgi', {
      query: { method: 'Bugzilla.version', params: '{}', version: '2.0' },
    });
    expect(get.text).toBe('{"version":"1.1","result":{"version":"5.2"}}');
  });

  it('a 1.1 call without an id is answered (never a notification): result, or the named error without an id', async () => {
    for (const id of [undefined, null]) {
      const ok = await post({ version: '1.1', method: 'Bugzilla.version', params: {}, id });
      expect([ok.status, ok.text]).toEqual([200, '{"version":"1.1","result":{"version":"5.2"}}']);
      const error = await post({ version: '1.1', method: 'Product.nosuch', params: {}, id });
      expect([error.status, error.text]).toEqual([
        200,
        '{"version":"1.1","error":{"name":"JSONRPCError","code":100302,"message":"No such a method : \'Product.nosuch\'."}}',
      ]);
    }
  });

  it('a 1.0 call with its id omitted or null is a notification: the call runs, the answer is empty', async () => {
    for (const body of [
      { method: 'Bugzilla.version', params: [{}] },
      { method: 'Bugzilla.version', params: [{}], id: null },
    ]) {
      const res = await post(body);
      expect([res.status, res.text]).toEqual([200, '']);
    }
  });

  it('malformed JSON: 100201 in the 1.1 shape; a batch array: 400, never a 500', async () => {
    const bad = await app().post('/jsonrpc.cgi', {
      rawBody: '{"method":',
      headers: { 'content-type': 'application/json' },
    });
    expect([bad.status, bad.text]).toEqual([
      200,
      '{"version":"1.1","error":{"name":"JSONRPCError","code":100201,"message":"Can\'t parse JSON data."}}',
    ]);
    const batch = await post([{ method: 'Bugzilla.version', params: [{}], id: 1 }]);
    expect(batch.status).toBe(400);
    expect(batch.body.error.code).toBe(32000);
  });

  it("POST content types: only application/json(-rpc), any case and parameters (Bugzilla's CSRF guard)", async () => {
    const call = { method: 'Bugzilla.version', params: [{}], id: 1 };
    for (const type of ['application/json-rpc', 'application/json; charset=UTF-8', 'APPLICATION/JSON']) {
      expect((await post(call, type)).body.result).toEqual({ version: '5.2' });
    }
    for (const type of ['text/plain', 'text/xml']) {
      expect((await post(call, type)).body.error).toEqual({
        code: 32613,
        message: `When using JSON-RPC over POST, you cannot send data as ${type}. Only application/json and application/json-rpc are allowed.`,
      });
    }
    // A form body (and an untyped or empty one) never reaches JSON-RPC: 403 "No data.".
    for (const headers of [{ 'content-type': 'application/x-www-form-urlencoded' }, {}] as Record<string, string>[]) {
      const res = await app().post('/jsonrpc.cgi', { rawBody: JSON.stringify(call), headers });
      expect([res.status, res.text]).toEqual([403, 'No data.']);
    }
    const empty = await app().post('/jsonrpc.cgi', { rawBody: '', headers: { 'content-type': 'application/json' } });
    expect([empty.status, empty.text]).toEqual([403, 'No data.']);
    const put = await app().put('/jsonrpc.cgi', { body: call });
    expect([put.status, put.text]).toEqual([403, 'No data.']);
  });

  it('GET: method, params as a JSON array, id as a string (default: the base URL); version=1.1', async () => {
    const res = await app().get('/jsonrpc.cgi', {
      query: { method: 'Product.get_accessible_products', params: '[{}]', id: '1' },
    });
    expect(res.body).toEqual({ result: { ids: [] }, error: null, id: '1' });
    const noId = await app().get('/jsonrpc.cgi', { query: { method: 'Bugzilla.version' } });
    expect(noId.body).toEqual({ result: { version: '5.2' }, error: null, id: 'http://localhost:80/' });
    const v11 = await app().get('/jsonrpc.cgi', {
      query: { method: 'Bugzilla.version', params: '{}', version: '1.1' },
    });
    expect(v11.text).toBe('{"version":"1.1","result":{"version":"5.2"}}');
  });

  it('GET: no method, unreadable params, and methods outside READ_ONLY (32610)', async () => {
    const noMethod = await app().get('/jsonrpc.cgi', { query: { id: '4' } });
    expect(noMethod.body.error).toEqual({
      code: 32000,
      message:
        "When using JSON-RPC over GET, you must specify a 'method' parameter. See the documentation at " +
        'https://bugzilla.readthedocs.org/en/5.2/api/Bugzilla/WebService/Server/JSONRPC.html',
    });
    const badParams = await app().get('/jsonrpc.cgi', {
      query: { method: 'Product.get', params: '[{ids:1}', id: '5' },
    });
    expect(badParams.body.error.code).toBe(32000);
    expect(badParams.body.error.message).toMatch(/^Could not parse the 'params' argument as valid JSON\. Error: /);
    for (const method of ['Product.create', 'User.login', 'User.logout', 'BugUserLastVisit.get']) {
      const res = await app().get('/jsonrpc.cgi', { query: { method, id: '1' } });
      expect(res.body).toEqual({
        result: null,
        error: { code: 32610, message: `For security reasons, you must use HTTP POST to call the '${method}' method.` },
        id: '1',
      });
    }
    const head = await app().request('HEAD', '/jsonrpc.cgi', { query: { method: 'Bugzilla.version' } });
    expect(head.status).toBe(403);
  });

  it('JSONP on GET: /**/callback(answer) as text/javascript, errors too; bad callbacks get 32611', async () => {
    const ok = await app().get('/jsonrpc.cgi', {
      query: { method: 'Bugzilla.version', callback: 'cbs.list[0]', id: '1' },
    });
    expect(ok.headers['content-type']).toBe('text/javascript; charset=UTF-8');
    expect(ok.text).toBe('/**/cbs.list[0]({"result":{"version":"5.2"},"error":null,"id":"1"})');
    const error = await app().get('/jsonrpc.cgi', { query: { method: 'Product.create', callback: 'cb', id: '1' } });
    expect(error.text).toMatch(/^\/\*\*\/cb\(\{"result":null,"error":\{"code":32610,/);
    for (const callback of ['alert(1)', 'my-cb', '']) {
      const res = await app().get('/jsonrpc.cgi', { query: { method: 'Bugzilla.version', callback, id: '1' } });
      expect(res.headers['content-type']).toBe(JSON_TYPE);
      expect(res.body.error).toEqual({
        code: 32611,
        message:
          `You cannot use '${callback}' as your 'callback' parameter. For security reasons, only letters, numbers, ` +
          "and the following characters are allowed in the 'callback' parameter: []._",
      });
    }
    // On POST a callback URL parameter means nothing.
    const postCb = await app().post('/jsonrpc.cgi', {
      query: { callback: 'cb' },
      body: { method: 'Bugzilla.version', params: [{}], id: 1 },
    });
    expect(postCb.text).toBe('{"result":{"version":"5.2"},"error":null,"id":1}');
  });

  it('a body over 1 MiB: 413 with a JSON-RPC error, nothing read', async () => {
    const res = await app().post('/jsonrpc.cgi', {
      rawBody: JSON.stringify({ method: 'Bugzilla.version', params: [{ pad: 'x'.repeat(1024 * 1024) }], id: 1 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({ code: 32000, message: 'The request body is larger than the limit of 1 MiB.' });
  });
});

forEachDialect('XML-RPC at /xmlrpc.cgi', (app) => {
  it('answers HTTP 200 text/xml without CORS headers; GET, HEAD and an empty body answer 200 with nothing', async () => {
    const res = await xmlrpc(app(), 'Bugzilla.version');
    expect(res.response.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><methodResponse><params><param><value><struct><member><name>version</name>' +
        '<value><string>5.2</string></value></member></struct></value></param></params></methodResponse>',
    );
    expect(res.response.headers['content-type']).toBe('text/xml');
    expect(res.response.headers['access-control-allow-origin']).toBeUndefined();
    for (const method of ['GET', 'HEAD']) {
      const probe = await app().request(method, '/xmlrpc.cgi');
      expect([probe.status, probe.text]).toEqual([200, '']);
    }
    const empty = await xml(app(), '');
    expect([empty.status, empty.text]).toEqual([200, '']);
  });

  it('writes Bugzilla types: <int>, <boolean>, <string />, empty <array>/<struct>, <dateTime.iso8601>', async () => {
    const seed = app().seed;
    const owner = await seed.user('owner@example.com', { groups: ['editcomponents'] });
    const key = await seed.apiKey(owner);
    const product = await seed.product('Typed', { description: '' });
    const component = await seed.component(product, 'Comp', { owner, description: 'a < b & c\r\nd' });
    await seed.version(product, '1.0');
    const bug = await seed.bug({ product, component, reporter: owner, assignee: owner });

    const got = await xmlrpc(app(), 'Product.get', {
      ids: [product],
      include_fields: ['id', 'description', 'is_active', 'components', 'milestones'],
    });
    const text = got.response.text;
    expect(text).toContain(`<member><name>id</name><value><int>${product}</int></value></member>`);
    expect(text).toContain('<member><name>description</name><value><string /></value></member>');
    expect(text).toContain('<member><name>is_active</name><value><boolean>1</boolean></value></member>');
    expect(text).toContain('<value><string>a &lt; b &amp; c&#13;\nd</string></value>');
    expect(text).toContain('<member><name>milestones</name><value><array><data /></array></value></member>');
    expect(text).toContain(
      '<member><name>flag_types</name><value><struct><member><name>bug</name><value><array><data /></array>',
    );
    expect(got.value).toMatchObject({ products: [{ components: [{ description: 'a < b & c\r\nd' }] }] });

    const visit = await xmlrpc(app(), 'BugUserLastVisit.update', { Bugzilla_api_key: key, ids: [bug] });
    expect(visit.response.text).toMatch(
      new RegExp(
        `<member><name>id</name><value><int>${bug}</int></value></member><member><name>last_visit_ts</name><value><dateTime.iso8601>\\d{8}T\\d{2}:\\d{2}:\\d{2}</dateTime.iso8601></value></member>`,
      ),
    );
  });

  it('reads Bugzilla types: untyped strings, <i4>, empty <int> (left out), <boolean> 0/1, <nil/>, CDATA, character references', async () => {
    const seed = app().seed;
    const p = await seed.product('Ampersand & Co', { description: 'x' });
    const names = `<struct><member><name>names</name><value><array><data><value>Ampersand &amp; Co</value><value><string><![CDATA[Nope<]]></string></value></data></array></value></member><member><name>ids</name><value><int></int></value></member><member><name>include_fields</name><value><array><data><value>&#105;&#x64;</value><value><nil/></value></data></array></value></member></struct>`;
    const res = await xml(app(), call('Product.get', names));
    expect(readMethodResponse(res.text)).toEqual({ value: { products: [{ id: p }] } });
    const ids = await xml(
      app(),
      call(
        'Product.get',
        `<struct><member><name>ids</name><value><array><data><value><i4>${p}</i4></value></data></array></value></member><member><name>include_fields</name><value><array><data><value>name</value></data></array></value></member></struct>`,
      ),
    );
    expect(readMethodResponse(ids.text)).toEqual({ value: { products: [{ name: 'Ampersand & Co' }] } });
  });

  it("bad typed values: Bugzilla's -32600 xmlrpc_invalid_value", async () => {
    const intBody = call(
      'Product.get',
      '<struct><member><name>ids</name><value><int>abc</int></value></member></struct>',
    );
    expect(faultOf((await xml(app(), intBody)).text)).toEqual({
      code: -32600,
      message: '"abc" is not a valid value for a <int> field. (See the XML-RPC specification for details.)',
    });
    const boolBody = call(
      'Product.get',
      '<struct><member><name>x</name><value><boolean>2</boolean></value></member></struct>',
    );
    expect(faultOf((await xml(app(), boolBody)).text)?.code).toBe(-32600);
    const notStruct = call('Product.get', '<array><data><value><int>1</int></value></data></array>');
    expect(faultOf((await xml(app(), notStruct)).text)).toEqual({
      code: -32600,
      message: 'The request is not a valid XML-RPC call: the parameters must be given as one <struct>.',
    });
  });

  it('unknown methods: -32601 with the method named, never a file path (Bugzilla leaks @INC here)', async () => {
    for (const method of ['Product.nosuch', 'Foo.bar', 'nodot', 'Product._product_to_hash', 'hasOwnProperty']) {
      expect(faultOf((await xml(app(), methodCall(method, {}))).text)).toEqual({
        code: -32601,
        message: `The requested method '${method}' was not found.`,
      });
    }
  });

  it("content types: text/xml and application/xml in any case, with parameters; anything else 32612 (Bugzilla's CSRF guard)", async () => {
    for (const type of ['text/xml; charset=utf-8', 'TEXT/XML', 'application/xml']) {
      expect(readMethodResponse((await xml(app(), methodCall('Bugzilla.version'), type)).text).value).toEqual({
        version: '5.2',
      });
    }
    for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
      const res = await xml(app(), methodCall('Bugzilla.version'), type);
      expect([res.status, faultOf(res.text)]).toEqual([
        200,
        {
          code: 32612,
          message: `When using XML-RPC, you cannot send data as ${type}. Allowed content types are text/xml, application/xml.`,
        },
      ]);
    }
  });

  it('credentials in the params struct and in X-BUGZILLA-* headers', async () => {
    const seed = app().seed;
    const user = await seed.user('cred@example.com', { realname: 'Cred', password: 'cred-pass-1' });
    const key = await seed.apiKey(user);
    const who = { id: user, name: 'cred@example.com', real_name: 'Cred', login: 'cred@example.com' };
    expect((await xmlrpc(app(), 'User.whoami', { api_key: key })).value).toEqual(who);
    expect((await xmlrpc(app(), 'User.whoami', {}, { 'X-BUGZILLA-API-KEY': key })).value).toEqual(who);
    expect(
      (await xmlrpc(app(), 'User.whoami', { Bugzilla_login: 'cred@example.com', Bugzilla_password: 'cred-pass-1' }))
        .value,
    ).toEqual(who);
    expect((await xmlrpc(app(), 'User.whoami', { Bugzilla_api_key: 'bad' })).fault).toEqual({
      code: 306,
      message: 'The API key you specified is invalid. Please check that you typed it correctly.',
    });
    // A login-exempt method ignores a bad key, as Bugzilla does.
    expect((await xmlrpc(app(), 'Bugzilla.version', { Bugzilla_api_key: 'bad' })).value).toEqual({ version: '5.2' });
  });
});

forEachDialect('XML parsing is bounded and refuses DTDs and entities', (app) => {
  const BILLION_LAUGHS =
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
    Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('') +
    ']><methodCall><methodName>User.get</methodName><params><param><value><struct><member><name>names</name>' +
    '<value><array><data><value>&lol9;</value></data></array></value></member></struct></value></param></params></methodCall>';

  const XXE =
    '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><methodCall><methodName>User.get</methodName>' +
    '<params><param><value><struct><member><name>names</name><value><array><data><value>&xxe;</value></data></array>' +
    '</value></member></struct></value></param></params></methodCall>';

  const DTD_REFUSED = {
    code: -32700,
    message:
      'The request is not well-formed XML: document type declarations (DTDs) and entity declarations are not accepted.',
  };

  it('billion laughs: refused at once with a clean fault', async () => {
    const res = await xml(app(), BILLION_LAUGHS);
    expect([res.status, faultOf(res.text)]).toEqual([200, DTD_REFUSED]);
  });

  it('an external entity (file:///etc/passwd): refused, no file is read', async () => {
    const res = await xml(app(), XXE);
    expect([res.status, faultOf(res.text)]).toEqual([200, DTD_REFUSED]);
    expect(res.text).not.toContain('root:');
  });

  it('a DOCTYPE without entities and a parameter entity are refused as well', async () => {
    for (const body of [
      `<?xml version="1.0"?><!DOCTYPE methodCall SYSTEM "http://example.invalid/x.dtd">${methodCall('Bugzilla.version')}`,
      `<!DOCTYPE x [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>${methodCall('Bugzilla.version')}`,
    ]) {
      expect(faultOf((await xml(app(), body)).text)).toEqual(DTD_REFUSED);
    }
  });

  it('an undeclared entity reference is an error, not an empty string', async () => {
    const res = await xml(
      app(),
      call(
        'User.get',
        '<struct><member><name>names</name><value><array><data><value>&ref;</value></data></array></value></member></struct>',
      ),
    );
    expect(faultOf(res.text)).toEqual({
      code: -32700,
      message:
        "The request is not well-formed XML: the entity '&ref;' is not defined (only XML's predefined entities are).",
    });
  });

  it('malformed XML and non-XML: clean -32700 faults naming the place, never a path', async () => {
    const unclosed = await xml(
      app(),
      '<?xml version="1.0"?><methodCall><methodName>Bugzilla.version</methodName><params>',
    );
    expect(faultOf(unclosed.text)?.code).toBe(-32700);
    expect(faultOf(unclosed.text)?.message).toMatch(
      /^The request is not well-formed XML: .+ \(line \d+, column \d+\)$/,
    );
    const notXml = await xml(app(), 'this is not xml');
    expect(faultOf(notXml.text)?.code).toBe(-32700);
    const wrongRoot = await xml(app(), '<methodResponse/>');
    expect(faultOf(wrongRoot.text)).toEqual({
      code: -32600,
      message: 'The request is not a valid XML-RPC call: the root element must be <methodCall>.',
    });
  });

  it('nesting deeper than 64 elements, or more than 200 000 elements: refused before parsing', async () => {
    const deep = call(
      'Bugzilla.version',
      `${'<array><data><value>'.repeat(5000)}x${'</value></data></array>'.repeat(5000)}`,
    );
    expect(faultOf((await xml(app(), deep)).text)).toEqual({
      code: -32600,
      message: 'The request is not a valid XML-RPC call: elements are nested more than 64 deep.',
    });
    const many = call(
      'Bugzilla.version',
      `<struct><member><name>x</name><value><array><data>${'<v/>'.repeat(210_000)}</data></array></value></member></struct>`,
    );
    expect(faultOf((await xml(app(), many)).text)).toEqual({
      code: -32600,
      message: 'The request is not a valid XML-RPC call: more than 200000 elements.',
    });
  });

  it('a body over 1 MiB: 413 with a fault', async () => {
    const res = await xml(app(), call('Bugzilla.version', `<string>${'x'.repeat(1024 * 1024)}</string>`));
    expect([res.status, faultOf(res.text)]).toEqual([
      413,
      { code: 32000, message: 'The request body is larger than the limit of 1 MiB.' },
    ]);
  });

  it('a struct member named __proto__ is an ordinary parameter (no prototype pollution)', async () => {
    const res = await xml(
      app(),
      call(
        'Product.get',
        '<struct><member><name>__proto__</name><value><struct><member><name>polluted</name><value>1</value></member></struct></value></member></struct>',
      ),
    );
    expect(readMethodResponse(res.text)).toEqual({ value: { products: [] } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
