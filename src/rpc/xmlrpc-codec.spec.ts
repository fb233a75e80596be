import { RpcFault } from './rpc-fault.js';
import {
  checkXmlBounds,
  decodeEntities,
  escapeXml,
  faultResponse,
  methodResponse,
  methodResponsePieces,
  parseMethodCall,
} from './xmlrpc-codec.js';

const call = (value: string, method = 'Product.get') =>
  `<?xml version='1.0'?>\n<methodCall>\n<methodName>${method}</methodName>\n<params>\n<param>\n<value>${value}</value>\n</param>\n</params>\n</methodCall>`;

const faultOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof RpcFault) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('no fault');
};

describe('parseMethodCall', () => {
  it("reads Python's xmlrpc.client layout: struct, arrays, every scalar type", () => {
    const xml = call(
      '<struct>\n<member>\n<name>ids</name>\n<value><array><data>\n<value><int>1</int></value>\n<value><i4>-2</i4></value>\n</data></array></value>\n</member>\n' +
        '<member><name>flag</name><value><boolean>0</boolean></value></member>' +
        '<member><name>ratio</name><value><double>1.5</double></value></member>' +
        '<member><name>when</name><value><dateTime.iso8601>20261123T08:28:58</dateTime.iso8601></value></member>' +
        '<member><name>zoned</name><value><dateTime.iso8601>2026-11-23T10:28:58+02:00</dateTime.iso8601></value></member>' +
        '<member><name>blob</name><value><base64>aMOpbGxv</base64></value></member>' +
        '<member><name>plain</name><value>  spaced  </value></member>' +
        '<member><name>empty</name><value><string/></value></member>' +
        '</struct>',
    );
    expect(parseMethodCall(xml)).toEqual({
      methodName: 'Product.get',
      params: {
        ids: [1, -2],
        flag: false,
        ratio: '1.5',
        when: '2026-11-23T08:28:58Z',
        zoned: '2026-11-23T08:28:58Z',
        blob: 'héllo',
        plain: '  spaced  ',
        empty: '',
      },
    });
  });

  it('no params is an empty struct; empty <int> and <nil/> members are left out (Bugzilla: undef)', () => {
    expect(
      parseMethodCall('<methodCall><methodName>Bugzilla.version</methodName><params></params></methodCall>'),
    ).toEqual({ methodName: 'Bugzilla.version', params: {} });
    expect(
      parseMethodCall(
        call(
          '<struct><member><name>a</name><value><int></int></value></member><member><name>b</name><value><nil/></value></member></struct>',
        ),
      ).params,
    ).toEqual({});
  });

  it('decodes the predefined entities, numeric references and CDATA, nothing else', () => {
    expect(decodeEntities('a &amp; b &lt;&gt;&quot;&apos; &#65;&#x42;&#xd;')).toBe('a & b <>"\' AB\r');
    expect(() => decodeEntities('&nbsp;')).toThrow(RpcFault);
    expect(() => decodeEntities('&#0;')).toThrow(RpcFault);
    expect(() => decodeEntities('a & b')).toThrow(RpcFault);
    const cdata = parseMethodCall(
      call('<struct><member><name>n</name><value><string><![CDATA[<&amp;>]]></string></value></member></struct>'),
    );
    expect(cdata.params).toEqual({ n: '<&amp;>' });
  });

  it('refuses DTDs before parsing, and bounds depth and element count', () => {
    expect(faultOf(() => checkXmlBounds('<!DOCTYPE a [<!ENTITY b "c">]><a/>')).code).toBe(-32700);
    expect(faultOf(() => checkXmlBounds('<a><!ENTITY b "c"></a>')).code).toBe(-32700);
    expect(faultOf(() => checkXmlBounds(`${'<a>'.repeat(65)}${'</a>'.repeat(65)}`)).message).toMatch(
      /nested more than 64/,
    );
    expect(() => checkXmlBounds(`${'<a>'.repeat(64)}${'</a>'.repeat(64)}`)).not.toThrow();
    // Comments, CDATA and processing instructions are not elements.
    expect(() => checkXmlBounds(`<a><!-- <b><b><b> --><![CDATA[<c><c>]]><?pi <d>?></a>`)).not.toThrow();
  });

  it("keeps a <double> as its text, as Bugzilla's XMLRPC::Lite does: the string 2.0 sent as a double stays 2.0", () => {
    const parsed = parseMethodCall(
      '<?xml version="1.0"?><methodCall><methodName>Product.create</methodName><params><param><value><struct>' +
        '<member><name>default_milestone</name><value><double>2.0</double></value></member>' +
        '<member><name>version</name><value><double> 3.10 </double></value></member>' +
        '</struct></value></param></params></methodCall>',
    );
    expect(parsed.params).toEqual({ default_milestone: '2.0', version: '3.10' });
  });

  it('faults for values and structures that are not XML-RPC', () => {
    expect(faultOf(() => parseMethodCall(call('<int>1.5</int>')))).toEqual({
      code: -32600,
      message: '"1.5" is not a valid value for a <int> field. (See the XML-RPC specification for details.)',
    });
    expect(faultOf(() => parseMethodCall(call('<int>99999999999999999999</int>'))).code).toBe(-32600);
    expect(faultOf(() => parseMethodCall(call('<dateTime.iso8601>yesterday</dateTime.iso8601>'))).code).toBe(-32600);
    expect(faultOf(() => parseMethodCall(call('<object/>'))).code).toBe(-32600);
    expect(faultOf(() => parseMethodCall(call('<string>a</string>'))).message).toMatch(/one <struct>/);
    expect(faultOf(() => parseMethodCall('<methodCall><params/></methodCall>')).message).toMatch(
      /<methodName> is missing/,
    );
    expect(faultOf(() => parseMethodCall('<methodCall>')).code).toBe(-32700);
  });

  it('a member named __proto__ becomes an own property, never the prototype', () => {
    const { params } = parseMethodCall(
      call(
        '<struct><member><name>__proto__</name><value><struct><member><name>x</name><value>1</value></member></struct></value></member></struct>',
      ),
    );
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.keys(params)).toEqual(['__proto__']);
    expect((params as { x?: unknown }).x).toBeUndefined();
  });
});

describe('methodResponse and faultResponse', () => {
  const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

  it('writes Bugzilla types; null members and elements are dropped; dateTime fields by name', () => {
    const xml = methodResponse(
      {
        id: 1,
        ok: true,
        ratio: 0.5,
        none: null,
        list: [1, null],
        empty: [],
        obj: {},
        s: '',
        last_visit_ts: '2026-11-23T08:28:58Z',
      },
      new Set(['last_visit_ts']),
    );
    expect(xml).toBe(
      `${HEAD}<methodResponse><params><param><value><struct>` +
        '<member><name>id</name><value><int>1</int></value></member>' +
        '<member><name>ok</name><value><boolean>1</boolean></value></member>' +
        '<member><name>ratio</name><value><double>0.5</double></value></member>' +
        '<member><name>list</name><value><array><data><value><int>1</int></value></data></array></value></member>' +
        '<member><name>empty</name><value><array><data /></array></value></member>' +
        '<member><name>obj</name><value><struct /></value></member>' +
        '<member><name>s</name><value><string /></value></member>' +
        '<member><name>last_visit_ts</name><value><dateTime.iso8601>20261123T08:28:58</dateTime.iso8601></value></member>' +
        '</struct></value></param></params></methodResponse>',
    );
  });

  it('a date-like string outside the dateTime fields stays a string; a null result is an empty value', () => {
    expect(methodResponse({ name: '2026-11-23T08:28:58Z' })).toContain('<string>2026-11-23T08:28:58Z</string>');
    expect(methodResponse(null)).toBe(
      `${HEAD}<methodResponse><params><param><value /></param></params></methodResponse>`,
    );
  });

  it('escapes markup and \\r, and replaces characters XML cannot carry', () => {
    expect(escapeXml('a<b>&c\r\n\u0001\ud800')).toBe('a&lt;b&gt;&amp;c&#13;\n\ufffd\ufffd');
    expect(faultResponse(-32601, "The requested method 'A&B' was not found.")).toBe(
      `${HEAD}<methodResponse><fault><value><struct><member><name>faultCode</name><value><int>-32601</int></value></member>` +
        "<member><name>faultString</name><value><string>The requested method 'A&amp;B' was not found.</string></value></member>" +
        '</struct></value></fault></methodResponse>',
    );
  });
});

describe('methodResponsePieces (a list answer written item by item)', () => {
  const listOf = (items: unknown[]) => ({ listKey: 'products', listItems: () => items });

  it.each([
    ['several items', [{ id: 1, name: 'A&B' }, null, { id: 2, when: '2026-01-02T03:04:05Z' }]],
    ['one item', [{ id: 1 }]],
    ['no item', []],
    ['only nulls', [null, undefined]],
  ])('joined, is the text of methodResponse of the whole answer: %s', (_case, items) => {
    const pieces = [...methodResponsePieces(listOf(items), new Set(['when']))];
    expect(pieces.join('')).toBe(methodResponse({ products: items }, new Set(['when'])));
    expect(pieces.length).toBe(Math.max(1, items.filter((item) => item != null).length + 1));
  });
});
