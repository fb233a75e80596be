// Generates the typed client's types from the document the service serves (GET /api/openapi.json):
// what a consumer's CI does, so that its client follows the API it tests against.
import { mkdirSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { startServer } from 'bugzilla-products';

const server = await startServer();
try {
  const document = await (await fetch(`${server.url}/api/openapi.json`)).json();
  mkdirSync(new URL('../generated/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../generated/bugzilla-api.d.ts', import.meta.url), astToString(await openapiTS(document)));
} finally {
  await server.close();
}
