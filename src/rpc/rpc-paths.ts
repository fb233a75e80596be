/**
 * Where Bugzilla's two RPC servers answer. A module of their own, so that what reads them (the
 * dispatcher, the front's routing) does not import the module that wires the servers up.
 */
export const XMLRPC_PATH = '/xmlrpc.cgi';
export const JSONRPC_PATH = '/jsonrpc.cgi';
