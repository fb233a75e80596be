import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeTemplate } from './route-template.js';

/**
 * Something done with every request once its answer has ended (the access log, the request
 * metrics): given the request, its reply, its route template (`/rest/product/:id_or_name`, or
 * '(unmatched)') and the milliseconds it took (Fastify's `reply.elapsedTime`).
 */
export type AnsweredRequestObserver = (
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
  elapsedMs: number,
) => void;

/**
 * One `onResponse` hook for all the observers, in the order given: each Fastify hook is a step of its
 * own on every request, and the route template and the time taken are worked out once for all of
 * them (the time reads the clock).
 */
export function observeAnsweredRequests(
  fastify: FastifyInstance,
  observers: readonly (AnsweredRequestObserver | undefined)[],
): void {
  const active = observers.filter((observer): observer is AnsweredRequestObserver => observer !== undefined);
  if (active.length === 0) return;
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = routeTemplate(request);
    const elapsedMs = reply.elapsedTime;
    for (let i = 0; i < active.length; i++) active[i](request, reply, route, elapsedMs);
    done();
  });
}
