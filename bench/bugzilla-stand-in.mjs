#!/usr/bin/env node
// A stand-in for the Perl Bugzilla behind the front, for `npm run bench -- --front`: answers every
// request with a short JSON body after BENCH_BUGZILLA_DELAY_MS (default 0), on BENCH_BUGZILLA_PORT.
// It reads each request's body (as Bugzilla does) and keeps connections alive (as Apache does).
import http from 'node:http';

const port = Number(process.env.BENCH_BUGZILLA_PORT || 3192);
const delayMs = Number(process.env.BENCH_BUGZILLA_DELAY_MS || 0);
const body = JSON.stringify({
  bugs: [{ id: 1, summary: 'A bug', status: 'CONFIRMED', assigned_to: 'dev@example.com' }],
  faults: [],
});

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const answer = () => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=UTF-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
});
server.keepAliveTimeout = 5000;
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
