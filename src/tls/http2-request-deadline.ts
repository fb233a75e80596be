import { constants, type ServerHttp2Stream } from 'node:http2';
import { envelope } from '../bugzilla/bugzilla-error.js';
import { lateRequest } from '../bugzilla/request-admission.js';

/**
 * An HTTP/2 request must arrive whole within the request deadline (bugzilla/arrival-deadlines.ts), as an
 * HTTP/1.1 one must under Node's `requestTimeout`, which Node applies to HTTP/1.1 only: a stream whose body
 * trickles in keeps its connection busy (each frame keeps the session from idling), up to 100 streams a
 * connection. Past the deadline the stream is answered 408 in Bugzilla's envelope, and then reset with
 * NO_ERROR, which tells the client to stop sending its body (RFC 9113 §8.1); an answer already under way is
 * cancelled instead. A stream whose request ended with its headers (every GET) is never timed.
 */
export function boundRequestArrival(server: object, timeoutMs: number): void {
  (server as { on(event: 'stream', listener: (stream: ServerHttp2Stream) => void): void }).on('stream', (stream) => {
    if (stream.endAfterHeaders) return;
    const timer = setTimeout(() => answerLate(stream), timeoutMs);
    stream.once('close', () => clearTimeout(timer));
  });
}

function answerLate(stream: ServerHttp2Stream): void {
  // The client's END_STREAM as nghttp2 saw it, whether or not the application has read the body yet.
  if (stream.destroyed || stream.state.remoteClose) return;
  if (stream.headersSent) return void stream.close(constants.NGHTTP2_CANCEL);
  const answer = lateRequest();
  const body = JSON.stringify(envelope(answer.code, answer.message));
  stream.respond({
    ':status': 408,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'access-control-allow-origin': '*',
    'x-content-type-options': 'nosniff',
  });
  stream.end(body, () => stream.close(constants.NGHTTP2_NO_ERROR));
}
