import type { MediaTypeObject, OperationObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { needsLogin, type RouteAccess } from '../auth/route-access.js';
import { ErrorEnvelopeDto } from '../bugzilla/error-envelope.dto.js';

/** The reusable schema of Bugzilla's error envelope; @nestjs/swagger names it after the class. */
export const ENVELOPE_SCHEMA_NAME = ErrorEnvelopeDto.name;
export const ENVELOPE_REF = `#/components/schemas/${ENVELOPE_SCHEMA_NAME}`;

const JSON_TYPE = 'application/json';

/** Methods whose request body Fastify reads, and so may be over the 1 MiB limit. */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The error answers every route can give (SPEC §2, §3), whatever its own rules add: any route
 * accepts a login and password, so any route can refuse them (401) or answer a locked account
 * (400); any route may find the database unreachable (503) or fail unexpectedly (500).
 */
function standardErrors(method: string, access: RouteAccess, requireLogin: boolean): Record<string, string> {
  const refused = ['a wrong login or password (300)', 'a disabled account (301)'];
  if (needsLogin(access, requireLogin)) refused.push('no credentials: you must log in (410)');
  if (access.requiredGroup) refused.push(`not a member of the '${access.requiredGroup.group}' group (304)`);
  const badRequest = access.noLoginCheck
    ? 'An account locked after too many failed logins (32000), or invalid parameters.'
    : 'An unknown API key (306) or token (32000), an account locked after too many failed logins (32000), ' +
      'a malformed JSON body (32000), or invalid parameters (the codes of this operation).';
  return {
    '400': badRequest,
    '401': `Credentials refused: ${refused.join('; ')}.`,
    ...(BODY_METHODS.has(method) ? { '413': 'The request body is larger than 1 MiB (32000).' } : {}),
    '414': 'The request line and headers are longer than HTTP_MAX_HEADER_BYTES allows (32000).',
    '500': 'An unexpected fault (-32000); the log has the details under the request id.',
    '503': 'The database is unreachable (-32000). Try again later.',
  };
}

const isErrorStatus = (status: string) => /^[45]\d\d$/.test(status) || /^[45]XX$/i.test(status);

/**
 * Every error response of the operation answers with the envelope schema: a response the
 * controller declared keeps its description and example; the standard ones are added where
 * missing. Responses end up ordered by status.
 */
export function addErrorResponses(
  operation: OperationObject,
  method: string,
  access: RouteAccess,
  requireLogin: boolean,
): void {
  const responses = { ...operation.responses };
  for (const [status, description] of Object.entries(standardErrors(method, access, requireLogin))) {
    responses[status] ??= { description };
  }
  for (const [status, response] of Object.entries(responses)) {
    if (!response || '$ref' in response || !isErrorStatus(status)) continue;
    responses[status] = withEnvelope(response);
  }
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

function withEnvelope(response: ResponseObject): ResponseObject {
  const declared: MediaTypeObject | undefined =
    response.content?.[JSON_TYPE] ?? Object.values(response.content ?? {})[0];
  const media: MediaTypeObject = { schema: { $ref: ENVELOPE_REF } };
  // `ApiResponse({ schema: { example } })` puts the example inside an inline schema; keep it, beside the $ref.
  const example = declared?.example ?? (declared?.schema as SchemaObject | undefined)?.example;
  if (example !== undefined) media.example = example;
  if (declared?.examples) media.examples = declared.examples;
  return { ...response, content: { [JSON_TYPE]: media } };
}
