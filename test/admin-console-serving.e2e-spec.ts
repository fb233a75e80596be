import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTES } from '../admin-ui/src/api/client.js';
import { ADMIN_CSP, builtConsoleDir } from '../src/admin-console/admin-console.js';
import { forEachDialect, startTestApp, DIALECTS } from './support/test-app.js';

/**
 * How the service serves the admin console (SPEC §11): the page and its assets at /admin/ with the
 * console's security headers, nothing at all with ADMIN_UI=false, a bundle under 100 KB gzipped, and
 * a client that uses only routes the service documents.
 */

const ASSETS = [
  ['/admin/', 'text/html; charset=utf-8'],
  ['/admin', 'text/html; charset=utf-8'],
  ['/admin/app.js', 'text/javascript; charset=utf-8'],
  ['/admin/app.css', 'text/css; charset=utf-8'],
] as const;

forEachDialect('admin console: serving', (app) => {
  it.each(ASSETS)('serves %s as %s with the security headers', async (path, type) => {
    const res = await app().get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['content-security-policy']).toBe(ADMIN_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^".+"$/);
    const again = await app().get(path, { headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('keeps scripts out of the page itself and refuses inline script, eval and framing', async () => {
    const res = await app().get('/admin/');
    expect(res.text).toContain('<script type="module" src="/admin/app.js"></script>');
    expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.text).not.toMatch(/\son\w+=/);
    expect(ADMIN_CSP).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  it('answers an unknown file under /admin/ as an unknown path', async () => {
    const res = await app().get('/admin/../package.json');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: true, code: 32614 });
    const other = await app().get('/admin/secrets.txt');
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ error: true, code: 32614 });
  });

  it('uses only routes the service documents in its OpenAPI document', async () => {
    const doc = (await app().get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`),
      ),
    );
    const missing = Object.values(ROUTES)
      .map((route) => route.replace(/\{[^}]+\}/g, '{}'))
      .filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
  });
});

describe.each(DIALECTS)('admin console: ADMIN_UI=false [%s]', (dialect) => {
  it('serves nothing at /admin/: an unknown path like any other', async () => {
    const app = await startTestApp(dialect, { ADMIN_UI: 'false' });
    try {
      for (const path of ['/admin/', '/admin/app.js']) {
        const res = await app.get(path);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          error: true,
          code: 32614,
          message: `A REST API resource was not found for 'GET ${path}'.`,
          documentation: 'https://bugzilla.readthedocs.org/en/5.0/api/',
        });
      }
    } finally {
      await app.close();
    }
  });
});

describe('admin console: the bundle', () => {
  it('ships under 100 KB of JavaScript and CSS, gzipped', () => {
    const dir = builtConsoleDir();
    const bytes = ['app.js', 'app.css'].reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f))).length, 0);
    expect(bytes).toBeLessThan(100 * 1024);
  });
});
