// The provider's side: the packed bugzilla-products, started as a CI job would start it (the
// command, in memory, with a base seed and the states file), verifies every pact of its consumers
// with Pact's verifier (pact-core), which POSTs each interaction's states to /_pact/provider_states
// (setup before, teardown after) and then replays the request.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import pact from '@pact-foundation/pact-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = (path: string) => new URL(path, import.meta.url).pathname;
const bin = join(
  dirname(createRequire(import.meta.url).resolve('bugzilla-products/package.json')),
  'dist/src/cli/bugzilla-products.js',
);

let server: ChildProcess;
let url: string;

beforeAll(async () => {
  server = spawn(
    process.execPath,
    [
      bin,
      '--database',
      'memory',
      '--port',
      '0',
      '--seed',
      here('../../provider/base.yaml'),
      '--provider-states',
      here('../../provider/states.yaml'),
      '--print-url',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: server.stdout! })[Symbol.asyncIterator]();
  url = (await lines.next()).value;
});

afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

describe('bugzilla-products honours its consumers’ pacts', () => {
  it('verifies pacts/app-bugzilla-products.json', async () => {
    expect(url).toMatch(/^http:\/\//);
    await pact.verifyPacts({
      provider: 'bugzilla-products',
      providerBaseUrl: url,
      pactUrls: [here('../../pacts/app-bugzilla-products.json')],
      providerStatesSetupUrl: `${url}/_pact/provider_states`,
      providerStatesSetupTeardown: true,
      logLevel: 'warn',
    });
  });
});
