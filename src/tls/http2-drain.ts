import { constants, type ServerHttp2Session } from 'node:http2';

/**
 * Ends an HTTP/2 connection without refusing a stream (SPEC §18: a reload drains HTTP/2 sessions with
 * GOAWAY), in RFC 9113 §6.8's two steps. A single GOAWAY names the last stream the server has seen, and a
 * request the client sent just before it arrived would be refused. So: first a GOAWAY naming the largest
 * stream id there is (the client opens no new stream on this connection from now on, and every one it
 * already sent will be served), then a PING; its answer comes after every frame the client sent before it
 * read the GOAWAY, and only then the final GOAWAY, naming the last stream really received. The streams
 * under way finish; the session closes after the last one. The client opens its next streams on a new
 * connection, which the listening socket gives to a worker that still serves.
 */

/** The largest stream id (2^31 - 1): "every stream you may have sent". */
const ANY_STREAM = 2 ** 31 - 1;

/** How long the PING's answer is waited for; a client that does not answer in that time gets the final GOAWAY anyway. */
const PING_WAIT_MS = 5_000;

export function goAwayGracefully(session: ServerHttp2Session): void {
  if (session.closed || session.destroyed) return;
  let done = false;
  const close = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    if (!session.closed && !session.destroyed) session.close();
  };
  const timer = setTimeout(close, PING_WAIT_MS);
  timer.unref();
  session.goaway(constants.NGHTTP2_NO_ERROR, ANY_STREAM);
  if (!session.ping(() => close())) close();
}
