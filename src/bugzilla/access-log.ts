import type { FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { RequestWithUser } from '../auth/auth.decorators.js';
import { PARAM_NAMES } from '../auth/credentials.js';
import type { AnsweredRequestObserver } from './answered-requests.js';
import { mayRememberUrl } from './remembered-urls.js';
import { routeTemplate } from './route-template.js';

/** Query parameters that carry a credential (SPEC §3), in any case, as the query parser decodes their names. */
const CREDENTIAL_PARAMS = new Set(
  Object.values(PARAM_NAMES).flatMap((names) => names.map((name) => name.toLowerCase())),
);

/** JSON-RPC over GET carries its params struct, credentials included, as JSON in `params`. */
const RPC_PARAMS = 'params';
const CREDENTIAL_NAME = /api_key|login|password|token/i;

/**
 * Names Bugzilla's own pages and servers take secrets under, for the requests a front passes to it
 * (SPEC §13): any name with a password, token or API key in it (`Bugzilla_api_token`, `new_password1`),
 * and token.cgi's `t`.
 */
const SECRET_NAME = /password|token|api_key|logincookie/i;
const TOKEN_PAGE_PARAM = 't';

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/**
 * The redacted form of each URL seen lately: a client repeats its questions, with the same API key
 * in the query, so each URL is searched once rather than on every request. Bounded (cleared when
 * full, long URLs never kept), and never holding a password: those URLs are searched each time.
 */
const redactedUrls = new Map<string, string>();
const REDACTED_URLS_LIMIT = 1000;

/** Credentials travel in the query string; they never reach a log line. */
export function redactCredentials(url: string): string {
  // Most URLs carry no query at all: nothing to look for.
  if (!url.includes('?')) return url;
  let redacted = redactedUrls.get(url);
  if (redacted === undefined) {
    redacted = redactQuery(url);
    if (mayRememberUrl(url)) {
      if (redactedUrls.size >= REDACTED_URLS_LIMIT) redactedUrls.clear();
      redactedUrls.set(url, redacted);
    }
  }
  return redacted;
}

/**
 * Each parameter of the query whose name, decoded as the query parser decodes it (`Bugzilla_api_k%65y`
 * is `Bugzilla_api_key` to the guard), names a credential, or that is a JSON-RPC params struct
 * holding one, keeps its name and loses its value.
 */
function redactQuery(url: string): string {
  const queryAt = url.indexOf('?');
  const pairs = url.slice(queryAt + 1).split('&');
  for (let i = 0; i < pairs.length; i++) {
    const equalsAt = pairs[i].indexOf('=');
    if (equalsAt === -1) continue;
    const rawName = pairs[i].slice(0, equalsAt);
    const name = decoded(rawName).toLowerCase();
    const secret =
      CREDENTIAL_PARAMS.has(name) ||
      SECRET_NAME.test(name) ||
      name === TOKEN_PAGE_PARAM ||
      (name === RPC_PARAMS && CREDENTIAL_NAME.test(decoded(pairs[i].slice(equalsAt + 1))));
    if (secret) pairs[i] = `${rawName}=[redacted]`;
  }
  return `${url.slice(0, queryAt + 1)}${pairs.join('&')}`;
}

/** A destination that can hold lines back for a batch (LineBatches). */
interface BatchingDestination {
  writeBatched?(line: string): void;
}

/** Polled by machines at a fixed rate, with no caller: a line each would drown the others (both are counted in /metrics). */
const UNLOGGED_ROUTES = new Set(['/health', '/metrics']);

/** What an access line says about a request (no header, and the URL without credentials). */
export interface AccessLine {
  requestId: string;
  method: string;
  /** The route's template (`/rest/product/:id_or_name`), or '(unmatched)'. */
  route: string;
  url: string;
  statusCode: number;
  /** Milliseconds, one decimal. */
  responseTime: number;
  /** The caller the guard resolved: its user id, 0 when anonymous, null when none was (unknown path, rejected credentials). */
  userId: number | null;
}

export function accessLine(
  request: FastifyRequest,
  statusCode: number,
  elapsedMs: number,
  route = routeTemplate(request),
): AccessLine {
  return {
    requestId: request.id,
    method: request.method,
    route,
    url: redactCredentials(request.url),
    statusCode,
    responseTime: Math.round(elapsedMs * 10) / 10,
    userId: (request as RequestWithUser).user?.id ?? null,
  };
}

/**
 * The access line as pino would write it from `http` (a child logger with `context: 'HTTP'`) for
 * `http.info(line, 'request completed')`: the same characters, fields in the same order, to the same
 * destination (JSON lines, or the readable form on a terminal). Built from the two parts pino has
 * already serialised — the level's opening and the logger's bindings (pid, hostname, context) —
 * and this record's seven known fields, without pino's generic walk over an object's keys, types
 * and serialisers: a line for every request is the access log's whole cost.
 * (access-log.spec.ts compares it with pino's own line.)
 */
export function accessLineWriter(http: Logger): (line: AccessLine) => void {
  const destination = (http as unknown as Record<symbol, DestinationStream & BatchingDestination>)[
    pino.symbols.streamSym
  ];
  // JSON lines (log-output.ts's LineBatches) take access lines in batches; any other destination line by line.
  const send =
    typeof destination.writeBatched === 'function'
      ? (line: string) => destination.writeBatched!(line)
      : (line: string) => destination.write(line);
  const bindings = (http as unknown as Record<symbol, string>)[pino.symbols.chindingsSym];
  const opening = `{"level":${http.levels.values.info},"time":`;
  /**
   * Routes and methods are a bounded set: the text between the request id and the URL
   * (`,"method":"GET","route":"/rest/product_accessible","url":`) made once for each pair.
   */
  const middles = new Map<string, Map<string, string>>();
  let pairs = 0;
  const middle = (method: string, route: string) => {
    let byMethod = middles.get(route);
    let text = byMethod?.get(method);
    if (text === undefined) {
      text = `,"method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"url":`;
      if (pairs < 10_000) {
        if (!byMethod) middles.set(route, (byMethod = new Map()));
        byMethod.set(method, text);
        pairs++;
      }
    }
    return text;
  };
  return (line) => {
    send(
      `${opening}${Date.now()}${bindings},"requestId":${jsonString(line.requestId)}${middle(line.method, line.route)}` +
        `${jsonString(line.url)},"statusCode":${line.statusCode},"responseTime":${tenthsText(line.responseTime)}` +
        `,"userId":${line.userId},"msg":"request completed"}\n`,
    );
  };
}

/** Characters JSON.stringify writes otherwise than as they are (lone surrogates included). */
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const NEEDS_ESCAPING = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(text), without its work for the usual text (a request id, a URL) that has nothing to escape. */
export function jsonString(text: string): string {
  return NEEDS_ESCAPING.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * A number of tenths (`Math.round(ms * 10) / 10`) as JSON writes it (`3.1`, `12`, `0.5`), from its
 * integer parts: a double's shortest text costs more to work out than two small integers'.
 */
export function tenthsText(value: number): string {
  const tenths = Math.round(value * 10);
  if (!Number.isSafeInteger(tenths) || tenths < 0) return JSON.stringify(value);
  const digit = tenths % 10;
  return digit === 0 ? `${tenths / 10}` : `${(tenths - digit) / 10}.${digit}`;
}

/**
 * One structured line per answered request (level info), with Fastify's request id — the id a 500
 * answer names: the line pino would write from a child logger with the context bound
 * (accessLineWriter), the same record Nest's Logger('HTTP') wrote through nestjs-pino (`context`
 * first, `msg` last), without the wrappers' copies of it. Undefined when the level leaves it out
 * (LOG_LEVEL above info): then nothing is done per request at all.
 */
export function accessLogObserver(logger: Logger): AnsweredRequestObserver | undefined {
  const http = logger.child({ context: 'HTTP' });
  if (!http.isLevelEnabled('info')) return undefined;
  const write = accessLineWriter(http);
  return (request, reply, route, elapsedMs) => {
    if (!UNLOGGED_ROUTES.has(route)) write(accessLine(request, reply.statusCode, elapsedMs, route));
  };
}
