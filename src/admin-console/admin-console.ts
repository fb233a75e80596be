import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where the console is served (SPEC §11). */
export const ADMIN_PATH = '/admin';

/**
 * The console's Content-Security-Policy: scripts, styles and requests only from this origin (no inline
 * script, no eval), never framed. The console builds every element with Preact, which sets text as
 * text nodes, so a hostile product name cannot become markup even if a bug tried.
 */
export const ADMIN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

interface Asset {
  type: string;
  body: string | Buffer;
}

/** The built console (`npm run build` writes it to dist/admin-ui), found from this module's place in the package. */
export function builtConsoleDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, 'dist', 'admin-ui');
}

/** Every file of the built console, read once: a few small files, served from memory. */
function readAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  for (const name of readdirSync(dir)) {
    const type = CONTENT_TYPES[extname(name)];
    if (!type) continue;
    const bytes = readFileSync(join(dir, name));
    // Text goes out as a string so that the service's ETag/304 convention covers it too.
    assets.set(name, { type, body: type.startsWith('image/') ? bytes : bytes.toString('utf8') });
  }
  return assets;
}

/**
 * Serves the admin console at /admin/: its page and its assets, each with the console's security
 * headers. The server knows nothing else of the console, which talks to it through /rest only.
 * With nothing built (a bare `tsc`), /admin/ is an unknown path like any other.
 */
export function serveAdminConsole(fastify: FastifyInstance, dir = builtConsoleDir()): void {
  const assets = readAssets(dir);
  const page = assets.get('index.html');
  if (!page) return;

  const send = (reply: FastifyReply, asset: Asset) =>
    reply
      .header('content-type', asset.type)
      // Revalidated every time (ETag): a new build is picked up at once.
      .header('cache-control', 'no-cache')
      .send(asset.body);
  // Set last (a route's onSend runs after the service-wide one, which allows same-origin framing).
  const onSend = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    void reply
      .header('content-security-policy', ADMIN_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer');
    return payload;
  };

  // The page also at /admin (the router ignores a trailing slash): its assets' URLs are absolute.
  fastify.get(ADMIN_PATH, { onSend }, (_request, reply) => send(reply, page));
  for (const [name, asset] of assets) {
    if (name !== 'index.html')
      fastify.get(`${ADMIN_PATH}/${name}`, { onSend }, (_request, reply) => send(reply, asset));
  }
}
