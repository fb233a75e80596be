import type { FastifyInstance } from 'fastify';

/** `METHOD /path` of every route in Fastify's route table (HEAD and OPTIONS are implied by the others). */
export function routeTable(fastify: FastifyInstance): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of fastify.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    const path = (parents[depth - 1] ?? '') + m[2];
    parents[depth] = path;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

/**
 * A route without its parameter names, to compare routes as the router lists them (a segment named
 * by every name used there: `:id_or_name|:product`) with routes as controllers and tables name them.
 */
export const routeShape = (route: string): string => route.replace(/:[^/]+/g, ':');

/** Whether `METHOD /concrete/path` is served by the route `METHOD /path/:param`. */
export function servedBy(route: string, request: string): boolean {
  const [method, path] = routeShape(route).split(' ');
  const [requestMethod, requestPath] = request.split(' ');
  const pattern = path
    .split('/')
    .map((segment) => (segment === ':' ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return method === requestMethod && new RegExp(`^${pattern}/?$`).test(requestPath);
}
