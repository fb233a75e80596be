import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type AnswerDigest,
  type AnswerPieces,
  answerHash,
  digestOf,
  isListAnswer,
  type ListAnswer,
  piecesStream,
} from '../bugzilla/streamed-answer.js';
import { faultOf, type RpcDispatcher } from './rpc-dispatcher.js';
import { RpcFault, RpcFaultCode } from './rpc-fault.js';
import { findRpcMethod } from './rpc-methods.js';
import { faultResponse, methodResponse, methodResponsePieces, parseMethodCall } from './xmlrpc-codec.js';

/** Bugzilla's XMLRPC_CONTENT_TYPE_WHITELIST (compared lower-cased, without parameters). */
const CONTENT_TYPES = ['text/xml', 'application/xml'];

const CONTENT_TYPE = 'text/xml';

/**
 * `POST /xmlrpc.cgi`. As Bugzilla: every answer is HTTP 200, faults included; an empty body,
 * `GET` and `HEAD` answer 200 with no body (python-bugzilla probes `HEAD /xmlrpc.cgi` to choose
 * XML-RPC); a content type outside the whitelist is refused (its CSRF guard).
 */
export async function handleXmlRpc(dispatcher: RpcDispatcher, request: FastifyRequest, reply: FastifyReply) {
  const body = typeof request.body === 'string' ? request.body : '';
  if (request.method !== 'POST' || body.trim() === '') {
    return reply.status(200).header('content-type', CONTENT_TYPE).send('');
  }
  let dateTimeFields: ReadonlySet<string> = new Set();
  let answer: string | Readable;
  try {
    checkContentType(request.headers['content-type']);
    const call = parseMethodCall(body);
    const method = findRpcMethod(call.methodName);
    if (!method) {
      throw new RpcFault(RpcFaultCode.UNKNOWN_METHOD, `The requested method '${call.methodName}' was not found.`);
    }
    dateTimeFields = new Set(method.dateTimeFields ?? []);
    const result = await dispatcher.invoke(method, call.params, request);
    if (isListAnswer(result)) {
      // A large answer (the whole catalogue) is written as it is encoded, never held whole.
      const pieces = () => methodResponsePieces(result, dateTimeFields);
      const digest = await xmlDigestOf(result, pieces);
      if (digest.length !== undefined) void reply.header('content-length', digest.length);
      answer = piecesStream(pieces(), digest.etag);
    } else answer = methodResponse(result, dateTimeFields);
  } catch (error) {
    const fault = faultOf(error, request);
    answer = faultResponse(fault.code, fault.message);
  }
  return reply.status(200).header('content-type', CONTENT_TYPE).send(answer);
}

/**
 * The ETag every XML-RPC answer carries (as Bugzilla's): from the content's own ETag when the model
 * knows it (a tag of its own, the bytes differing from REST's), else from a first pass over the
 * pieces, which also gives the Content-Length.
 */
async function xmlDigestOf(result: ListAnswer, pieces: AnswerPieces): Promise<AnswerDigest> {
  const known = await result.knownDigest;
  if (!known) return digestOf(pieces);
  const hash = answerHash();
  hash.update('xmlrpc ');
  hash.update(known.etag);
  return { etag: hash.etag() };
}

function checkContentType(header: string | undefined): void {
  const type = (header ?? '').split(';')[0].trim().toLowerCase();
  if (!CONTENT_TYPES.includes(type)) {
    throw new RpcFault(
      RpcFaultCode.XMLRPC_ILLEGAL_CONTENT_TYPE,
      `When using XML-RPC, you cannot send data as ${header ?? ''}. Allowed content types are ${CONTENT_TYPES.join(', ')}.`,
    );
  }
}

/** A request the transport refuses before reading it (body over the limit): a fault with that status. */
export function sendXmlRpcTransportFault(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.status(status).header('content-type', CONTENT_TYPE).send(faultResponse(code, message));
}
