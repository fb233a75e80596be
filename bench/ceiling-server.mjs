#!/usr/bin/env node
// The benchmark's ceiling: what this machine can serve at all for a request. A bare Fastify process
// asks the running service once for each path it is given (with the bench user's API key) and then
// answers every request for that path with those bytes, the same status and the same headers (all
// the service sent but those Node writes itself: Date, Connection, Keep-Alive, Content-Length): the
// same answer on the wire, with no database, no framework pipeline, no per-request work. The
// service's req/s over this one's is the share of the machine the service's per-request work leaves.
//
//   SOURCE=http://127.0.0.1:3187 API_KEY=... PATHS='/rest/product_accessible /rest/product?names=X' PORT=3190 \
//     node bench/ceiling-server.mjs
//
// With TLS_CERT_FILE and TLS_KEY_FILE it serves HTTPS as the service does (SPEC §18: Node's HTTP/2 server taking
// HTTP/1.1 too, the service's TLS options from the build): what TLS costs any Node server for the same bytes.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { fetchAnswers } from './replayed-answers.mjs';

const source = process.env.SOURCE || 'http://127.0.0.1:3187';
const port = Number(process.env.PORT || 3190);
const paths = (process.env.PATHS || '').split(' ').filter(Boolean);

const answers = await fetchAnswers(source, paths, process.env.API_KEY ?? '');

const { TLS_CERT_FILE, TLS_KEY_FILE } = process.env;
const https =
  TLS_CERT_FILE && TLS_KEY_FILE
    ? {
        ...(await import('../dist/src/tls/tls-options.js')).tlsServerOptions({
          cert: readFileSync(TLS_CERT_FILE),
          key: readFileSync(TLS_KEY_FILE),
        }),
        allowHTTP1: true,
      }
    : undefined;
const app = Fastify({ logger: false, ...(https && { http2: true, https }) });
app.get('/health', async () => ({ status: 'ok' }));
app.get('/*', (request, reply) => {
  const answer = answers.get(request.url);
  if (!answer) return reply.status(404).send({ error: true, code: 32614, message: 'not a ceiling path' });
  return reply.status(answer.status).headers(answer.headers).send(answer.body);
});
await app.listen({ host: '127.0.0.1', port });
