import type { FastifyRequest } from 'fastify';

/** The route of every request no route matched (unknown paths, preflights): one name, whatever the URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The route's template as registered (`/rest/product/:id_or_name`), never the requested URL:
 * a bounded set of names, for metrics labels and log lines.
 */
export function routeTemplate(request: FastifyRequest): string {
  return request.routeOptions?.url ?? UNMATCHED_ROUTE;
}
