import type { FastifyInstance } from 'fastify';
import { databaseFaultOf } from '../bugzilla/error-envelope.js';
import { routeTemplate } from '../bugzilla/route-template.js';
import type { AppMetrics } from './app-metrics.js';

/** The path where Prometheus scrapes. */
export const METRICS_PATH = '/metrics';

/**
 * Serves `GET /metrics` and counts every answered request by route template,
 * method and status, with a Fastify hook: routes added later (in any module or
 * transport) are counted without a change here. `/metrics` is a plain Fastify
 * route, so it is not in the OpenAPI document and the Bugzilla guard does not
 * apply to it (a scraper has no Bugzilla credentials). Must run before `app.init()`.
 */
export function registerMetrics(fastify: FastifyInstance, metrics: AppMetrics): void {
  metrics.startProcessMetrics();
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      routeTemplate(request),
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
      databaseFaultOf(request),
    );
    done();
  });
  fastify.get(METRICS_PATH, async (_request, reply) => {
    const { contentType, text } = await metrics.scrape();
    return reply.header('content-type', contentType).send(text);
  });
}
