import type { OpenAPIObject, OperationObject, PathItemObject, TagObject } from '@nestjs/swagger';
import type { RouteAccess } from '../auth/route-access.js';
import { CREDENTIAL_SCHEMES, securityFor } from './credential-schemes.js';
import { addErrorResponses } from './error-responses.js';
import { applyWireConventions, offerJsonp, schemasReachedFrom } from './wire-conventions.js';

/** Bugzilla's REST paths and the health check; anything else the app serves (RPC, metrics) is not REST. */
const DOCUMENTED_PATH = /^\/(rest|health)(\/|$)/;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface FinishOptions {
  /** The route's auth decorators, by operation id (see route-catalog.ts). */
  accessOf: (operationId: string) => RouteAccess | undefined;
  /** Bugzilla's `requirelogin` on this site: non-exempt routes then refuse anonymous callers. */
  requireLogin: boolean;
  /** Whether the route compares `If-Match` with its object's ETag (`@IfMatch`). */
  acceptsIfMatch?: (operationId: string) => boolean;
}

/**
 * Turns the document @nestjs/swagger generated into the one served: only REST and health paths;
 * on every operation the credentials it accepts and its error answers (from the route's auth
 * decorators, so no controller has to repeat them), a tag and a unique operation id; the tags
 * listed; the wire conventions of every route (wire-conventions.ts); schemas no operation uses dropped. Works on any controller added later as is.
 */
export function finishDocument(document: OpenAPIObject, options: FinishOptions): OpenAPIObject {
  const paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => DOCUMENTED_PATH.test(path)));
  const usedIds = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of operationsOf(item)) {
      const access = operation.operationId ? options.accessOf(operation.operationId) : undefined;
      if (!access) throw new Error(`OpenAPI: no route handler found for ${method.toUpperCase()} ${path}`);
      operation.security = securityFor(access, options.requireLogin);
      if (options.acceptsIfMatch?.(operation.operationId!)) addIfMatch(operation);
      addErrorResponses(operation, method, access, options.requireLogin);
      if (method === 'get' && path.startsWith('/rest')) offerJsonp(operation);
      if (!operation.tags?.length) operation.tags = [tagFromPath(path)];
      operation.operationId = uniqueId(operation.operationId!, usedIds);
    }
  }
  const finished: OpenAPIObject = {
    ...document,
    paths,
    tags: listTags(paths, document.tags ?? []),
    components: {
      ...document.components,
      securitySchemes: { ...document.components?.securitySchemes, ...CREDENTIAL_SCHEMES },
    },
  };
  applyWireConventions(
    finished,
    Object.values(paths).flatMap((item) => operationsOf(item)),
  );
  pruneUnusedSchemas(finished);
  return finished;
}

/** SPEC §10: a write with a stale `If-Match` answers 412 (the envelope is added with the other errors). */
function addIfMatch(operation: OperationObject): void {
  operation.parameters = [
    ...(operation.parameters ?? []),
    {
      name: 'If-Match',
      in: 'header',
      required: false,
      schema: { type: 'string' },
      description: "The ETag of the object's GET: the write happens only if the object is still that one.",
    },
  ];
  operation.responses['412'] ??= {
    description: 'The `If-Match` ETag is not the current one: the object was changed by someone else (32000).',
  };
}

function operationsOf(item: PathItemObject): [string, OperationObject][] {
  return METHODS.flatMap((method) => (item[method] ? [[method, item[method]] as [string, OperationObject]] : []));
}

/** `/rest/component/{id}` → `component`; `/health` → `health`. */
function tagFromPath(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return (segments[0] === 'rest' ? segments[1] : segments[0]) ?? 'rest';
}

/** A handler mounted on several paths would otherwise repeat its id; suffixes keep ids unique. */
function uniqueId(id: string, used: Set<string>): string {
  let candidate = id;
  for (let n = 2; used.has(candidate); n++) candidate = `${id}_${n}`;
  used.add(candidate);
  return candidate;
}

/**
 * Every tag the operations use, once, in order of first use, with the description declared for it
 * (`DocumentBuilder.addTag`) or else one naming the paths it groups.
 */
function listTags(paths: Record<string, PathItemObject>, declared: TagObject[]): TagObject[] {
  const pathsByTag = new Map<string, Set<string>>();
  for (const [path, item] of Object.entries(paths)) {
    for (const [, operation] of operationsOf(item)) {
      for (const tag of operation.tags ?? []) {
        if (!pathsByTag.has(tag)) pathsByTag.set(tag, new Set());
        pathsByTag.get(tag)!.add(path);
      }
    }
  }
  return [...pathsByTag].map(([name, tagPaths]) => {
    const known = declared.find((tag) => tag.name === name);
    if (known?.description) return known;
    return { name, description: `Operations on ${[...tagPaths].map((path) => `\`${path}\``).join(', ')}.` };
  });
}

/** Removes schemas that no remaining path reaches (e.g. those of the RPC or metrics routes left out). */
function pruneUnusedSchemas(document: OpenAPIObject): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const reached = schemasReachedFrom(document, [document.paths]);
  document.components!.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
}
