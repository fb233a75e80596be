// The service as a test dependency (docs/test-authors.md): measures
//  1. start to first answer of startServer() in memory with a 20-product seed (in process, and
//     of the bugzilla-products command: process start to the printed URL);
//  2. a Pact provider state's setup + teardown (one product, 3 components, 2 users).
// Runs on dist/ (npm run build). Usage: node bench/kit.mjs [rounds]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const rounds = Number(process.argv[2] ?? 5);
const { startServer } = await import('../dist/src/index.js');

const users = Array.from({ length: 5 }, (_, i) => ({
  login: `user${i}@example.com`,
  api_key: `Key${i}`.padEnd(40, 'x'),
}));
const seed = {
  groups: [{ name: 'team' }],
  users,
  products: Array.from({ length: 20 }, (_, p) => ({
    name: `Product ${p}`,
    description: `Product number ${p}`,
    versions: ['1.0', '2.0'],
    milestones: ['M1', 'M2'],
    components: Array.from({ length: 3 }, (_, c) => ({ name: `Component ${c}`, default_assignee: users[c].login })),
    group_controls:
      p % 5 === 0 ? [{ group: 'team', membercontrol: 'Mandatory', othercontrol: 'Mandatory', entry: true }] : [],
  })),
};
const states = {
  'a product with three components': {
    users: [
      { login: 'alice@example.com', api_key: 'A'.repeat(40) },
      { login: 'bob@example.com', api_key: 'B'.repeat(40) },
    ],
    products: [
      {
        name: 'Stately',
        components: ['One', 'Two', 'Three'].map((name) => ({
          name,
          default_assignee: 'alice@example.com',
          default_qa_contact: 'bob@example.com',
        })),
      },
    ],
  },
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;

const inProcess = [];
for (let i = 0; i < rounds; i++) {
  const t0 = performance.now();
  const server = await startServer({ seed });
  const answer = await fetch(`${server.url}/rest/product?names=Product%203`);
  await answer.arrayBuffer();
  inProcess.push(performance.now() - t0);
  await server.close();
}
console.log(
  `startServer() to first answer, 20-product seed, in memory: median ${ms(median(inProcess))} (${inProcess.map(ms).join(', ')})`,
);

const dir = mkdtempSync(join(tmpdir(), 'bzp-kit-bench-'));
writeFileSync(join(dir, 'seed.json'), JSON.stringify(seed));
writeFileSync(join(dir, 'states.json'), JSON.stringify(states));
const command = [];
for (let i = 0; i < rounds; i++) {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [
      'dist/src/cli/bugzilla-products.js',
      '--database',
      'memory',
      '--port',
      '0',
      '--seed',
      join(dir, 'seed.json'),
      '--print-url',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = (await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next()).value;
  await (await fetch(`${url}/rest/product?names=Product%203`)).arrayBuffer();
  command.push(performance.now() - t0);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
console.log(
  `bugzilla-products --print-url, process start to first answer: median ${ms(median(command))} (${command.map(ms).join(', ')})`,
);

const server = await startServer({ seed, providerStates: join(dir, 'states.json') });
const change = (action) =>
  fetch(`${server.url}/_pact/provider_states`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ state: 'a product with three components', params: {}, action }),
  }).then((r) => r.arrayBuffer());
const cycles = [];
for (let i = 0; i < rounds * 20; i++) {
  const t0 = performance.now();
  await change('setup');
  await change('teardown');
  cycles.push(performance.now() - t0);
  // Not timed: what an interaction does between the two (and a check that the state was there).
  const read = await (await fetch(`${server.url}/rest/product?names=Stately&include_fields=name`)).json();
  if (i === 0 && read.products.length !== 0) throw new Error('teardown left the state behind');
}
await server.close();
rmSync(dir, { recursive: true, force: true });
console.log(
  `provider state setup + teardown (1 product, 3 components, 2 users; 20-product base): median ${cycles.length ? median(cycles).toFixed(1) : '-'} ms over ${cycles.length}`,
);
