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
import Fastify from 'fastify';
import { fetchAnswers } from './replayed-answers.mjs';

const source = process.env.SOURCE || 'http://127.0.0.1:3187';
const port = Number(process.env.PORT || 3190);
const paths = (process.env.PATHS || '').split(' ').filter(Boolean);

const answers = await fetchAnswers(source, paths, process.env.API_KEY ?? '');

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
app.get('/*', (request, reply) => {
  const answer = answers.get(request.url);
  if (!answer) return reply.status(404).send({ error: true, code: 32614, message: 'not a ceiling path' });
  return reply.status(answer.status).headers(answer.headers).send(answer.body);
});
await app.listen({ host: '127.0.0.1', port });
