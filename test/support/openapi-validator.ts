import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * Checks one HTTP exchange against the served OpenAPI document, with Ajv over the document's own
 * schemas: the status is one the operation documents, a body is sent only where the answer has
 * content, of a documented media type, and matches its schema — required properties present,
 * types and nullability right, and no key the schema does not list (every response object is
 * read as closed, so a key the service adds without documenting it is found). A 2xx answer also
 * vouches for its request: the body matches the operation's request schema, and a credential
 * sent in the query is a query parameter the operation declares, so what the service accepts
 * the document accepts too (and a generated client can send it).
 *
 * Where the request sent `include_fields` or `exclude_fields`, the answer's objects may lack
 * properties the full answer requires (as the document's descriptions of those parameters say):
 * those answers are checked against the schemas with `required` lifted.
 *
 * A JSONP answer (`/**\/callback(answer)` as `text/javascript`, to an operation that declares the
 * `callback` parameter) is checked as the JSON answer it wraps.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export interface Exchange {
  method: string;
  /** Path and query as sent. */
  url: string;
  /** The query as the service parsed it, before anything (credentials) was taken out of it. */
  query?: Record<string, unknown>;
  /** The JSON body as the service parsed it, before anything was taken out of it. */
  requestBody?: unknown;
  status: number;
  contentType?: string;
  /** The answer's text (empty for none). */
  text: string;
  allow?: string;
}

export type Verdict =
  /** Checked against a documented operation (or the envelope, for an error on an undocumented path). */
  | { checked: 'operation' | 'envelope' | 'options'; problems: string[] }
  /** Not a REST or health path (RPC, metrics, the document itself): nothing to check it against. */
  | { checked: false; problems: [] };

type Json = Record<string, any>;

const DOCUMENTED = /^\/(rest|health)(\/|\?|$)/;

/** REST paths and the health check: the document's subject (RPC, metrics and /api are not). */
export const isDocumentedPath = (url: string): boolean => DOCUMENTED.test(url);
const SCHEMAS = '#/components/schemas/';
const FILTER_PARAMS = ['include_fields', 'exclude_fields'];
/** A JSONP answer: the JSON answer inside. */
const JSONP = /^\/\*\*\/[A-Za-z0-9_.[\]]+\(([\s\S]*)\)$/;

interface Route {
  template: string;
  /** Each segment: a literal, or a parameter (`digits`: its schema is an integer, so only digits match). */
  segments: ({ literal: string } | { digits: boolean })[];
  /** Literal segments: the router prefers the route with more of them. */
  literals: number;
  item: Json;
}

export class OpenApiValidator {
  private readonly routes: Route[];
  private readonly strict: SchemaCompiler;
  private readonly relaxed: SchemaCompiler;
  private readonly envelope: ValidateFunction;
  /** Every credential name a JSON body may carry. */
  private readonly bodyCredentials: Set<string>;

  constructor(private readonly document: Json) {
    this.routes = Object.entries(document.paths as Record<string, Json>)
      .map(([template, item]) => {
        const parameters: Json[] = Object.values(item).flatMap((operation: Json) => operation?.parameters ?? []);
        const segments = template
          .split('/')
          .filter(Boolean)
          .map((segment) => {
            const name = /^\{(.+)\}$/.exec(segment)?.[1];
            if (name === undefined) return { literal: segment };
            const declared = parameters.find((p) => p.in === 'path' && p.name === name);
            return { digits: declared?.schema?.type === 'integer' };
          });
        return { template, segments, literals: segments.filter((s) => 'literal' in s).length, item };
      })
      .sort((a, b) => b.literals - a.literals);
    const schemas = document.components?.schemas ?? {};
    this.strict = new SchemaCompiler(schemas, { closeResponses: true, relaxRequired: false });
    this.relaxed = new SchemaCompiler(schemas, { closeResponses: true, relaxRequired: true });
    this.bodyCredentials = new Set(
      Object.values((document.components?.securitySchemes ?? {}) as Record<string, Json>)
        .filter((scheme) => scheme.in === 'query')
        .map((scheme) => scheme.name as string),
    );
    this.envelope = this.strict.response({ $ref: `${SCHEMAS}ErrorEnvelopeDto` });
  }

  check(exchange: Exchange): Verdict {
    const [path, rawQuery = ''] = exchange.url.split('?', 2);
    if (!DOCUMENTED.test(path)) return { checked: false, problems: [] };
    const method = exchange.method.toLowerCase();
    const route = this.routes.find((candidate) => matches(candidate, path));
    const where = `${exchange.method} ${exchange.url.slice(0, 200)} → ${exchange.status}`;
    const problems: string[] = [];

    if (method === 'options') {
      if (exchange.status === 200) {
        if (exchange.text !== '') problems.push('an OPTIONS answer has a body');
        if (exchange.contentType) problems.push(`an empty OPTIONS answer claims content-type ${exchange.contentType}`);
        if (!exchange.allow) problems.push('an OPTIONS answer has no Allow header');
      } else problems.push(...this.checkEnvelope(exchange));
      return { checked: 'options', problems: problems.map((p) => `${where}: ${p}`) };
    }

    // HEAD is GET without the body.
    const operation: Json | undefined = route?.item[method === 'head' ? 'get' : method];
    if (!route || !operation) {
      // An undocumented path or method must be an error (32614), in the envelope.
      if (exchange.status < 400) problems.push('answered without error, but the document has no such operation');
      else problems.push(...this.checkEnvelope(exchange));
      return { checked: 'envelope', problems: problems.map((p) => `${where}: ${p}`) };
    }

    const operationName = `${method === 'head' ? 'HEAD(get)' : method} ${route.template}`;
    const response = responseFor(operation, exchange.status);
    if (!response) {
      problems.push(`status ${exchange.status} is not documented for ${operationName}`);
    } else if (exchange.status === 304) {
      if (exchange.text !== '') problems.push('a body where none may be');
    } else if (method !== 'head') {
      // (A HEAD answer's body is GET's until the server drops it; only its status is checked.)
      problems.push(...this.checkBody(exchange, operation, response, rawQuery));
    }
    if (exchange.status >= 200 && exchange.status < 300) {
      problems.push(...this.checkRequest(exchange, operation, rawQuery));
    }
    return { checked: 'operation', problems: problems.map((p) => `${where} (${operationName}): ${p}`) };
  }

  private checkEnvelope(exchange: Exchange): string[] {
    const body = parseJson(exchange.text);
    if (body === undefined) return [`an error answer that is not JSON: ${exchange.text.slice(0, 100)}`];
    return this.envelope(body) ? [] : errorsOf(this.envelope, 'the error envelope');
  }

  private checkBody(exchange: Exchange, operation: Json, response: Json, rawQuery: string): string[] {
    const content: Record<string, Json> = response.content ?? {};
    if (exchange.text === '') {
      return Object.keys(content).length && exchange.status !== 204
        ? ['an empty body where content is documented']
        : [];
    }
    let mediaType = (exchange.contentType ?? '').split(';')[0].trim().toLowerCase();
    let text = exchange.text;
    const jsonp =
      mediaType === 'text/javascript' &&
      (operation.parameters ?? []).some((p: Json) => p.in === 'query' && p.name === 'callback')
        ? JSONP.exec(text)
        : null;
    if (jsonp) [mediaType, text] = ['application/json', jsonp[1]];
    const media = content[mediaType];
    if (!media) {
      return [`a body of type '${mediaType}', documented: ${Object.keys(content).join(', ') || 'none'}`];
    }
    if (!media.schema) return ['the documented content has no schema'];
    const body = mediaType.includes('json') ? parseJson(text) : text;
    if (body === undefined) return ['a body that is not JSON'];
    const filtered =
      FILTER_PARAMS.some((name) => sentParameter(exchange, rawQuery, name)) && declaresFieldFilter(operation);
    const validate = (filtered ? this.relaxed : this.strict).response(media.schema);
    return validate(body) ? [] : errorsOf(validate, 'the body');
  }

  private checkRequest(exchange: Exchange, operation: Json, rawQuery: string): string[] {
    const problems: string[] = [];
    const sentInQuery = new Set(queryKeys(exchange, rawQuery));
    const declared = new Set<string>(
      (operation.parameters ?? []).filter((p: Json) => p.in === 'query').map((p: Json) => p.name as string),
    );
    // Other unknown query keys are ignored, as Bugzilla ignores them; the credentials this operation reads
    // must be among its parameters for a generated client to send them.
    for (const key of sentInQuery) {
      if (this.credentialsReadBy(operation).has(key) && !declared.has(key)) {
        problems.push(`the credential '${key}' was accepted in the query but is not a declared query parameter`);
      }
    }
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    const body = exchange.requestBody;
    // Any body may carry credentials (their schemes say so); beyond them, an operation without a body takes none.
    const beyondCredentials =
      body && typeof body === 'object' ? Object.keys(body).filter((key) => !this.bodyCredentials.has(key)) : [];
    if (!schema && body && typeof body === 'object' && beyondCredentials.length === 0) return problems;
    if (body !== undefined && body !== null && !(typeof body === 'object' && Object.keys(body).length === 0)) {
      if (!schema) problems.push('a request body was accepted, but the operation documents none');
      else {
        // The service reads a write's parameters from the query too (SPEC §2): a required one may come from there.
        const fromQuery = [...sentInQuery].some((key) => !this.credentialsReadBy(operation).has(key));
        const validate = (fromQuery ? this.relaxed : this.strict).request(schema);
        if (!validate(body)) problems.push(...errorsOf(validate, 'the accepted request body'));
      }
    }
    return problems;
  }

  /** Query names of the credential schemes in the operation's security. */
  private credentialsReadBy(operation: Json): Set<string> {
    const schemes = (this.document.components?.securitySchemes ?? {}) as Record<string, Json>;
    return new Set(
      (operation.security ?? []).flatMap((requirement: Json) =>
        Object.keys(requirement)
          .map((name) => schemes[name])
          .filter((scheme) => scheme?.in === 'query')
          .map((scheme) => scheme.name as string),
      ),
    );
  }
}

/** Whether the route serves `path` (segments compared decoded, as the router does; a trailing slash is accepted). */
function matches(route: Route, path: string): boolean {
  const segments = path.replace(/\/$/, '').split('/').slice(1).map(decodeSegment);
  return (
    segments.length === route.segments.length &&
    route.segments.every((segment, i) =>
      'literal' in segment
        ? segment.literal === segments[i]
        : segments[i] !== '' && (!segment.digits || /^\d+$/.test(segments[i])),
    )
  );
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The operation's response for a status: exact, then `4XX`-style ranges, then `default`. */
function responseFor(operation: Json, status: number): Json | undefined {
  const responses = operation.responses ?? {};
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

function declaresFieldFilter(operation: Json): boolean {
  const inQuery = (operation.parameters ?? []).some((p: Json) => FILTER_PARAMS.includes(p.name));
  return inQuery || operation.requestBody !== undefined;
}

function sentParameter(exchange: Exchange, rawQuery: string, name: string): boolean {
  const body = exchange.requestBody;
  const inBody = !!body && typeof body === 'object' && name in (body as object);
  return inBody || queryKeys(exchange, rawQuery).includes(name);
}

function queryKeys(exchange: Exchange, rawQuery: string): string[] {
  if (exchange.query) return Object.keys(exchange.query);
  return [...new URLSearchParams(rawQuery).keys()];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorsOf(validate: ValidateFunction, what: string): string[] {
  return (validate.errors ?? []).slice(0, 5).map((error) => {
    const at = error.instancePath || '/';
    const extra = error.keyword === 'additionalProperties' ? ` '${error.params.additionalProperty}'` : '';
    return `${what} at ${at} ${error.message}${extra} (schema ${error.schemaPath})`;
  });
}

/**
 * Compiles the document's schemas with Ajv. OpenAPI 3.0 schemas are JSON Schema with a few words
 * of their own: `nullable` (Ajv knows it), `example` and `xml` (annotations here).
 */
class SchemaCompiler {
  private readonly ajv: Ajv;
  private readonly compiledResponses = new Map<string, ValidateFunction>();
  private readonly compiledRequests = new Map<string, ValidateFunction>();
  private readonly root: string;

  constructor(
    schemas: Record<string, Json>,
    private readonly options: { closeResponses: boolean; relaxRequired: boolean },
  ) {
    this.ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addKeyword({ keyword: 'example' });
    this.root = 'openapi-schemas';
    // Two copies of the components: as responses are read (closed, maybe without `required`) and as requests are.
    this.ajv.addSchema({ $id: `${this.root}-response`, components: { schemas: this.transform(schemas, 'response') } });
    this.ajv.addSchema({ $id: `${this.root}-request`, components: { schemas: this.transform(schemas, 'request') } });
  }

  response(schema: Json): ValidateFunction {
    return this.compile(schema, 'response', this.compiledResponses);
  }

  request(schema: Json): ValidateFunction {
    return this.compile(schema, 'request', this.compiledRequests);
  }

  private compile(schema: Json, kind: 'response' | 'request', cache: Map<string, ValidateFunction>): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (!validate) {
      validate = this.ajv.compile(this.transform(schema, kind));
      cache.set(key, validate);
    }
    return validate;
  }

  /** A copy with references into this compiler's copy of the components, and the reading rules applied. */
  private transform(node: any, kind: 'response' | 'request'): any {
    if (Array.isArray(node)) return node.map((item) => this.transform(item, kind));
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMAS)) {
        out.$ref = `${this.root}-${kind}${value}`;
      } else if (key === 'required' && Array.isArray(value)) {
        if (!this.options.relaxRequired) out.required = value;
      } else if (key === 'properties' || key === 'patternProperties') {
        out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, this.transform(v, kind)]));
      } else out[key] = this.transform(value, kind);
    }
    const isObjectSchema = out.type === 'object' || (out.properties && !out.type);
    if (kind === 'response' && this.options.closeResponses && isObjectSchema && out.properties) {
      out.additionalProperties ??= false;
    }
    return out;
  }
}
