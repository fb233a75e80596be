// Builds the admin console into dist/admin-ui: one JavaScript bundle, one stylesheet and the page
// that loads them (no inline script, so the strict Content-Security-Policy holds). Run by `npm run build`.
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'dist', 'admin-ui');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: { app: join(here, 'src', 'main.tsx') },
  outdir: out,
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2022'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  legalComments: 'none',
  logLevel: 'warning',
});
copyFileSync(join(here, 'index.html'), join(out, 'index.html'));

const gzipped = ['app.js', 'app.css'].reduce((sum, f) => sum + gzipSync(readFileSync(join(out, f))).length, 0);
if (process.argv.includes('--size'))
  console.log(`admin console: ${(gzipped / 1024).toFixed(1)} KB gzipped (app.js + app.css)`);
