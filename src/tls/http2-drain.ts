import type { ServerHttp2Session } from 'node:http2';

/**
 * Ends an HTTP/2 connection of a worker that retires (SPEC §18: a reload drains HTTP/2 sessions with GOAWAY):
 * a GOAWAY naming the last stream received, after which the streams under way finish and the session closes
 * once the last one has ended. The client opens its next streams on a new connection, which the listening
 * socket gives to a worker that still serves.
 *
 * What RFC 9113 §6.8 calls a graceful shutdown would first send a GOAWAY naming the largest stream id, wait a
 * round trip, then send the real one, so that a request crossing the first GOAWAY on the wire is still served.
 * Node exposes no way to send that first notice (nghttp2's nghttp2_submit_shutdown_notice): any GOAWAY it sends
 * makes nghttp2 ignore every stream opened after it, whatever id it names (tried: a GOAWAY naming 2^31 - 1,
 * then a PING, then the real one, refused the same streams; a notice frame written on the TLS socket beside
 * nghttp2's own frames aborts the process: Node asserts a single write at a time on the TLS stream; and a
 * SETTINGS_MAX_CONCURRENT_STREAMS of 0 sent first, then the GOAWAY once it is acknowledged, still ends the
 * client's requests under way in REFUSED_STREAM: those it held back for the new limit are refused at the
 * GOAWAY). So a request the client sent in the instant before the GOAWAY reached it is not processed, and the
 * GOAWAY's last stream id tells the client so: a stream it may send again on a new connection (RFC 9113 §8.7),
 * as browsers and curl do. docs/operators.md says so.
 */
export function goAway(session: ServerHttp2Session): void {
  if (!session.closed && !session.destroyed) session.close();
}
