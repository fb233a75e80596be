// Preloaded into the service for the benchmark's query-count pass only (node --import ./bench/query-counter.mjs
// dist/src/main.js); the timed runs start the service without it. It counts the statements mysql2 sends
// (its diagnostics channels, no patching) and answers them on BENCH_COUNTER_PORT: GET / gives
// {"count": n, "statements": [...]} since the last GET /reset.
import { tracingChannel } from 'node:diagnostics_channel';
import { createServer } from 'node:http';

let statements = [];
const record = (message) => statements.push(String(message?.query ?? message?.sql ?? '?').replace(/\s+/g, ' ').trim());
tracingChannel('mysql2:query').start.subscribe(record);
tracingChannel('mysql2:execute').start.subscribe(record);

const port = Number(process.env.BENCH_COUNTER_PORT || 3189);
createServer((request, response) => {
  if (request.url === '/reset') statements = [];
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ count: statements.length, statements }));
})
  .listen(port, '127.0.0.1')
  .unref();
