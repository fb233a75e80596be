import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import net from 'node:net';
import tls from 'node:tls';
import { envelope } from './support/envelope.js';
import { h2Request, h2Session } from './support/http2-client.js';
import { startService, stopService, type ServiceProcess } from './support/service-process.js';
import { TestCertificateAuthority } from './support/test-certificates.js';

/**
 * How long a client may take to send its request (src/bugzilla/arrival-deadlines.ts): a request head that
 * trickles in (slowloris) past HTTP_HEADERS_TIMEOUT_MS, or a whole request past HTTP_REQUEST_TIMEOUT_MS, is
 * answered 408 in Bugzilla's envelope and its connection closed — over plain HTTP, over HTTPS's HTTP/1.1 (which
 * Node's HTTP/2 server parses with limits of its own unless they are set), and for an HTTP/2 stream, whose
 * connection stays open for its other streams. A request that keeps within the deadlines is served.
 *
 * The deadlines are set short here (1 s for a head, 2 s for a request); the clients keep sending all the
 * while, so what ends their request is the deadline and nothing else. The database plays no part: one
 * in-memory SQLite.
 */

const HEAD_MS = 1_000;
const REQUEST_MS = 2_000;
const LATE = envelope(32000, 'The request took too long to arrive.');

let ca: TestCertificateAuthority;
let plain: ServiceProcess;
let secure: ServiceProcess;
beforeAll(async () => {
  ca = new TestCertificateAuthority();
  const pair = ca.issue('slow-clients');
  const deadlines = {
    DATABASE_URL: 'sqlite::memory:',
    HTTP_HEADERS_TIMEOUT_MS: String(HEAD_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
  };
  [plain, secure] = await Promise.all([
    startService(deadlines),
    startService({ ...deadlines, TLS_CERT_FILE: pair.chain, TLS_KEY_FILE: pair.key }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([stopService(plain), stopService(secure)]);
  ca?.remove();
});

type Transport = 'http' | 'https';

function connect(transport: Transport): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket =
      transport === 'http'
        ? net.connect({ host: '127.0.0.1', port: plain.port }, () => resolve(socket))
        : tls.connect(
            { host: '127.0.0.1', port: secure.port, ca: readFileSync(ca.caFile), ALPNProtocols: ['http/1.1'] },
            () => resolve(socket),
          );
    socket.once('error', reject);
  });
}

interface Trickle {
  /** Everything the service sent until it closed the connection. */
  received: string;
  /** Pieces written before the connection closed. */
  written: number;
}

/**
 * Writes `first`, then one of `pieces` every `everyMs` (the last one again and again once they run out), and
 * reads whatever comes back until the service closes the connection.
 */
async function trickle(transport: Transport, first: string, pieces: string[], everyMs: number): Promise<Trickle> {
  const socket = await connect(transport);
  return new Promise((resolve) => {
    let received = '';
    let written = 0;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    // The service closes the connection while this client still writes: a reset or a broken pipe is expected.
    socket.on('error', () => undefined);
    const timer = setInterval(() => {
      if (socket.writable) socket.write(pieces[Math.min(written++, pieces.length - 1)]);
    }, everyMs);
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ received, written });
    });
    socket.write(first);
  });
}

/** The answers in what a connection received: status and body of each (bodies here have a Content-Length). */
function answers(received: string): { status: number; body: unknown }[] {
  const found: { status: number; body: unknown }[] = [];
  let rest = received;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, headEnd);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
    const bodyText = rest.slice(headEnd + 4, headEnd + 4 + length);
    found.push({ status: Number(head.slice(9, 12)), body: JSON.parse(bodyText) });
    rest = rest.slice(headEnd + 4 + length);
  }
  expect(rest).toBe('');
  return found;
}

const slowHead = 'GET /rest/version HTTP/1.1\r\nHost: bugzilla.example\r\n';
const headerLines = Array.from({ length: 1000 }, (_, i) => `X-Slow-${i}: ${'x'.repeat(10)}\r\n`);

describe.each<Transport>(['http', 'https'])('over %s (HTTP/1.1)', (transport) => {
  it('a request head still arriving HTTP_HEADERS_TIMEOUT_MS after the connection opened is answered 408 in the envelope, and the connection closed', async () => {
    const { received, written } = await trickle(transport, slowHead, headerLines, 100);
    expect(answers(received)).toEqual([{ status: 408, body: LATE }]);
    // The client was still sending header lines when the deadline came (not a request it had finished).
    expect(written).toBeGreaterThan(5);
  });

  it('on a kept-alive connection, the next request head is held to the deadline from its first byte', async () => {
    const served = 'GET /rest/version HTTP/1.1\r\nHost: bugzilla.example\r\n\r\n';
    const { received } = await trickle(transport, served, [slowHead, ...headerLines], 100);
    expect(answers(received)).toEqual([
      { status: 200, body: { version: expect.any(String) } },
      { status: 408, body: LATE },
    ]);
  });

  it('a body still arriving HTTP_REQUEST_TIMEOUT_MS after its request began is answered 408, and the connection closed', async () => {
    const head =
      'POST /rest/product HTTP/1.1\r\nHost: bugzilla.example\r\nContent-Type: application/json\r\n' +
      'Content-Length: 100000\r\n\r\n{"name":"';
    const { received, written } = await trickle(transport, head, ['x'], 100);
    expect(answers(received)).toEqual([{ status: 408, body: LATE }]);
    expect(written).toBeGreaterThan(REQUEST_MS / 100 / 2);
  });

  it('a request head that arrives in pieces within the deadline is served', async () => {
    const pieces = ['Accept: application/json\r\n', 'X-Slow: 1\r\n', 'Connection: close\r\n\r\n'];
    const { received } = await trickle(transport, slowHead, pieces, 100);
    expect(answers(received)).toEqual([{ status: 200, body: { version: expect.any(String) } }]);
  });
});

describe('over HTTP/2', () => {
  let session: http2.ClientHttp2Session;
  beforeAll(async () => {
    session = await h2Session(secure.port, ca.caFile);
  });
  afterAll(() => session?.close());

  it('a stream whose body is still arriving HTTP_REQUEST_TIMEOUT_MS after its headers is answered 408 in the envelope, then reset with NO_ERROR; the connection serves on', async () => {
    const stream = session.request({
      ':method': 'POST',
      ':path': '/rest/product',
      'content-type': 'application/json',
      'content-length': '100000',
    });
    stream.write('{"name":"');
    const timer = setInterval(() => stream.writable && stream.write('x'), 100);
    const outcome = await new Promise<{ status: number; body: string; rstCode: number }>((resolve) => {
      let status = 0;
      let body = '';
      stream.on('response', (headers) => (status = Number(headers[':status'])));
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (body += chunk));
      stream.on('error', () => undefined);
      stream.on('close', () => resolve({ status, body, rstCode: stream.rstCode ?? -1 }));
    });
    clearInterval(timer);
    expect(outcome).toEqual({ status: 408, body: JSON.stringify(LATE), rstCode: http2.constants.NGHTTP2_NO_ERROR });
    // The same connection, still open, answers its next stream.
    const next = await h2Request(session, 'GET', '/rest/version');
    expect(next.status).toBe(200);
    expect(JSON.parse(next.body.toString())).toEqual({ version: expect.any(String) });
  });

  it('a stream whose body arrives whole within the deadline reaches its route (which asks for a login: 401)', async () => {
    const answer = await h2Request(session, 'POST', '/rest/product', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Late' }),
    });
    expect({ status: answer.status, body: JSON.parse(answer.body.toString()) }).toEqual({
      status: 401,
      body: envelope(410, 'You must log in before using this part of Bugzilla.'),
    });
  });
});
