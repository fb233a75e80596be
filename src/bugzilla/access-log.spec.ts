import type { FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { ANONYMOUS } from '../auth/auth-user.js';
import {
  type AccessLine,
  accessLine,
  accessLineWriter,
  jsonString,
  redactCredentials,
  tenthsText,
} from './access-log.js';

describe('redactCredentials', () => {
  it('hides every credential parameter of a URL and keeps the rest', () => {
    expect(
      redactCredentials(
        '/rest/product?api_key=K1&ids=1&Bugzilla_api_key=K2&login=a@b&password=pw&Bugzilla_token=1-abc&token=2-x',
      ),
    ).toBe(
      '/rest/product?api_key=[redacted]&ids=1&Bugzilla_api_key=[redacted]&login=[redacted]&password=[redacted]' +
        '&Bugzilla_token=[redacted]&token=[redacted]',
    );
  });

  it('hides a JSON-RPC params struct that holds credentials, and keeps one that does not', () => {
    const withKey = encodeURIComponent(JSON.stringify([{ names: ['a'], Bugzilla_api_key: 'K' }]));
    expect(redactCredentials(`/jsonrpc.cgi?method=User.get&params=${withKey}&id=1`)).toBe(
      '/jsonrpc.cgi?method=User.get&params=[redacted]&id=1',
    );
    const plain = encodeURIComponent(JSON.stringify([{ ids: [1] }]));
    expect(redactCredentials(`/jsonrpc.cgi?method=Product.get&params=${plain}`)).toBe(
      `/jsonrpc.cgi?method=Product.get&params=${plain}`,
    );
  });

  it('hides a credential whose name is percent-encoded or in another case, as the query parser reads it', () => {
    expect(
      redactCredentials(
        '/rest/whoami?Bugzilla_api_k%65y=K1&ids=1&Bugzilla_%70assword=pw&LOGIN=a@b&tok%65n=1-x&q=api_key',
      ),
    ).toBe(
      '/rest/whoami?Bugzilla_api_k%65y=[redacted]&ids=1&Bugzilla_%70assword=[redacted]&LOGIN=[redacted]&tok%65n=[redacted]&q=api_key',
    );
    const withKey = encodeURIComponent(JSON.stringify([{ Bugzilla_api_key: 'K' }]));
    expect(redactCredentials(`/jsonrpc.cgi?method=User.get&par%61ms=${withKey}`)).toBe(
      '/jsonrpc.cgi?method=User.get&par%61ms=[redacted]',
    );
  });

  it('answers a URL asked again (remembered) as the first time, a password included', () => {
    for (const url of ['/rest/product?names=Big&Bugzilla_api_key=K1', '/rest/whoami?login=a@b&password=secret']) {
      const first = redactCredentials(url);
      expect(redactCredentials(url)).toBe(first);
      expect(first).toContain('=[redacted]');
      expect(first).not.toMatch(/K1|secret/);
    }
  });

  it('leaves a URL without credentials alone', () => {
    expect(redactCredentials('/rest/product/Firefly?include_fields=name')).toBe(
      '/rest/product/Firefly?include_fields=name',
    );
  });
});

describe('accessLine', () => {
  const request = (extra: Record<string, unknown>) =>
    ({
      id: 'req-9',
      method: 'GET',
      url: '/rest/product/Firefly?api_key=SECRET&include_fields=name',
      routeOptions: { url: '/rest/product/:id_or_name' },
      headers: { 'x-bugzilla-api-key': 'SECRET' },
      ...extra,
    }) as unknown as FastifyRequest;

  it("carries method, route template, status, time and the caller's user id, never a credential", () => {
    const line = accessLine(request({ user: { ...ANONYMOUS, id: 42, login: 'a@b.test' } }), 200, 3.14159);
    expect(line).toEqual({
      requestId: 'req-9',
      method: 'GET',
      route: '/rest/product/:id_or_name',
      url: '/rest/product/Firefly?api_key=[redacted]&include_fields=name',
      statusCode: 200,
      responseTime: 3.1,
      userId: 42,
    });
    expect(JSON.stringify(line)).not.toContain('SECRET');
  });

  it('says 0 for an anonymous caller and null when no caller was resolved', () => {
    expect(accessLine(request({ user: ANONYMOUS }), 200, 1).userId).toBe(0);
    expect(accessLine(request({}), 400, 1).userId).toBeNull();
  });

  it("names an unknown path's route '(unmatched)'", () => {
    expect(accessLine(request({ routeOptions: {} }), 404, 1).route).toBe('(unmatched)');
  });
});

describe('accessLineWriter', () => {
  const lines: AccessLine[] = [
    {
      requestId: 'req-1',
      method: 'GET',
      route: '/rest/product/:id_or_name',
      url: '/rest/product/Firefly?include_fields=name',
      statusCode: 200,
      responseTime: 3.1,
      userId: 42,
    },
    {
      requestId: 'req-2z',
      method: 'POST',
      route: '(unmatched)',
      url: '/rest/x?q="quoted"&b=back\\slash&c=%00\u0001&d=\u00e9\u00ff',
      statusCode: 404,
      responseTime: 0,
      userId: null,
    },
    {
      requestId: 'req-3',
      method: 'DELETE',
      route: '/rest/a',
      url: '/rest/a',
      statusCode: 500,
      responseTime: 12345.6,
      userId: 0,
    },
  ];

  it("writes, to the logger's own destination, the very line pino writes for the record", () => {
    const written: string[] = [];
    const http = pino({ level: 'info' }, { write: (text: string) => written.push(text) }).child({ context: 'HTTP' });
    const write = accessLineWriter(http);
    for (const line of lines) {
      http.info(line, 'request completed');
      write(line);
    }
    expect(written).toHaveLength(2 * lines.length);
    const withoutTime = (text: string) => text.replace(/"time":\d+/, '"time":0');
    for (let i = 0; i < lines.length; i++) {
      expect(withoutTime(written[2 * i + 1])).toBe(withoutTime(written[2 * i]));
      expect(JSON.parse(written[2 * i + 1])).toMatchObject({
        level: 30,
        context: 'HTTP',
        ...lines[i],
        msg: 'request completed',
      });
    }
    expect(written[1].endsWith('}\n')).toBe(true);
  });
});

describe("the access line's JSON pieces", () => {
  it('jsonString writes a string as JSON.stringify does, escapes and surrogates included', () => {
    const samples = [
      'req-1a',
      '/rest/product?names=Big%20One&api_key=[redacted]',
      '',
      'quote " and backslash \\',
      'tab\tnewline\ncontrol\u0001\u001f',
      'é→😀 and a lone \ud800 surrogate and \udfff',
      '\u2028\u2029\u007f',
    ];
    for (const text of samples) expect(jsonString(text)).toBe(JSON.stringify(text));
  });

  it('tenthsText writes a time rounded to tenths as a JSON number, as the template of the number did', () => {
    for (let ms = 0; ms < 50; ms += 0.0137) {
      const rounded = Math.round(ms * 10) / 10;
      expect(tenthsText(rounded)).toBe(`${rounded}`);
    }
    for (const rounded of [0, 0.1, 0.5, 1, 12.3, 999.9, 1234.5, 60000, 123456789.7]) {
      expect(tenthsText(rounded)).toBe(`${rounded}`);
      expect(JSON.parse(tenthsText(rounded))).toBe(rounded);
    }
  });
});
