import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
  SecuritySchemeObject,
} from '@nestjs/swagger';
import { isClosedSchema } from './closed-schema.js';

/**
 * What SPEC §2 says of every route, written into the document once instead of on each controller:
 * integers, ETag/304, booleans in requests, what include_fields/exclude_fields do to an answer,
 * and credentials as parameters and body keys a generated client can send.
 */

const SCHEMAS = '#/components/schemas/';

/** SPEC §2: request booleans are JSON true/false, 1/0 or "1"/"0". */
export const BOOLEAN_SCHEMA_NAME = 'BugzillaBoolean';
const BOOLEAN_SCHEMA: SchemaObject = {
  description: 'A boolean: JSON true/false, 1/0 or "1"/"0".',
  oneOf: [{ type: 'boolean' }, { type: 'integer', enum: [0, 1] }, { type: 'string', enum: ['0', '1'] }],
};

const FIELD_FILTER_NOTE =
  ' With `include_fields` or `exclude_fields`, each object holds only the fields selected: any property ' +
  'listed as required here may then be missing (the schemas describe the full answer).';

const NOT_MODIFIED = {
  description: 'The `If-None-Match` header names the current ETag: nothing changed, no body.',
};

const ETAG_HEADER = {
  ETag: {
    description: 'Identifies this answer; send it back in `If-None-Match` to get 304 when unchanged.',
    schema: { type: 'string' },
  },
};

type Operation = OperationObject & { parameters?: (ParameterObject | ReferenceObject)[] };

const JSONP_PARAMETER: ParameterObject = {
  name: 'callback',
  in: 'query',
  required: false,
  schema: { type: 'string' },
  description:
    "JSONP, as Bugzilla's REST API answers it: the answer (an error too, with its status) comes as " +
    '`/**/callback(answer)`, of type `text/javascript; charset=UTF-8`, the answer being the JSON documented ' +
    "here. Letters, digits and `_.[]` only (else 32611, in JSON); `''` and `'0'` mean none.",
};

/**
 * A REST GET answers JSONP when asked (src/bugzilla/rest-jsonp.ts): its `callback` parameter says so. The
 * answers' JSONP form is not listed as a media type of its own: a generated client would then type every
 * answer as `object | string` (openapi-fetch takes every media type), for a form only a `<script>` tag reads.
 */
export function offerJsonp(operation: Operation): void {
  const parameters = operation.parameters ?? [];
  if (!parameters.some((p) => 'name' in p && p.name === 'callback')) parameters.push(JSONP_PARAMETER);
  operation.parameters = parameters;
}

export function applyWireConventions(document: OpenAPIObject, operations: [string, Operation][]): void {
  const schemes = (document.components?.securitySchemes ?? {}) as Record<string, SecuritySchemeObject>;
  for (const [method, operation] of operations) {
    if (method === 'get') addNotModified(operation);
    noteFieldFilter(document, operation);
    declareQueryCredentials(operation, schemes);
  }
  const bodies = operations.map(([, operation]) => operation.requestBody);
  const requestSchemas = schemasReachedFrom(document, bodies);
  // Credentials are keys of the body itself, not of the objects inside it.
  const bodyRoots = new Set(bodies.map((body) => bodyRef(body)).filter((name) => name !== undefined));
  const schemas = document.components!.schemas!;
  for (const name of requestSchemas) {
    const schema = schemas[name] as SchemaObject;
    acceptBugzillaBooleans(schema);
    if (isClosedSchema(name)) {
      schema.additionalProperties = false;
      if (bodyRoots.has(name)) addCredentialKeys(schema, schemes);
    }
  }
  if (requestSchemas.size) schemas[BOOLEAN_SCHEMA_NAME] = BOOLEAN_SCHEMA;
  integersOnly(document);
}

function addNotModified(operation: Operation): void {
  const responses = operation.responses as Record<string, any>;
  responses['304'] ??= NOT_MODIFIED;
  for (const [status, response] of Object.entries(responses)) {
    if (status.startsWith('2') && response && !('$ref' in response))
      response.headers = { ...ETAG_HEADER, ...response.headers };
  }
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/** Operations taking include_fields (in the query or the body) say what it does to their answer's `required`. */
function noteFieldFilter(document: OpenAPIObject, operation: Operation): void {
  const inQuery = (operation.parameters ?? []).some((p) => 'name' in p && p.name === 'include_fields');
  const body = bodyRef(operation.requestBody);
  const bodySchema = body ? (document.components?.schemas?.[body] as SchemaObject) : undefined;
  if (!inQuery && !bodySchema?.properties?.include_fields) return;
  for (const [status, response] of Object.entries(operation.responses)) {
    if (status.startsWith('2') && response && !('$ref' in response)) response.description += FIELD_FILTER_NOTE;
  }
  for (const parameter of operation.parameters ?? []) {
    if ('name' in parameter && /^(in|ex)clude_fields$/.test(parameter.name)) {
      parameter.description =
        `${parameter.description ?? ''} Properties left out this way may be missing even where the schema requires them.`.trim();
    }
  }
}

/**
 * Credentials the operation reads from the query are also its optional query parameters: security
 * schemes say how to authenticate, but a generated client sends only what is a parameter.
 */
function declareQueryCredentials(operation: Operation, schemes: Record<string, SecuritySchemeObject>): void {
  const names = new Set<string>();
  for (const requirement of operation.security ?? []) {
    for (const scheme of Object.keys(requirement)) {
      const declared = schemes[scheme];
      if (declared?.type === 'apiKey' && declared.in === 'query') names.add(declared.name!);
    }
  }
  const parameters = operation.parameters ?? [];
  const present = new Set(parameters.flatMap((p) => ('name' in p && p.in === 'query' ? [p.name] : [])));
  for (const name of names) {
    if (present.has(name)) continue;
    const scheme = Object.values(schemes).find((s) => s.in === 'query' && s.name === name)!;
    parameters.push({
      name,
      in: 'query',
      required: false,
      schema: { type: 'string' },
      description: scheme.description,
    });
  }
  operation.parameters = parameters;
}

/** Names of the component schemas reachable from `roots` (through schemas reached, too). */
export function schemasReachedFrom(document: OpenAPIObject, roots: unknown[]): Set<string> {
  const schemas = document.components?.schemas ?? {};
  const reached = new Set<string>();
  const pending = [...roots];
  while (pending.length) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMAS)) {
          const name = value.slice(SCHEMAS.length);
          if (!reached.has(name)) {
            reached.add(name);
            pending.push(schemas[name]);
          }
        } else pending.push(value);
      }
    }
  }
  return reached;
}

function acceptBugzillaBooleans(schema: SchemaObject): void {
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if ('$ref' in property || property.type !== 'boolean') continue;
    const { type: _type, ...rest } = property;
    const ref = { $ref: `${SCHEMAS}${BOOLEAN_SCHEMA_NAME}` };
    // A reference has no siblings in OpenAPI 3.0: with a description or a default, it goes in an allOf.
    schema.properties![key] = Object.keys(rest).length ? { ...rest, allOf: [ref] } : ref;
  }
}

/** The component schema name of a JSON request body, if it is one. */
function bodyRef(body: unknown): string | undefined {
  const ref = (body as any)?.content?.['application/json']?.schema?.$ref as string | undefined;
  return ref?.startsWith(SCHEMAS) ? ref.slice(SCHEMAS.length) : undefined;
}

/** A closed body lists the credential keys any body may carry. */
function addCredentialKeys(schema: SchemaObject, schemes: Record<string, SecuritySchemeObject>): void {
  for (const scheme of Object.values(schemes)) {
    if (scheme.in !== 'query' || !scheme.name) continue;
    schema.properties ??= {};
    schema.properties[scheme.name] ??= {
      type: 'string',
      description: scheme.description?.replace(/ Also accepted as a key of a JSON request body\.$/, ''),
    };
  }
}

/** SPEC §2: ids, sort keys and every other number the service reads or writes are JSON integers. */
function integersOnly(node: unknown): void {
  if (Array.isArray(node)) node.forEach(integersOnly);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (record.type === 'number') record.type = 'integer';
    Object.values(record).forEach(integersOnly);
  }
}
