import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The lingering close (nginx's name for it): an answer that goes out before the request's body has
 * all arrived — a body over the 1 MiB limit (413, on every route and on the RPC endpoints), or a
 * request refused before its body is read — closes the connection only after the rest of the body
 * has been read and thrown away, within bounds.
 *
 * Why: such an answer must say `Connection: close` (the unread bytes cannot be taken for the next
 * request), and Node's HTTP server closes a connection whose answer says so as soon as the answer is
 * written (`socket.destroySoon()`, from the response's `finish` in lib/_http_server.js). The client's
 * body, still arriving, then meets a closed socket: the kernel answers it with a reset, and a client
 * that sends its whole body before it reads (Python's urllib, most simple clients) gets EPIPE or
 * ECONNRESET, and loses the answer that was already in its receive buffer. Reading the rest first
 * lets every client finish sending and read the answer.
 */

/**
 * How long the rest of a body is read after the answer, at most. A client that is still sending
 * after that is cut off (it has had this long to read its answer): long enough for a body of a few
 * MiB from an ordinary client, short enough that a client that stalls, or trickles a body it
 * declared huge, holds a connection only briefly (nginx lingers 30 s, Apache 2 s per read).
 */
export const LINGER_MS = 5_000;

/**
 * How many bytes of the rest of a body are read and thrown away, at most (counted after the answer;
 * a declared Content-Length below this is read to its end). Several times the largest accepted body
 * (1 MiB), so that a client that overshot the limit by a few MiB still gets to read its 413; a client
 * that keeps sending past it (a body of tens of MiB, or one that never ends) is cut off instead of
 * costing the service bandwidth for nothing.
 */
export const LINGER_MAX_BYTES = 8 * 1024 * 1024;

/**
 * For the one onSend hook of the service (http-conventions.ts), on every answer: when the request's
 * body has not all arrived, the answer says `Connection: close` (no keep-alive on a connection whose
 * body was not read) and the connection lingers once the answer is written. Costs one property read
 * for every other request.
 */
export function lingerOnUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  // `complete` is false while a connection's request has not all arrived (a request made by inject(),
  // which has no connection, has no such flag), and a request without a body is whole once its headers are.
  // HTTP/2 (SPEC §18) has no connection to close nor a `Connection` header (Fastify sets one on a body it
  // could not parse, which Node would drop with a warning): an answer ends its own stream, and the rest of
  // that stream's body never mixes with another request's.
  if (raw.httpVersionMajor === 2) {
    if (reply.hasHeader('connection')) void reply.removeHeader('connection');
    return;
  }
  if (raw.complete !== false || !hasBody(raw)) return;
  void reply.header('connection', 'close');
  lingerBeforeClosing(raw);
}

/** Whether the request announces a body (a request without one is complete once its headers are read). */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Node ends a connection whose answer says `Connection: close` with `socket.destroySoon()` once the
 * whole answer is handed to the kernel: this connection's destroySoon is replaced (this socket only,
 * and only after such an answer) by the lingering close: finish sending (the answer, then our FIN: the
 * client knows nothing more comes), go on reading the rest of the body, and close once it has ended
 * (where its Content-Length or chunked framing says), or when a bound is reached.
 */
function lingerBeforeClosing(request: IncomingMessage): void {
  const socket = request.socket;
  let answered = false;
  let discarded = 0;
  const cutOff = () => socket.destroy();
  // The body is read through the request stream from now on, and every chunk dropped (nothing is kept).
  // Read here, not left to Node: a request stream nobody reads is drained by Node itself once the answer
  // is written (IncomingMessage._dump), out of sight, so that its bytes could not be counted.
  request.on('data', (chunk: Buffer) => {
    // Counted from the answer on (what arrives before it has been sent is dropped as well).
    if (!answered) return;
    discarded += chunk.length;
    if (discarded > LINGER_MAX_BYTES) cutOff();
  });
  socket.destroySoon = () => {
    answered = true;
    socket.end();
    if (request.complete) return Socket.prototype.destroySoon.call(socket);
    const timer = setTimeout(cutOff, LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
    // The whole body read: closed as Node would have (once our side has finished sending).
    request.once('end', () => Socket.prototype.destroySoon.call(socket));
  };
}
