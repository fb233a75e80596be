import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Dialect, startTestApp, type TestApp } from './test-app.js';

/**
 * A stand-in for a Perl Bugzilla 5.2, for the front's tests (SPEC §13): a small HTTP server that
 * records every request it gets and answers it — from the captures in test/fixtures/bugzilla-5.2
 * where a test needs Bugzilla's own answer, with a handler a test installs, or with an echo saying
 * what arrived (method, URL, headers, the body's length and SHA-256) — so that a test can tell what
 * the front passed on, byte for byte.
 */

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'bugzilla-5.2');

export interface Capture {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/** One answer of Bugzilla 5.2, as captured (test/fixtures/bugzilla-5.2/<name>.json). */
export function capture(name: string): Capture {
  return JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as Capture;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The raw header lines as they arrived (names in their case, repeats kept). */
  rawHeaders: string[];
  bodyLength: number;
  bodySha256: string;
  /** The body as text, when it is short enough to keep (64 KiB). */
  body?: string;
}

/** Answers one request (the body already read, for handlers that want it; streaming ones use `req`). */
export type StandInHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  body: () => Promise<Buffer>,
) => void | Promise<void>;

const KEPT_BODY = 64 * 1024;

export class BugzillaStandIn {
  readonly seen: SeenRequest[] = [];
  private readonly handlers: { match: (method: string, url: string) => boolean; handle: StandInHandler }[] = [];
  private server?: http.Server;
  port = 0;

  /** The base URL the front is given (BUGZILLA_URL), with an optional path (`/bugzilla/`). */
  url(path = '/'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Stops listening: the front then finds no Bugzilla (connection refused). */
  async stop(): Promise<void> {
    await this.close();
  }

  /** Listens again on the same port. */
  async restart(): Promise<void> {
    this.server = http.createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  /** Answers requests `match` accepts with `handle` (later handlers win). */
  on(match: (method: string, url: string) => boolean, handle: StandInHandler): this {
    this.handlers.unshift({ match, handle });
    return this;
  }

  /** Answers requests for exactly this method and path (query ignored) with a capture. */
  onCapture(method: string, path: string, name: string | Capture): this {
    const answer = typeof name === 'string' ? capture(name) : name;
    return this.on(
      (m, url) => m === method && url.split('?')[0] === path,
      async (_req, res, body) => {
        // Read (and so recorded) before the answer, as Bugzilla reads a request before answering it.
        await body();
        sendCapture(res, answer);
      },
    );
  }

  /** Requests seen since `from` (an index into `seen`). */
  since(from: number): SeenRequest[] {
    return this.seen.slice(from);
  }

  reset(): void {
    this.seen.length = 0;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const handler = this.handlers.find((h) => h.match(req.method ?? '', req.url ?? ''));
    // Streaming handlers read the body themselves: the record then holds no hash.
    const record: SeenRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      rawHeaders: req.rawHeaders,
      bodyLength: 0,
      bodySha256: '',
    };
    this.seen.push(record);
    let read: Promise<Buffer> | undefined;
    const body = () =>
      (read ??= new Promise<Buffer>((resolve, reject) => {
        const hash = createHash('sha256');
        const kept: Buffer[] = [];
        let length = 0;
        req.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          length += chunk.length;
          if (length <= KEPT_BODY) kept.push(chunk);
        });
        req.on('end', () => {
          record.bodyLength = length;
          record.bodySha256 = hash.digest('hex');
          const whole = Buffer.concat(kept);
          if (length <= KEPT_BODY) record.body = whole.toString('utf8');
          resolve(whole);
        });
        req.on('error', reject);
      }));
    try {
      if (handler) await handler.handle(req, res, body);
      else {
        await body();
        echo(res, record);
      }
    } catch {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    }
  }
}

/** The default answer: what arrived, as JSON, with headers a proxy must carry back as they are. */
function echo(res: ServerResponse, record: SeenRequest): void {
  const body = JSON.stringify({
    stand_in: true,
    method: record.method,
    url: record.url,
    body_length: record.bodyLength,
    body_sha256: record.bodySha256,
  });
  res.writeHead(
    200,
    [
      ['Content-Type', 'application/json; charset=UTF-8'],
      ['Set-Cookie', 'Bugzilla_login_request_cookie=standin; path=/; HttpOnly'],
      ['Set-Cookie', 'second=2; path=/'],
      ['X-Stand-In', 'echo'],
      ['Keep-Alive', 'timeout=5'],
      ['Content-Length', String(Buffer.byteLength(body))],
    ].flat() as unknown as http.OutgoingHttpHeaders,
  );
  res.end(body);
}

export function sendCapture(res: ServerResponse, answer: Capture, body = answer.body): void {
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/**
 * The service in front of `bugzilla` (started here) as a test app of `dialect`, listening on a port of
 * its own: what crosses the wire to and from Bugzilla is what these tests look at, which inject() cannot show.
 */
export async function listeningFront(
  bugzilla: BugzillaStandIn,
  env: Record<string, string> = {},
  dialect: Dialect = 'mysql',
): Promise<{ app: TestApp; port: number }> {
  await bugzilla.start();
  const app = await startTestApp(dialect, { BUGZILLA_URL: bugzilla.url(), ...env });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.app.getHttpServer().address() as AddressInfo).port };
}
