import net from 'node:net';

/**
 * A client that uploads the way simple HTTP clients do (Python's urllib, most scripts): it writes its
 * whole body, in chunks and slowly if asked, and goes on writing whatever the service answers
 * meanwhile — reading the answer as it comes, but never stopping for it. Over a raw socket, so that
 * what the connection does (a reset, a FIN) is seen as it is; half-open, so the service's FIN after
 * its answer does not end the client's own sending.
 */

export interface UploadRequest {
  path: string;
  contentType: string;
  /** The body, sent whole (Content-Length: its size, or chunked); or `endless`. */
  body?: Buffer;
  /** Sends chunk after chunk forever under a declared Content-Length of this many bytes. */
  endless?: { declaredLength: number };
  chunked?: boolean;
  chunkBytes: number;
  /** Pause after each chunk (0: as fast as the connection takes them). */
  pauseMs: number;
  /** Called once the whole answer has been read (while the client may still be sending). */
  onAnswer?: () => void;
}

export interface UploadAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export interface UploadOutcome {
  /** The whole answer (read to its Content-Length), if the client got it. */
  answer?: UploadAnswer;
  /** Body bytes handed to the kernel (their write completed). */
  bodyBytesWritten: number;
  /** Chunks whose write completed after the whole answer had been read. */
  chunksAfterAnswer: number;
  /** The whole body was written (and the request ended) without an error. */
  wroteAll: boolean;
  /** The first error the connection met (EPIPE, ECONNRESET: the service reset it). */
  error?: string;
}

export function upload(port: number, request: UploadRequest): Promise<UploadOutcome> {
  const outcome: UploadOutcome = { bodyBytesWritten: 0, chunksAfterAnswer: 0, wroteAll: false };
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  let received = Buffer.alloc(0);
  socket.on('data', (data: Buffer) => {
    received = Buffer.concat([received, data]);
    if (outcome.answer) return;
    outcome.answer = parseAnswer(received);
    if (outcome.answer) request.onAnswer?.();
  });
  socket.on('error', (error: NodeJS.ErrnoException) => (outcome.error ??= error.code ?? error.message));
  const closed = new Promise<UploadOutcome>((resolve) => socket.on('close', () => resolve(outcome)));

  const write = (data: Buffer | string) =>
    new Promise<boolean>((resolve) => {
      if (socket.destroyed) return resolve(false);
      socket.write(data, (error) => resolve(!error));
    });
  const pause = () => new Promise((resolve) => setTimeout(resolve, request.pauseMs));

  socket.once('connect', async () => {
    const framing = request.chunked
      ? 'Transfer-Encoding: chunked'
      : `Content-Length: ${request.endless?.declaredLength ?? request.body!.length}`;
    if (
      !(await write(
        `POST ${request.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${request.contentType}\r\n${framing}\r\n\r\n`,
      ))
    ) {
      return;
    }
    const filler = Buffer.alloc(request.chunkBytes, 'y');
    for (let offset = 0; request.endless || offset < request.body!.length; offset += request.chunkBytes) {
      const chunk = request.endless ? filler : request.body!.subarray(offset, offset + request.chunkBytes);
      const framed = request.chunked
        ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
        : chunk;
      if (!(await write(framed))) return;
      outcome.bodyBytesWritten += chunk.length;
      if (outcome.answer) outcome.chunksAfterAnswer++;
      if (request.pauseMs) await pause();
    }
    if (request.chunked && !(await write('0\r\n\r\n'))) return;
    outcome.wroteAll = outcome.error === undefined;
    socket.end();
  });
  return closed;
}

/** The answer in `bytes` once it has all arrived (headers, then Content-Length bytes of body). */
function parseAnswer(bytes: Buffer): UploadAnswer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const body = bytes.subarray(end + 4);
  if (body.length < Number(headers['content-length'])) return undefined;
  return { status: Number(statusLine.split(' ')[1]), headers, text: body.toString('utf8') };
}
