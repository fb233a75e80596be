// Writes the seed's JSON Schema (src/seed/seed-schema.ts, built) to dist/seed.schema.json, and the
// catalogue file's (src/catalog-as-code/catalog-file.ts, derived from it) to dist/catalogue.schema.json,
// which the package exports as `bugzilla-products/seed.schema.json` and `.../catalogue.schema.json`.
import { writeFileSync } from 'node:fs';

const { SEED_SCHEMA } = await import('../dist/src/seed/seed-schema.js');
writeFileSync(new URL('../dist/seed.schema.json', import.meta.url), `${JSON.stringify(SEED_SCHEMA, null, 2)}\n`);
const { CATALOGUE_SCHEMA } = await import('../dist/src/catalog-as-code/catalog-file.js');
writeFileSync(
  new URL('../dist/catalogue.schema.json', import.meta.url),
  `${JSON.stringify(CATALOGUE_SCHEMA, null, 2)}\n`,
);
