import { findRpcMethod, RPC_METHODS } from '../rpc/rpc-methods.js';
import { JSONRPC_PATH, XMLRPC_PATH } from '../rpc/rpc-paths.js';

/**
 * What the service answers when it is the front of a Perl Bugzilla (SPEC §13), derived from the
 * tables that already exist — the app's registered routes and the RPC method table — never from a
 * second list: a route or method this service serves is its own, except the WebService classes
 * that stay Bugzilla's. test/front-routing.e2e-spec.ts walks the route table and the method table
 * through a front and checks each one lands where this says.
 */

/**
 * Bugzilla's own classes: the session endpoints (`User.login`, `logout`, `valid_login`, `whoami`,
 * `get`) and the server's facts (`Bugzilla.version`, `extensions`, `time`, `parameters`, ...). The
 * service serves them for its own clients; in front of a Bugzilla, Bugzilla answers them, so that a
 * login made through the front is Bugzilla's login (its cookies, its lockout, its audit).
 */
const BUGZILLA_CLASSES: ReadonlySet<string> = new Set(['Bugzilla', 'User']);

const classOf = (methodName: string) => methodName.slice(0, Math.max(0, methodName.indexOf('.')));

/** Whether an XML-RPC or JSON-RPC method of this name is answered by the service (false: by Bugzilla). */
export function isServedMethod(methodName: string): boolean {
  return findRpcMethod(methodName) !== undefined && !BUGZILLA_CLASSES.has(classOf(methodName));
}

/** `METHOD /route` (as registered) of every REST route of the classes that stay Bugzilla's. */
export const PASSED_ROUTES: ReadonlySet<string> = new Set(
  Object.entries(RPC_METHODS)
    .filter(([name]) => BUGZILLA_CLASSES.has(classOf(name)))
    .flatMap(([, method]) => method.rest),
);

/** The endpoints whose requests are served or passed by the method they call, not by their route. */
export const RPC_PATHS: ReadonlySet<string> = new Set([XMLRPC_PATH, JSONRPC_PATH]);

/**
 * Paths never passed on, whether a route serves them here or not (ADMIN_UI=false, METRICS=false):
 * the service's own console and metrics are not Bugzilla's to answer. Any case, and whatever follows
 * the name but a character that would make it another name (`/admin%2f`, `/Metrics;x` included).
 */
const NEVER_PASSED = /^\/(?:admin|metrics)(?![\w.-])/i;

export function isNeverPassed(url: string): boolean {
  return NEVER_PASSED.test(url);
}

/**
 * How a request matched to the route `route` (as registered; undefined when no route matched) is
 * handled: 'served' by the service, 'passed' to Bugzilla, or 'by-method' (an RPC endpoint: the
 * method named in the call decides). HEAD goes where its GET goes.
 */
export function routeDecision(method: string, route: string | undefined): 'served' | 'passed' | 'by-method' {
  if (route === undefined) return 'passed';
  if (RPC_PATHS.has(route)) return 'by-method';
  return PASSED_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${route}`) ? 'passed' : 'served';
}
