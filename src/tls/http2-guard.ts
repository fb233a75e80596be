import { constants, type ServerHttp2Session } from 'node:http2';

/**
 * The rapid-reset bound (CVE-2023-44487) as the service enforces it itself. nghttp2 has a limit of its own
 * (a burst of 1000 RST_STREAM frames, then 33 a second), but on Node 20 what it does past that limit is to
 * send GOAWAY and stop reading, while the session is never destroyed: the attacker's connection then stays
 * open, unread, for as long as it likes (seen with a client sending HEADERS + RST_STREAM pairs). So each
 * session counts its streams that end in a reset, in a token bucket smaller
 * than nghttp2's, and a session that empties it is destroyed at once: GOAWAY ENHANCE_YOUR_CALM, then its
 * socket closed. The streams of every other connection go on being served.
 */

/** Cancelled streams a connection may have in a burst (a page left while its images load cancels dozens), then per second. */
export const RESET_BURST = 200;
const RESET_PER_SECOND = 33;

export function boundStreamResets(session: ServerHttp2Session, onAttack: (session: ServerHttp2Session) => void): void {
  let tokens = RESET_BURST;
  let at = Date.now();
  session.on('stream', (stream) => {
    // A stream that ends in a reset (the client's CANCEL, or a refusal) rather than NO_ERROR. (Not 'aborted':
    // a stream reset in the same read as its HEADERS is closed before that event could be listened for.)
    stream.once('close', () => {
      if (stream.rstCode === constants.NGHTTP2_NO_ERROR) return;
      const now = Date.now();
      tokens = Math.min(RESET_BURST, tokens + ((now - at) / 1000) * RESET_PER_SECOND);
      at = now;
      if (--tokens >= 0 || session.destroyed) return;
      onAttack(session);
      session.destroy(undefined, constants.NGHTTP2_ENHANCE_YOUR_CALM);
    });
  });
}

/** Bounds every HTTP/2 session of `server` (a no-op for HTTP/1.1 connections, which make no session). */
export function guardHttp2Sessions(server: object, onAttack: (peer: string) => void): void {
  (server as { on(event: 'session', listener: (session: ServerHttp2Session) => void): void }).on('session', (session) =>
    boundStreamResets(session, (attacker) => onAttack(attacker.socket?.remoteAddress ?? 'unknown')),
  );
}
