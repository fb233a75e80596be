import { readFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { type BugzillaError, envelope, Errors } from '../bugzilla/bugzilla-error.js';
import type { RedirectSettings } from '../config/app-config.js';

/**
 * HTTP_REDIRECT_PORT (SPEC §18): the plain-HTTP listener of a site that serves HTTPS. Every request is
 * answered with a permanent redirect to the same URL over HTTPS — 301 for GET and HEAD, 308 for the rest,
 * which (unlike 301) a client may not turn into a GET — except ACME's HTTP-01 challenges,
 * `/.well-known/acme-challenge/<token>`, which are served from ACME_WEBROOT as files, so that
 * `certbot certonly --webroot` renews the certificate with the service in place (certbot writes the token
 * there, Let's Encrypt fetches it over port 80). The supervisor runs it: it holds no application, and stays
 * open through reloads.
 */

const CHALLENGE_PREFIX = '/.well-known/acme-challenge/';

/**
 * A token as RFC 8555 §8.3 makes them: base64url characters only. Anything else (a `/`, a `.`, a `%`) is
 * no token, which refuses every way out of the challenge directory before the file system is reached.
 */
const TOKEN = /^[A-Za-z0-9_-]{1,255}$/;

/** A Host header: a name or IPv4 address, or a bracketed IPv6 one, with an optional port. */
const HOST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?::\d{1,5})?$/;

/** Writes `error` as Bugzilla's envelope (the redirect listener's answers that are not redirects). */
function sendError(response: ServerResponse, error: BugzillaError): void {
  const body = JSON.stringify(envelope(error.code, error.message));
  response.writeHead(error.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

/** The HTTPS URL of the same resource: the Host's name, the HTTPS port (left out when 443), the same path and query. */
export function httpsLocation(host: string, target: string, httpsPort: number): string | undefined {
  const name = HOST.exec(host)?.[1];
  // Origin form (`/path?query`) only: the absolute form is for proxies, and an asterisk for OPTIONS is no resource.
  if (!name || !target.startsWith('/')) return undefined;
  return `https://${name.toLowerCase()}${httpsPort === 443 ? '' : `:${httpsPort}`}${target}`;
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  settings: RedirectSettings,
  httpsPort: number,
) {
  const method = request.method ?? 'GET';
  const target = request.url ?? '/';
  const path = target.split('?')[0];
  if (settings.acmeWebroot && path.startsWith(CHALLENGE_PREFIX)) {
    const token = path.slice(CHALLENGE_PREFIX.length);
    if ((method !== 'GET' && method !== 'HEAD') || !TOKEN.test(token))
      return sendError(response, Errors.resourceNotFound(method, path));
    let file: Buffer;
    try {
      file = await readFile(join(settings.acmeWebroot, '.well-known', 'acme-challenge', token));
    } catch {
      return sendError(response, Errors.resourceNotFound(method, path));
    }
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': file.length });
    return response.end(method === 'HEAD' ? undefined : file);
  }
  const location = httpsLocation(request.headers.host ?? '', target, httpsPort);
  if (!location) return sendError(response, Errors.badRequest('A request to this address needs a valid Host header.'));
  response.writeHead(method === 'GET' || method === 'HEAD' ? 301 : 308, { location, 'content-length': 0 });
  response.end();
}

/** The listener, not yet listening. Request bodies are never read: each answer closes its connection after it. */
export function createRedirectServer(settings: RedirectSettings, httpsPort: number): http.Server {
  const server = http.createServer({ requestTimeout: 30_000, headersTimeout: 20_000 }, (request, response) => {
    // A body is not read, so the connection cannot carry another request after it.
    response.shouldKeepAlive = false;
    answer(request, response, settings, httpsPort).catch(() => response.destroy());
  });
  return server;
}
