import type { AppConfig } from '../config/app-config.js';

/**
 * How long a client may take to send its request. A connection costs the service a socket and a parser
 * whether or not the bytes come, so a client that sends its request head a byte at a time (slowloris), or a
 * body that never ends, must not hold one for ever: past the deadline it is answered 408 in Bugzilla's
 * envelope and its connection closed (Node's own `headersTimeout`/`requestTimeout` over HTTP/1.1, the
 * service's for an HTTP/2 stream: tls/http2-request-deadline.ts). nginx's `client_header_timeout` and
 * `client_body_timeout` are 60 s, as are these by default.
 */
export interface ArrivalDeadlines {
  /** A request line plus headers, from the connection's start, or from the first byte of the next request on a kept-alive one (an idle connection is the keep-alive timeout's). */
  headersTimeoutMs: number;
  /** A whole request, head and body. */
  requestTimeoutMs: number;
  /** How often Node looks for connections past them: they are enforced within this much after the deadline. */
  checkEveryMs: number;
}

export function arrivalDeadlines(config: AppConfig): ArrivalDeadlines {
  // In front of a Bugzilla, a passed request (a 100 MB attachment upload) may take as long as Bugzilla may.
  const requestTimeoutMs = config.bugzillaUrl
    ? Math.max(config.httpRequestTimeoutMs, config.bugzillaTimeoutMs)
    : config.httpRequestTimeoutMs;
  // Node refuses a head deadline longer than the whole request's.
  const headersTimeoutMs = Math.min(config.httpHeadersTimeoutMs, requestTimeoutMs);
  // Node's own period is 30 s, which lets a 60 s deadline run to 90: a quarter of the head deadline keeps the
  // overrun under a quarter (the check walks only the connections still receiving a request).
  const checkEveryMs = Math.max(250, Math.min(30_000, Math.floor(headersTimeoutMs / 4)));
  return { headersTimeoutMs, requestTimeoutMs, checkEveryMs };
}

/** The deadlines as Node's HTTP/1.1 server takes them (its options, or properties set before it listens). */
export function http1ServerDeadlines(deadlines: ArrivalDeadlines) {
  return {
    headersTimeout: deadlines.headersTimeoutMs,
    requestTimeout: deadlines.requestTimeoutMs,
    connectionsCheckingInterval: deadlines.checkEveryMs,
  };
}
