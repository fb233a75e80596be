import type { FastifyRequest } from 'fastify';

/** The route of every request no route matched (unknown paths, preflights): one name, whatever the URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** What Fastify keeps per route and gives each of its requests (the part read here). */
interface RouteContext {
  config?: { url?: string };
}

/**
 * The key under which Fastify keeps a request's route context (a symbol described `fastify.context`),
 * once found on a request. `request.routeOptions` is built from that context as a new object of
 * thirteen fields on every read, for the one string wanted here (bench/README.md, "Sixth pass").
 * Should a Fastify version keep the context otherwise, the key is not found (null: looked for once,
 * not on every request) and `routeOptions` is read instead (route-template.spec.ts compares the two
 * on real requests).
 */
let routeContextKey: symbol | null | undefined;

function findRouteContextKey(request: FastifyRequest): symbol | null {
  return Object.getOwnPropertySymbols(request).find((key) => key.description === 'fastify.context') ?? null;
}

/**
 * The route's template as registered (`/rest/product/:id_or_name`), never the requested URL:
 * a bounded set of names, for metrics labels and log lines.
 */
export function routeTemplate(request: FastifyRequest): string {
  const key = routeContextKey ?? (routeContextKey = findRouteContextKey(request));
  const context = key === null ? undefined : (request as unknown as Record<symbol, RouteContext | undefined>)[key];
  // Every request of Fastify's has one (an unmatched one too: the not-found handler's).
  if (context === undefined) return request.routeOptions?.url ?? UNMATCHED_ROUTE;
  return context.config?.url ?? UNMATCHED_ROUTE;
}
