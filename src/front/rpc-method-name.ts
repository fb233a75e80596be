import { parseMethodCall } from '../rpc/xmlrpc-codec.js';
import { JSONRPC_PATH, XMLRPC_PATH } from '../rpc/rpc-paths.js';

/**
 * The method an XML-RPC or JSON-RPC request calls, read as the service's own RPC servers read it
 * (xmlrpc.server.ts, jsonrpc.server.ts), so that the front and the server never disagree on it:
 * XML-RPC `POST` from `<methodName>` (parseMethodCall, the server's own parser), JSON-RPC `POST`
 * from the body's `method`, JSON-RPC `GET` from the first `method` in the query. Undefined when the
 * request names none the server would call (not well-formed, a batch, another HTTP method): such a
 * request is Bugzilla's to answer.
 */
export function rpcMethodName(
  path: string,
  httpMethod: string,
  query: Record<string, unknown>,
  body: Buffer | undefined,
): string | undefined {
  if (path === JSONRPC_PATH && httpMethod === 'GET') return firstString(query.method);
  if (httpMethod !== 'POST' || body === undefined || body.length === 0) return undefined;
  const text = body.toString('utf8');
  if (path === XMLRPC_PATH) {
    try {
      return parseMethodCall(text).methodName;
    } catch {
      return undefined;
    }
  }
  if (path === JSONRPC_PATH) {
    try {
      const call: unknown = JSON.parse(text);
      if (call === null || typeof call !== 'object' || Array.isArray(call)) return undefined;
      const method = (call as Record<string, unknown>).method;
      return typeof method === 'string' ? method : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function firstString(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}
