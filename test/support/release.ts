import { readFileSync } from 'node:fs';

/** The version in package.json, which /health and /metrics name (SPEC §17). */
export const PACKAGE_VERSION: string = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string })
  .version;
