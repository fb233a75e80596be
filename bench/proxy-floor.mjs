#!/usr/bin/env node
// The floor of passing a request on, for `npm run bench -- --front`: a bare Node HTTP server that sends
// each request to the stand-in Bugzilla with undici and pipes the answer back — no routing, no header
// rules, no log. What the front adds to Bugzilla's time beyond this is the front's own; the rest is what
// any extra hop costs on the machine. BENCH_FLOOR_PORT, BENCH_BUGZILLA_PORT.
import http from 'node:http';
import { Agent } from 'undici';

const port = Number(process.env.BENCH_FLOOR_PORT || 3194);
const origin = `http://127.0.0.1:${process.env.BENCH_BUGZILLA_PORT || 3192}`;
const agent = new Agent({ connections: 128 });

const server = http.createServer((req, res) => {
  agent.request(
    { origin, path: req.url, method: req.method, headers: { host: new URL(origin).host } },
    (error, answer) => {
      if (error) {
        res.writeHead(502).end();
        return;
      }
      res.writeHead(answer.statusCode, answer.headers);
      answer.body.pipe(res);
    },
  );
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
