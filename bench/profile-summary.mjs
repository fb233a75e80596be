// The top self-time entries of a V8 CPU profile (`node --cpu-prof`), grouped by function and file:
// where a process spent its own time, without the callers' share.
//
//   node bench/profile-summary.mjs bench/results/profiles/CPU.....cpuprofile [20]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export function topSelfTime(file, limit = 20) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const selfMicros = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // Each sample names the node running then; timeDeltas[i] is the time up to sample i.
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    selfMicros.set(key, (selfMicros.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
  return [...selfMicros.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, micros]) => ({ name, ms: micros / 1000, share: micros / total }));
}

/** Where a frame's code lives: an npm package, a directory of the service's dist/src, Node itself, or V8's own entries. */
function placeOf(callFrame) {
  const { url, functionName } = callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1];
  const own = /\/dist\/src\/([^/]+)\//.exec(url);
  if (own) return `service: src/${own[1]}`;
  if (url.startsWith('node:')) return 'node (built-in modules)';
  return url.replace(/^.*\//, '');
}

/** Self time by package (share of the busy time: idle left out). */
export function selfTimeByPlace(file, limit = 15) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const micros = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const place = placeOf(byId.get(profile.samples[i]).callFrame);
    micros.set(place, (micros.get(place) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  micros.delete('(idle)');
  const busy = [...micros.values()].reduce((a, b) => a + b, 0);
  return [...micros.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([place, us]) => ({ place, ms: us / 1000, share: us / busy }));
}

export function placeTable(file, limit = 15) {
  const lines = ['| self time | share of busy time | where |', '|---:|---:|---|'];
  for (const row of selfTimeByPlace(file, limit)) {
    lines.push(`| ${row.ms.toFixed(0)} ms | ${(row.share * 100).toFixed(1)} % | ${row.place} |`);
  }
  return lines.join('\n');
}

export function profileTable(file, limit = 20) {
  const lines = ['| self time | share | function (file:line) |', '|---:|---:|---|'];
  for (const row of topSelfTime(file, limit)) {
    lines.push(`| ${row.ms.toFixed(0)} ms | ${(row.share * 100).toFixed(1)} % | \`${row.name}\` |`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(profileTable(process.argv[2], Number(process.argv[3] ?? 20)));
  console.log(`\n${placeTable(process.argv[2])}`);
}
