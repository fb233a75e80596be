import { INVALID_CALLBACK } from '../bugzilla/rest-jsonp.js';
import { BugzillaError } from '../bugzilla/bugzilla-error.js';

/**
 * Codes of the RPC transports themselves (Bugzilla/WebService/Constants.pm WS_ERROR_CODE, which
 * follows the xmlrpc-epi fault code list for the negative ones), and of JSON::RPC::Legacy's layer
 * as Bugzilla's JSON-RPC answers them (100000 + its own code).
 */
export const RpcFaultCode = {
  /** Not well-formed XML (xmlrpc-epi "parse error"); Bugzilla leaks a SOAP::Lite fault here instead. */
  PARSE_ERROR: -32700,
  /** Bugzilla's xmlrpc_invalid_value; also any other request that is not a valid XML-RPC call. */
  INVALID_XMLRPC: -32600,
  /** Bugzilla's unknown_method (XML-RPC). */
  UNKNOWN_METHOD: -32601,
  JSONRPC_POST_ONLY: 32610,
  /** Bugzilla's json_rpc_invalid_callback: JSON-RPC's JSONP and REST's share it (rest-jsonp.ts). */
  JSONRPC_INVALID_CALLBACK: INVALID_CALLBACK,
  XMLRPC_ILLEGAL_CONTENT_TYPE: 32612,
  JSONRPC_ILLEGAL_CONTENT_TYPE: 32613,
  JSONRPC_PARSE_ERROR: 100201,
  JSONRPC_NO_METHOD: 100300,
  JSONRPC_UNKNOWN_METHOD: 100302,
  JSONRPC_INVALID_PARAMS: 100400,
} as const;

/** A fault raised by an RPC transport (not by a method): answered as a fault, never as a REST envelope. */
export class RpcFault extends BugzillaError {
  constructor(code: number, message: string) {
    super(code, message, 200);
    this.name = 'RpcFault';
  }
}
