import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../bugzilla/bugzilla-error.js';
import { callbackRefusal, JSONP_TYPE } from '../bugzilla/rest-jsonp.js';
import { isListAnswer, type ListAnswer, listPieces, piecesStream } from '../bugzilla/streamed-answer.js';
import { faultOf, type RpcDispatcher } from './rpc-dispatcher.js';
import { RpcFault, RpcFaultCode } from './rpc-fault.js';
import { findRpcMethod, type RpcMethod } from './rpc-methods.js';

/**
 * `/jsonrpc.cgi` as Bugzilla 5.2 answers it (Bugzilla/WebService/Server/JSONRPC.pm on
 * JSON::RPC::Legacy): POST with a JSON body, or GET with `method`, `params` (JSON) and `id` in the
 * query. A request with a true `version` member (`"1.1"`, but also `"2.0"`: Legacy tests only its
 * truth) gets the 1.1 shape (no `id` on success, a named error with the id if one was given);
 * every other request, `"jsonrpc":"2.0"` without `version` included, the 1.0 shape. Only a 1.0
 * call without an id is a notification. Method-level errors are HTTP 200.
 */

type Version = '1.0' | '1.1';
type Params = Record<string, unknown>;

const JSON_TYPE = 'application/json; charset=UTF-8';

/** Bugzilla's CSRF guard for POST: only JSON content types. */
const POST_CONTENT_TYPE = /^application\/json(-rpc)?(;.*)?$/i;

const GET_DOCS = 'https://bugzilla.readthedocs.org/en/5.2/api/Bugzilla/WebService/Server/JSONRPC.html';

interface Outcome {
  result?: unknown;
  error?: { code: number; message: string };
}

export async function handleJsonRpc(dispatcher: RpcDispatcher, request: FastifyRequest, reply: FastifyReply) {
  if (request.method === 'GET') return handleGet(dispatcher, request, reply);
  if (request.method === 'POST') return handlePost(dispatcher, request, reply);
  // JSON::RPC::Legacy reads only GET queries and POST bodies: anything else has "no data".
  return noData(reply, request.method !== 'HEAD');
}

async function handlePost(dispatcher: RpcDispatcher, request: FastifyRequest, reply: FastifyReply) {
  const contentType = request.headers['content-type'];
  const body = typeof request.body === 'string' ? request.body : '';
  // A form-encoded (or untyped) body is consumed as form fields before JSON-RPC looks for its JSON.
  const formLike = !contentType || /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType);
  if (formLike || body.trim() === '') return noData(reply, true);

  let call: unknown;
  try {
    call = JSON.parse(body);
  } catch {
    return send(reply, {
      version: '1.1',
      error: { name: 'JSONRPCError', code: RpcFaultCode.JSONRPC_PARSE_ERROR, message: "Can't parse JSON data." },
    });
  }
  if (call === null || typeof call !== 'object' || Array.isArray(call)) {
    const message = Array.isArray(call)
      ? 'Batch requests (a JSON array of calls) are not supported: send one call per request.'
      : 'The request must be a JSON object holding one call.';
    return reply
      .status(400)
      .header('content-type', JSON_TYPE)
      .send(JSON.stringify(shape('1.0', null, { error: { code: ErrorCode.USER_ERROR, message } })));
  }
  const { method, params, id, version } = call as Record<string, unknown>;
  const shapeVersion = versionOf(version);
  const outcome = await run(dispatcher, request, shapeVersion, method, params, () => {
    if (!POST_CONTENT_TYPE.test(contentType)) {
      throw new RpcFault(
        RpcFaultCode.JSONRPC_ILLEGAL_CONTENT_TYPE,
        `When using JSON-RPC over POST, you cannot send data as ${contentType}. Only application/json and application/json-rpc are allowed.`,
      );
    }
  });
  // A 1.0 call without an id is a notification: it runs, and the answer is empty. A 1.1 call is never
  // one (show_bug.cgi's own BugUserLastVisit.update is a 1.1 call without an id, and reads its answer).
  if (shapeVersion === '1.0' && (id === undefined || id === null)) {
    return reply.status(200).header('content-type', JSON_TYPE).send('');
  }
  return send(reply, shape(shapeVersion, id, outcome));
}

async function handleGet(dispatcher: RpcDispatcher, request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as Record<string, unknown>;
  const param = (name: string): string | undefined => {
    const value = Array.isArray(query[name]) ? (query[name] as unknown[])[0] : query[name];
    return typeof value === 'string' ? value : undefined;
  };
  const shapeVersion = versionOf(param('version'));
  // Bugzilla answers a GET without an id anyway, with its urlbase as the id.
  const id = param('id') ?? `${request.protocol}://${request.host}/`;

  const rawCallback = param('callback');
  let callback: string | undefined;
  if (rawCallback !== undefined) {
    callback = rawCallback.trim();
    const refusal = callbackRefusal(callback);
    if (refusal !== undefined) {
      return send(
        reply,
        shape(shapeVersion, id, { error: { code: RpcFaultCode.JSONRPC_INVALID_CALLBACK, message: refusal } }),
      );
    }
  }

  let outcome: Outcome;
  const method = param('method');
  const rawParams = param('params');
  if (!method) {
    outcome = {
      error: {
        code: ErrorCode.USER_ERROR,
        message: `When using JSON-RPC over GET, you must specify a 'method' parameter. See the documentation at ${GET_DOCS}`,
      },
    };
  } else {
    let params: unknown = shapeVersion === '1.1' ? {} : [];
    let unreadable: string | undefined;
    if (rawParams !== undefined) {
      try {
        params = JSON.parse(rawParams);
      } catch (error) {
        unreadable = `Could not parse the 'params' argument as valid JSON. Error: ${(error as Error).message} Value: ${rawParams}`;
      }
    }
    outcome = unreadable
      ? { error: { code: ErrorCode.USER_ERROR, message: unreadable } }
      : await run(dispatcher, request, shapeVersion, method, params, (name) => {
          if (!findRpcMethod(name)?.readOnly) {
            throw new RpcFault(
              RpcFaultCode.JSONRPC_POST_ONLY,
              `For security reasons, you must use HTTP POST to call the '${name}' method.`,
            );
          }
        });
  }
  const answer = shape(shapeVersion, id, outcome);
  if (callback === undefined) return send(reply, answer);
  // The comment guards against content sniffing attacks on the JSONP body (as Bugzilla does).
  return reply
    .status(200)
    .header('content-type', JSONP_TYPE)
    .send(body(answer, `/**/${callback}(`, ')'));
}

/**
 * One call, in Bugzilla's order: the method name, the method, the params' shape, the transport's
 * own check (content type on POST, read-only methods on GET), then the caller and the method.
 */
async function run(
  dispatcher: RpcDispatcher,
  request: FastifyRequest,
  version: Version,
  methodName: unknown,
  rawParams: unknown,
  transportCheck: (name: string) => void,
): Promise<Outcome> {
  try {
    if (typeof methodName !== 'string' || methodName === '') {
      throw new RpcFault(RpcFaultCode.JSONRPC_NO_METHOD, 'method is nothing.');
    }
    const method = findRpcMethod(methodName);
    if (!method) throw new RpcFault(RpcFaultCode.JSONRPC_UNKNOWN_METHOD, `No such a method : '${methodName}'.`);
    const params = readParams(version, rawParams, method);
    transportCheck(methodName);
    return { result: await dispatcher.invoke(method, params, request) };
  } catch (error) {
    const fault = faultOf(error, request);
    // JSON::RPC adds 100000 to codes below 1000; Bugzilla's positive codes pass unchanged.
    return { error: { code: fault.code < 0 ? fault.code + 100_000 : fault.code, message: fault.message } };
  }
}

/**
 * 1.0 (and 2.0): `params` is an array whose first element is the struct; 1.1: `params` is the struct.
 * A 1.1 array counts as 1.0's only for a method that reads no params (its first element holds the
 * credentials), as Bugzilla 5.2 answers it; any other method would die on it there.
 */
function readParams(version: Version, params: unknown, method: RpcMethod): Params {
  const invalid = () => new RpcFault(RpcFaultCode.JSONRPC_INVALID_PARAMS, `Invalid params for JSONRPC ${version}.`);
  let struct: unknown;
  if (version === '1.0' || (Array.isArray(params) && method.readsNoParams)) {
    if (!Array.isArray(params)) throw invalid();
    struct = params[0] ?? {};
  } else {
    struct = params ?? {};
  }
  if (struct === null || typeof struct !== 'object' || Array.isArray(struct)) throw invalid();
  return struct as Params;
}

/** JSON::RPC::Legacy's `$obj->{version} ? 1.1 : 1.0`: any value Perl holds true (not "", "0", 0, false or null). */
function versionOf(value: unknown): Version {
  const perlFalse =
    value === undefined || value === null || value === false || value === 0 || value === '' || value === '0';
  return perlFalse ? '1.0' : '1.1';
}

/** The answer object in the request's shape. */
function shape(version: Version, id: unknown, outcome: Outcome): Record<string, unknown> {
  if (version === '1.1') {
    // Legacy adds the id to a 1.1 error only when one was given (null is Perl's undef).
    return outcome.error
      ? { version: '1.1', error: { name: 'JSONRPCError', ...outcome.error }, ...(id === null ? {} : { id }) }
      : { version: '1.1', result: outcome.result ?? null };
  }
  return outcome.error
    ? { result: null, error: outcome.error, id }
    : { result: outcome.result ?? null, error: null, id };
}

function send(reply: FastifyReply, answer: Record<string, unknown>) {
  return reply.status(200).header('content-type', JSON_TYPE).send(body(answer));
}

/** Stands for a result written piece by piece; a text no answer's JSON holds (it has a NUL). */
const LIST_RESULT = '\u0000list result\u0000';

/**
 * The answer's JSON text, between `before` and `after` (JSONP's call). A large result (a
 * ListAnswer: the whole catalogue) is written as it is encoded, never held whole: the text
 * around it is the answer's own JSON with a stand-in for the result, split where it stands.
 */
function body(answer: Record<string, unknown>, before = '', after = ''): string | Readable {
  if (!isListAnswer(answer.result)) return `${before}${JSON.stringify(answer)}${after}`;
  const result: ListAnswer = answer.result;
  const [head, tail] = JSON.stringify({ ...answer, result: LIST_RESULT }).split(JSON.stringify(LIST_RESULT));
  function* pieces() {
    yield before + head;
    yield* listPieces(result.listKey, result.listItems());
    yield tail + after;
  }
  return piecesStream(pieces());
}

/** JSON::RPC::Legacy's answer when it finds no JSON call to read: 403 "No data." (HEAD: no body). */
function noData(reply: FastifyReply, withBody: boolean) {
  return reply
    .status(403)
    .header('content-type', JSON_TYPE)
    .send(withBody ? 'No data.' : '');
}

/**
 * A call the service answers with an HTTP error status of its own: a body over the limit (never read:
 * a 1.0-shaped error without an id), or, in front of Bugzilla, a passed call Bugzilla did not answer
 * (in the call's own shape and with its id, when the call could be read).
 */
export function sendJsonRpcTransportFault(
  reply: FastifyReply,
  status: number,
  code: number,
  message: string,
  call: { id?: unknown; version?: unknown } = {},
) {
  return reply
    .status(status)
    .header('content-type', JSON_TYPE)
    .send(JSON.stringify(shape(versionOf(call.version), call.id ?? null, { error: { code, message } })));
}
