import type { Server } from 'node:http';
import type { SecureServerOptions } from 'node:http2';
import { type ArrivalDeadlines, http1ServerDeadlines } from '../bugzilla/arrival-deadlines.js';

/**
 * HTTP/2 over TLS on PORT (SPEC §18): ALPN offers `h2` and `http/1.1` (a client without HTTP/2 —
 * python-bugzilla's `requests`, curl --http1.1, an old load balancer's health check — keeps HTTP/1.1 on the
 * same port), and HTTP/2's own attacks are bounded, so that one connection cannot take a worker's memory or
 * time from the others:
 *
 * - rapid reset (CVE-2023-44487: streams opened and cancelled at once, each costing the server a request it
 *   starts and throws away): the service's own bound on cancelled streams (http2-guard.ts, below nghttp2's,
 *   which on Node 20 leaves the connection open) destroys the session; Node 20's own mitigation closes a
 *   session whose refused streams (`maxSessionRejectedStreams`) or invalid frames pile up;
 * - too many streams: at most `maxConcurrentStreams` open at once on a connection. What happens past it
 *   depends on whether the client has acknowledged the SETTINGS announcing it (nghttp2, as Node 20 uses it):
 *   before, each stream past it is refused (RST_STREAM REFUSED_STREAM), and each refusal counts as an invalid
 *   frame, so the connection is closed (without GOAWAY) at the refusal past `maxSessionInvalidFrames`; after,
 *   one stream past it is a protocol error that closes the connection at once. (Refusals do not count toward
 *   `maxSessionRejectedStreams`: Node counts there only the streams it refuses itself, for want of session
 *   memory.) test/http2.e2e-spec.ts drives both;
 * - HPACK bombs and header floods: a request's decoded header list is bounded by the same byte limit as an
 *   HTTP/1.1 request's (HTTP_MAX_HEADER_BYTES, announced as SETTINGS_MAX_HEADER_LIST_SIZE, counted as RFC 7541
 *   counts a field: name, value and 32) and by a count of fields (pseudo-headers included); a stream past
 *   either is reset with ENHANCE_YOUR_CALM and the connection goes on. Node reads the byte limit from the
 *   acknowledged settings: a client that never acknowledges them meets Node's own ceiling instead (about
 *   1 MB decoded), still a bound; the decoder's table is its default 4 KiB;
 * - SETTINGS and PING floods (CVE-2019-9512, -9515: frames each asking an acknowledgement that a client does
 *   not read): nghttp2 ends a session whose unsent acknowledgements pile up (its outbound-ACK limit); a
 *   SETTINGS frame has few entries (`maxSettings`), and the service's own PINGs are few (`maxOutstandingPings`);
 * - memory: a session's buffered frames and header tables above `maxSessionMemory` refuse new streams (and
 *   those refusals count toward `maxSessionRejectedStreams`).
 */

/** Streams one connection may have open at once (nginx's and Apache's default, 100; browsers open far fewer). */
export const MAX_CONCURRENT_STREAMS = 100;

/** Refused or invalid streams and frames a session may cause before it is closed. */
const MAX_REJECTED_STREAMS = 100;
export const MAX_INVALID_FRAMES = 100;

/** Header fields in one request: far above what a browser sends (about 20), far below a flood. */
export const MAX_HEADER_PAIRS = 256;

/** A session's memory (MB): buffered frames, header tables. Node's default. */
const MAX_SESSION_MEMORY_MB = 10;

export function http2ServerOptions(maxHeaderBytes: number): SecureServerOptions {
  return {
    allowHTTP1: true,
    ALPNProtocols: ['h2', 'http/1.1'],
    maxSessionMemory: MAX_SESSION_MEMORY_MB,
    maxHeaderListPairs: MAX_HEADER_PAIRS,
    maxSessionRejectedStreams: MAX_REJECTED_STREAMS,
    maxSessionInvalidFrames: MAX_INVALID_FRAMES,
    maxOutstandingPings: 10,
    maxSettings: 32,
    settings: {
      maxConcurrentStreams: MAX_CONCURRENT_STREAMS,
      maxHeaderListSize: maxHeaderBytes,
      // The service never pushes.
      enablePush: false,
    },
  };
}

/** How long an idle connection is kept (Fastify's keepAliveTimeout, which the service keeps on HTTP/1.1). */
export const KEEP_ALIVE_MS = 72_000;

/**
 * The HTTP/1.1 connections an HTTP/2 server takes (`allowHTTP1`) are parsed by Node's HTTP/1.1 server code,
 * which reads its limits from the server object: an HTTP/2 server has Node's defaults there (a 16 KiB request
 * head, no keep-alive timeout, 300 s for a whole request, deadlines checked every 30 s), and Fastify sets none
 * of them on it. They are set here as the HTTP/1.1 server has them, before it listens (Node starts its
 * deadline checks then).
 */
export function serveHttp1AsBefore(server: object, maxHeaderBytes: number, deadlines: ArrivalDeadlines): void {
  Object.assign(server as Server, {
    maxHeaderSize: maxHeaderBytes,
    keepAliveTimeout: KEEP_ALIVE_MS,
    ...http1ServerDeadlines(deadlines),
  });
}
