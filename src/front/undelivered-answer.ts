import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope, ErrorCode } from '../bugzilla/bugzilla-error.js';
import { sendJsonRpcTransportFault } from '../rpc/jsonrpc.server.js';
import { JSONRPC_PATH, XMLRPC_PATH } from '../rpc/rpc-paths.js';
import { faultResponse } from '../rpc/xmlrpc-codec.js';

/** Why a passed request got no answer from Bugzilla: 502 (unreachable, broken answer) or 504 (too slow). */
export type Undelivered = 502 | 504;

const MESSAGES: Record<Undelivered, string> = {
  502: 'Bugzilla could not be reached to answer this request. Please try again later.',
  504: 'Bugzilla did not answer this request in time. Please try again later.',
};

const REST_PATH = /^\/rest(?:\.cgi)?(?:\/|$|\?)/;

/** The bodies of JSON-RPC calls passed on, read by the front to find their method: their id and version, if Bugzilla does not answer. */
const passedJsonRpcBodies = new WeakMap<FastifyRequest, Buffer>();

/** A JSON-RPC POST is passed on with these bytes (read whole by the front). */
export function rememberJsonRpcCall(request: FastifyRequest, body: Buffer): void {
  passedJsonRpcBodies.set(request, body);
}

/** The id and version the caller gave: in the query over GET, in the body over POST (read only now, on failure). */
function jsonRpcCallOf(request: FastifyRequest): { id?: unknown; version?: unknown } {
  if (request.method === 'GET') {
    const query = (request.query ?? {}) as Record<string, unknown>;
    return { id: query.id, version: query.version };
  }
  const body = passedJsonRpcBodies.get(request);
  if (body === undefined) return {};
  try {
    const call = JSON.parse(body.toString('utf8')) as { id?: unknown; version?: unknown } | null;
    return call !== null && typeof call === 'object' && !Array.isArray(call)
      ? { id: call.id, version: call.version }
      : {};
  } catch {
    return {};
  }
}

/**
 * The answer to a passed request Bugzilla did not answer (SPEC §13), in the form of the protocol
 * the caller speaks: Bugzilla's envelope under `/rest` (code -32000, its "fatal unknown"), an XML-RPC
 * fault on `/xmlrpc.cgi`, a JSON-RPC error on `/jsonrpc.cgi`, and a short page anywhere else (a
 * browser's).
 */
export function sendUndelivered(request: FastifyRequest, reply: FastifyReply, status: Undelivered): void {
  const message = MESSAGES[status];
  const path = request.url.split('?')[0];
  if (path === XMLRPC_PATH) {
    void reply.status(status).header('content-type', 'text/xml').send(faultResponse(ErrorCode.FATAL, message));
  } else if (path === JSONRPC_PATH) {
    // JSON::RPC adds 100000 to codes below 1000, as the service's own JSON-RPC errors do.
    void sendJsonRpcTransportFault(reply, status, ErrorCode.FATAL + 100_000, message, jsonRpcCallOf(request));
  } else if (REST_PATH.test(request.url)) {
    void reply
      .status(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify(envelope(ErrorCode.FATAL, message)));
  } else {
    const title = status === 502 ? 'Bad Gateway' : 'Gateway Timeout';
    void reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .send(
        `<!DOCTYPE html>\n<html><head><title>${status} ${title}</title></head><body><h1>${title}</h1><p>${message}</p></body></html>\n`,
      );
  }
}
