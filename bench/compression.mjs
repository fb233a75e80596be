// `npm run bench -- --compression [--rounds 3] [--duration 5] [--connections 10]`: compression of the
// service's own answers (SPEC §18), on the bench data (`npm run bench:data`, 2,000 products):
//
// - bytes: each answer plain, in the service's gzip and br, and the plain bytes gzipped at zlib's level 6 —
//   what Apache's mod_deflate (DeflateCompressionLevel unset) makes of them: goal, the service's gzip no
//   larger, its br smaller.
// - cost: req/s (and the service's CPU per request) for the same read plain, in gzip and in br, measured back
//   to back in each round: goal, compressed reads at least 0.8 of plain ones (the model's answers are
//   compressed once per catalogue revision, then sent from kept bytes).
// - memory: the service's RSS after the runs, and what the compressed-answer cache holds (its metrics).
//
// Answers: one product (the bench's big one) over REST; the whole catalogue over REST; the whole catalogue
// over XML-RPC as python-bugzilla asks for it in its default mode (Product.get of every accessible id).
// Port: BENCH_PORT (3187) + 8. Results: bench/results/compression.{json,md}.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { benchFixture, median, metricValue, procStatusMiB, RESULTS, startBuiltService } from './bench-service.mjs';
import { serviceTicks, servingPid, waitForHealth } from './processes.mjs';
import { stopProcess } from './stop-process.mjs';

function parseArgs(argv) {
  const options = { rounds: 3, duration: 5, connections: 10 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--compression') continue;
    else if (flag === '--rounds') options.rounds = Math.max(1, Number(value()));
    else if (flag === '--duration') options.duration = Number(value());
    else if (flag === '--connections') options.connections = Number(value());
    else throw new Error(`bench --compression: unknown option '${argv[i]}'`);
  }
  return options;
}

/** One autocannon run of `request`: req/s, non-2xx answers, and the service's CPU per request (ms). */
function measure(url, request, connections, duration, pid) {
  const ticksBefore = serviceTicks(pid);
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1, requests: [request] }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: result.requests.average,
        non2xx: result.non2xx + result.errors,
        cpuMsPerRequest: ((serviceTicks(pid) - ticksBefore) * 10) / Math.max(1, result.requests.total),
      });
    });
  });
}

/**
 * The length of one answer on the wire (its body as sent, not decoded), and its Content-Encoding; on a
 * connection of its own, or of `agent` (keep-alive, for many small reads).
 */
export function sent(url, request, encoding, agent = false) {
  const headers = { ...request.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) };
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${request.path}`, { method: request.method, headers, agent }, (res) => {
      let wire = 0;
      res.on('data', (chunk) => (wire += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], wire }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

/** One request to its last byte, as a rate (1 / seconds) with the service's CPU for it: for answers of seconds. */
async function timed(url, request, encoding, pid) {
  const ticksBefore = serviceTicks(pid);
  const startedAt = performance.now();
  const answer = await sent(url, request, encoding === 'identity' ? undefined : encoding);
  const seconds = (performance.now() - startedAt) / 1000;
  return {
    rps: 1 / seconds,
    non2xx: answer.status === 200 ? 0 : 1,
    cpuMsPerRequest: (serviceTicks(pid) - ticksBefore) * 10,
  };
}

/** The plain bytes of an answer (no Accept-Encoding: nothing to decode). */
async function plainBytes(url, request) {
  const answer = await fetch(`${url}${request.path}`, {
    method: request.method,
    headers: { ...request.headers, 'accept-encoding': 'identity' },
    body: request.body,
  });
  return Buffer.from(await answer.arrayBuffer());
}

/** python-bugzilla's Product.get of `ids` (its default mode), as an XML-RPC call. */
export function xmlrpcProductGet(ids) {
  const values = ids.map((id) => `<value><int>${id}</int></value>`).join('');
  return (
    '<?xml version="1.0"?><methodCall><methodName>Product.get</methodName><params><param><value><struct>' +
    `<member><name>ids</name><value><array><data>${values}</data></array></value></member>` +
    '</struct></value></param></params></methodCall>'
  );
}

export async function compression(argv) {
  const options = parseArgs(argv);
  const fixture = benchFixture('--compression');
  if (!fixture) return 2;
  const port = Number(process.env.BENCH_PORT || 3187) + 8;
  const url = `http://127.0.0.1:${port}`;
  const auth = { 'x-bugzilla-api-key': fixture.benchUser.apiKey };
  const child = startBuiltService('compression-service', fixture, { PORT: String(port) });
  try {
    await waitForHealth(url, child, 'compression-service');
    const ids = (await (await fetch(`${url}/rest/product_accessible`, { headers: auth })).json()).ids;
    const answers = [
      {
        name: 'one product, REST',
        request: {
          method: 'GET',
          path: `/rest/product?names=${encodeURIComponent(fixture.bigProduct)}`,
          headers: auth,
        },
      },
      {
        name: 'whole catalogue, REST',
        whole: true,
        request: { method: 'GET', path: '/rest/product?type=accessible', headers: auth },
      },
      {
        name: `whole catalogue, XML-RPC Product.get (${ids.length} ids, python-bugzilla)`,
        whole: true,
        request: {
          method: 'POST',
          path: '/xmlrpc.cgi',
          headers: { ...auth, 'content-type': 'text/xml' },
          body: xmlrpcProductGet(ids),
        },
      },
    ];

    const bytes = [];
    for (const { name, request } of answers) {
      const plain = await plainBytes(url, request);
      // The first compressed read of a revision compresses (the later ones are sent from kept bytes): timed.
      let startedAt = performance.now();
      const gzip = await sent(url, request, 'gzip');
      const gzipFirstMs = performance.now() - startedAt;
      startedAt = performance.now();
      const br = await sent(url, request, 'br');
      const brFirstMs = performance.now() - startedAt;
      const apacheGzip = gzipSync(plain, { level: 6 }).length;
      bytes.push({
        name,
        gzipFirstMs,
        brFirstMs,
        plain: plain.length,
        gzip: gzip.wire,
        br: br.wire,
        apacheGzip,
        encodings: [gzip.encoding, br.encoding],
      });
      console.log(
        `${name}: plain ${plain.length}, gzip ${gzip.wire} (${gzip.encoding}), br ${br.wire} (${br.encoding}), zlib -6 ${apacheGzip}`,
      );
    }

    const costs = [];
    for (const { name, request, whole } of answers) {
      // A whole catalogue takes seconds plain: timed one request at a time rather than counted in a window.
      const connections = whole ? 1 : options.connections;
      const rounds = [];
      for (let round = 0; round < options.rounds; round++) {
        const variants = ['identity', 'gzip', 'br'];
        const measured = {};
        // The order turns every round, so that the machine's drift within a round favours none.
        for (let k = 0; k < variants.length; k++) {
          const encoding = variants[(k + round) % variants.length];
          const headers = { ...request.headers, 'accept-encoding': encoding };
          measured[encoding] = whole
            ? await timed(url, request, encoding, child.pid)
            : await measure(url, { ...request, headers }, connections, options.duration, child.pid);
        }
        rounds.push(measured);
      }
      const ratio = (encoding) => median(rounds.map((r) => r[encoding].rps / r.identity.rps));
      const row = {
        name,
        connections,
        plainRps: median(rounds.map((r) => r.identity.rps)),
        gzipRps: median(rounds.map((r) => r.gzip.rps)),
        brRps: median(rounds.map((r) => r.br.rps)),
        gzipRatio: ratio('gzip'),
        brRatio: ratio('br'),
        cpuMs: {
          plain: median(rounds.map((r) => r.identity.cpuMsPerRequest)),
          gzip: median(rounds.map((r) => r.gzip.cpuMsPerRequest)),
          br: median(rounds.map((r) => r.br.cpuMsPerRequest)),
        },
        non2xx: rounds.reduce((n, r) => n + r.identity.non2xx + r.gzip.non2xx + r.br.non2xx, 0),
      };
      costs.push(row);
      console.log(
        `${name}: ${row.plainRps.toFixed(1)} plain, ${row.gzipRps.toFixed(0)} gzip, ${row.brRps.toFixed(0)} br req/s ` +
          `(gzip ${row.gzipRatio.toFixed(2)}x, br ${row.brRatio.toFixed(2)}x)`,
      );
    }
    const memory = {
      rssMiB: procStatusMiB(servingPid(child.pid), 'VmRSS'),
      keptBytes: await metricValue(url, 'bugzilla_compressed_kept_bytes'),
      keptAnswers: await metricValue(url, 'bugzilla_compressed_kept_answers'),
    };
    const summary = { at: new Date().toISOString(), options, products: ids.length, bytes, costs, memory };
    writeFileSync(join(RESULTS, 'compression.json'), `${JSON.stringify(summary, null, 2)}\n`);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    const md =
      `| answer | plain | gzip | br | zlib level 6 (mod_deflate) | first gzip, br read of the revision |\n|---|---:|---:|---:|---:|---:|\n` +
      bytes
        .map(
          (b) =>
            `| ${b.name} | ${kb(b.plain)} | ${kb(b.gzip)} | ${kb(b.br)} | ${kb(b.apacheGzip)} | ` +
            `${b.gzipFirstMs.toFixed(0)} ms, ${b.brFirstMs.toFixed(0)} ms |`,
        )
        .join('\n') +
      `\n\n| answer (connections) | plain req/s | gzip req/s (× plain) | br req/s (× plain) | CPU ms/req plain, gzip, br |\n|---|---:|---:|---:|---|\n` +
      costs
        .map(
          (c) =>
            `| ${c.name} (${c.connections}) | ${c.plainRps.toFixed(1)} | ${c.gzipRps.toFixed(1)} (${c.gzipRatio.toFixed(2)}) | ` +
            `${c.brRps.toFixed(1)} (${c.brRatio.toFixed(2)}) | ${c.cpuMs.plain.toFixed(2)}, ${c.cpuMs.gzip.toFixed(2)}, ${c.cpuMs.br.toFixed(2)} |`,
        )
        .join('\n') +
      `\n\nService RSS after the runs: ${memory.rssMiB.toFixed(0)} MiB; compressed answers kept: ` +
      `${memory.keptAnswers} (${kb(memory.keptBytes)}); non-2xx answers: ${costs.reduce((n, c) => n + c.non2xx, 0)}.\n`;
    writeFileSync(join(RESULTS, 'compression.md'), md);
    console.log(`\n${md}`);
    return 0;
  } finally {
    await stopProcess(child);
  }
}
