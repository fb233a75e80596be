// Writes the seed's JSON Schema (src/seed/seed-schema.ts, built) to dist/seed.schema.json,
// which the package exports as `bugzilla-products/seed.schema.json`.
import { writeFileSync } from 'node:fs';

const { SEED_SCHEMA } = await import('../dist/src/seed/seed-schema.js');
writeFileSync(new URL('../dist/seed.schema.json', import.meta.url), `${JSON.stringify(SEED_SCHEMA, null, 2)}\n`);
