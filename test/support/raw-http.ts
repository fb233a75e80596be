import http from 'node:http';

/** An answer read off a real socket: the status, the text and the text as JSON when it is JSON. */
export interface RawAnswer {
  status: number;
  text: string;
  body: any;
  headers: http.IncomingHttpHeaders;
}

/**
 * One request on a connection of its own, with the path sent exactly as written (app.inject
 * resolves dot segments itself, and no limit of Node's HTTP parser applies to it).
 */
export function sendRaw(
  port: number,
  method: string,
  path: string,
  options: { body?: string; contentType?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const { body } = options;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          ...(body === undefined
            ? {}
            : { 'content-type': options.contentType ?? 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // XML or empty: kept as text.
          }
          resolve({ status: res.statusCode!, text, body: parsed, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
