// What one change named by the binary log costs the model to merge, by table size (SPEC §15): a user's
// row (a login, a rename) merged into the index of every user, as the service did before layered maps
// (a copy of the whole Map, then a whole comparison with the one it replaces) and as it does now
// (src/cache/layered-map.ts). Also what a lookup costs in each (the guard reads a key or cookie per
// request). In-process, on the built code: `npm run bench:keyed-merge [-- --users 100000,1000000]`.
import { parseArgs } from 'node:util';
import { LayeredMap } from '../dist/src/cache/layered-map.js';
import { sameValue } from '../dist/src/cache/same-value.js';

const { values } = parseArgs({
  options: { users: { type: 'string', default: '10000,100000,1000000' }, changes: { type: 'string', default: '200' } },
});
const changes = Number(values.changes);
const LOOKUPS = 1_000_000;

function profiles(count) {
  return new Map(
    Array.from({ length: count }, (_, id) => [
      id,
      { userid: id, login_name: `user${id}@example.com`, realname: `User ${id}`, disabledtext: '', is_enabled: 1 },
    ]),
  );
}

/** The merge before layered maps: a copy of the whole index with the keys replaced. */
function copiedMerge(current, fresh, keys) {
  const merged = new Map(current);
  for (const key of keys) merged.delete(key);
  for (const [key, value] of fresh) merged.set(key, value);
  return merged;
}

const layeredMerge = (current, fresh, keys) => LayeredMap.withChanges(current, fresh, keys, sameValue);

/** Milliseconds per change: `changes` users renamed one at a time, each merge compared with its index. */
function perChange(whole, merge) {
  let index = whole;
  const start = performance.now();
  for (let round = 0; round < changes; round++) {
    const id = (round * 7919) % whole.size;
    const next = merge(index, new Map([[id, { ...whole.get(id), realname: `Renamed ${round}` }]]), [id]);
    sameValue(index, next); // the model's "did the table change?" (model-cache.ts)
    index = next;
  }
  return { ms: (performance.now() - start) / changes, index };
}

function lookupNs(index) {
  const start = performance.now();
  let found = 0;
  for (let i = 0; i < LOOKUPS; i++) if (index.get(i % index.size)) found++;
  if (found === 0) throw new Error('no lookup found its user');
  return ((performance.now() - start) * 1e6) / LOOKUPS;
}

console.log('| users | copied merge, ms per change | layered merge, ms per change | lookup ns, plain / layered |');
console.log('|---:|---:|---:|---:|');
for (const users of values.users.split(',').map(Number)) {
  const whole = profiles(users);
  const copied = perChange(whole, copiedMerge);
  const layered = perChange(whole, layeredMerge);
  const plain = lookupNs(whole);
  const overLayer = lookupNs(layered.index);
  console.log(
    `| ${users.toLocaleString('en')} | ${copied.ms.toFixed(2)} | ${layered.ms.toFixed(3)} | ${plain.toFixed(0)} / ${overLayer.toFixed(0)} |`,
  );
}
