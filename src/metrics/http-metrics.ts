import type { FastifyInstance } from 'fastify';
import type { AnsweredRequestObserver } from '../bugzilla/answered-requests.js';
import { databaseFaultOf } from '../bugzilla/error-envelope.js';
import type { AppMetrics } from './app-metrics.js';

/** The path where Prometheus scrapes. */
export const METRICS_PATH = '/metrics';

/**
 * Serves `GET /metrics`, and answers what counts every answered request by route
 * template, method and status (for observeAnsweredRequests' hook): routes added later
 * (in any module or transport) are counted without a change here. `/metrics` is a plain
 * Fastify route, so it is not in the OpenAPI document and the Bugzilla guard does not
 * apply to it (a scraper has no Bugzilla credentials). Must run before `app.init()`.
 */
export function registerMetrics(fastify: FastifyInstance, metrics: AppMetrics): AnsweredRequestObserver {
  metrics.startProcessMetrics();
  fastify.get(METRICS_PATH, async (_request, reply) => {
    const { contentType, text } = await metrics.scrape();
    return reply.header('content-type', contentType).send(text);
  });
  return (request, reply, route, elapsedMs) =>
    metrics.observeRequest(route, request.method, reply.statusCode, elapsedMs / 1000, databaseFaultOf(request));
}
