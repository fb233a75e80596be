import http from 'node:http';
import type { Socket } from 'node:net';
import { BugzillaStandIn, listeningFront } from './support/bugzilla-stand-in.js';
import { DIALECTS, type TestApp } from './support/test-app.js';

/**
 * SPEC §13, a passed request that can be delivered is answered by Bugzilla, never 502: Bugzilla
 * under Apache and mod_perl ends a child after the request it served (mod_perl.pl's
 * Apache2::SizeLimit), so a kept-alive connection the front sends its next request on is reset
 * before any answer. The stand-in here does that to every request that comes on a connection that
 * has already been answered once: it resets it unread, as a closing Apache child does. Reads are
 * passed again on a new connection; writes go on a new connection of their own and reach Bugzilla
 * exactly once.
 */

/** One request over a socket of its own; the status and the body. */
function exchange(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.runIf(DIALECTS.includes('mysql'))(
  'the front and a Bugzilla that closes each kept-alive connection after one answer (SPEC §13) [mysql]',
  () => {
    const bugzilla = new BugzillaStandIn();
    let app: TestApp;
    let port: number;
    /** Requests each socket of the stand-in has answered. */
    const answered = new WeakMap<Socket, number>();
    /** How many times each write (by its body) was delivered, i.e. read and answered by the stand-in. */
    const delivered = new Map<string, number>();
    let resets = 0;

    beforeAll(async () => {
      bugzilla.on(
        () => true,
        async (req, res, body) => {
          const socket = req.socket;
          if ((answered.get(socket) ?? 0) > 0) {
            // A kept-alive connection used a second time: reset before reading anything.
            resets++;
            socket.resetAndDestroy();
            return;
          }
          const bytes = (await body()).toString('utf8');
          if (req.method !== 'GET') delivered.set(bytes, (delivered.get(bytes) ?? 0) + 1);
          answered.set(socket, 1);
          const text = JSON.stringify({ method: req.method, url: req.url, body: bytes });
          res.writeHead(200, {
            'content-type': 'application/json; charset=UTF-8',
            'content-length': String(Buffer.byteLength(text)),
            'keep-alive': 'timeout=5, max=100',
          });
          res.end(text);
        },
      );
      ({ app, port } = await listeningFront(bugzilla));
    });
    afterAll(async () => {
      await app?.close();
      await bugzilla.close();
    });

    it('sequential reads and writes all get Bugzilla answer, and each write reaches Bugzilla exactly once', async () => {
      const failures: string[] = [];
      const writes: string[] = [];
      for (let i = 0; i < 25; i++) {
        const page = await exchange(port, 'GET', `/index.cgi?round=${i}`);
        if (page.status !== 200 || JSON.parse(page.text).url !== `/index.cgi?round=${i}`)
          failures.push(`GET ${i}: ${page.status}`);

        const call = JSON.stringify({ method: 'Bugzilla.version', params: [{}], id: i });
        writes.push(call);
        const rpc = await exchange(port, 'POST', '/jsonrpc.cgi', { 'content-type': 'application/json' }, call);
        if (rpc.status !== 200 || JSON.parse(rpc.text).body !== call) failures.push(`JSON-RPC ${i}: ${rpc.status}`);

        const form = `action=update&product=Widget&component=Engine&description=round-${i}`;
        writes.push(form);
        const saved = await exchange(
          port,
          'POST',
          '/editcomponents.cgi',
          { 'content-type': 'application/x-www-form-urlencoded' },
          form,
        );
        if (saved.status !== 200 || JSON.parse(saved.text).body !== form) failures.push(`form ${i}: ${saved.status}`);
      }
      expect(failures).toEqual([]);
      expect([...delivered.entries()]).toEqual(writes.map((write) => [write, 1]));
      // The stand-in did reset reused connections: the reads met it and were passed again.
      expect(resets).toBeGreaterThan(0);
    });

    it("the front's own mark for a request passed again never reaches Bugzilla, nor one a client sends", async () => {
      const page = await exchange(port, 'GET', '/index.cgi?marked', { 'x-bugzilla-products-fresh-connection': '1' });
      expect(page.status).toBe(200);
      expect(bugzilla.seen.filter((seen) => 'x-bugzilla-products-fresh-connection' in seen.headers)).toEqual([]);
    });
  },
);
