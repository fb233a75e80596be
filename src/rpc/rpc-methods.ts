import type { Type } from '@nestjs/common';
import type { RouteAccess } from '../auth/route-access.js';
import type { AuthUser } from '../auth/auth-user.js';
import { SessionService } from '../auth/session.service.js';
import { ClassificationsService } from '../classifications/classifications.service.js';
import { ComponentAdminService } from '../components/component-admin.service.js';
import { rpcComponentTarget } from '../components/component.params.js';
import { ComponentsService } from '../components/components.service.js';
import { FlagTypesService } from '../flag-types/flag-types.service.js';
import { GroupsService } from '../groups/groups.service.js';
import { LastVisitService } from '../last-visit/last-visit.service.js';
import { ProductAdminService } from '../products/product-admin.service.js';
import { ProductsService } from '../products/products.service.js';
import { ServerInfoService } from '../server-info/server-info.service.js';

/**
 * The one method table of the XML-RPC (`POST /xmlrpc.cgi`) and JSON-RPC (`/jsonrpc.cgi`) servers,
 * Bugzilla's WebService methods under Bugzilla's names. Each entry calls the same service method
 * as its REST route, with the same access rules; the transports only decode parameters and
 * encode answers and faults.
 *
 * Adding a method (say `Component.create` once `POST /rest/component` exists) is one entry:
 *
 *   'Component.create': {
 *     readOnly: false,                       // in the class's READ_ONLY list? (JSON-RPC over GET)
 *     access: { requiredGroup: { group: 'editcomponents', action: 'add new components' } },
 *                                            // exactly what the REST route's decorators say
 *     rest: ['POST /rest/component'],        // the REST routes serving the same method
 *     call: ({ service, user, params }) => service(ComponentAdminService).create(user, {}, params),
 *   },
 *
 * `call` gets the caller (resolved and checked by AccessPolicy, as the REST guard does), the
 * params struct without its credentials, and `service(Class)` for any provider. Return what the
 * REST route's body is, except where Bugzilla's RPC answer is a bare value (`User.logout`: null;
 * `User.valid_login`: a boolean). List in `dateTimeFields` the member names whose values are
 * datetimes, so XML-RPC writes them as `<dateTime.iso8601>`.
 *
 * test/rpc-methods.e2e-spec.ts fails when a REST route is served by no entry (and is not in
 * REST_ONLY_ROUTES with a reason), and when an entry's access rules differ from its routes'.
 */
export interface RpcMethod {
  /** May be called over JSON-RPC GET (the Bugzilla class's READ_ONLY list). */
  readOnly: boolean;
  access: RouteAccess;
  /** The REST routes (`METHOD /path` as registered) that serve the same method. */
  rest: readonly string[];
  /** Members holding datetimes (written as `<dateTime.iso8601>` over XML-RPC). */
  dateTimeFields?: readonly string[];
  /**
   * Bugzilla 5.2's method reads no params, so it answers a JSON-RPC 1.1 call whose params are an
   * array (Bugzilla hands such a method the array; one that reads params dies on it).
   */
  readsNoParams?: true;
  call(call: RpcCall): unknown;
}

export interface RpcCall {
  user: AuthUser;
  /** The params struct, credential parameters removed. */
  params: Record<string, unknown>;
  /** The `logincookies` cookie of a caller authenticated by token (for User.logout). */
  loginCookie: string | undefined;
  /** The caller's address (Fastify's request.ip). */
  clientIp: string;
  service<T>(type: Type<T>): T;
}

const LOGIN_EXEMPT: RouteAccess = { loginExempt: true, noLoginCheck: true };
const EDIT_PRODUCTS: RouteAccess = {
  requiredGroup: { group: 'editcomponents', action: 'add, modify or delete products' },
};

/**
 * Bugzilla 5.2's BugUserLastVisit methods take `ids` through WebService::Util's validate, which makes
 * a single id a list of one; show_bug.cgi's own JavaScript (js/bug.js) sends it so over JSON-RPC.
 * (The REST routes keep SPEC §2's rule: an array, or 53.)
 */
function scalarIdsAsList(params: Record<string, unknown>): Record<string, unknown> {
  const ids = params.ids;
  return typeof ids === 'number' || typeof ids === 'string' ? { ...params, ids: [ids] } : params;
}

const productGet: RpcMethod = {
  readOnly: true,
  access: {},
  rest: ['GET /rest/product', 'GET /rest/product/:id_or_name'],
  call: ({ service, user, params }) => service(ProductsService).getForRpc(user, params),
};

export const RPC_METHODS: Readonly<Record<string, RpcMethod>> = {
  'Bugzilla.version': {
    readsNoParams: true,
    readOnly: true,
    access: LOGIN_EXEMPT,
    rest: ['GET /rest/version'],
    call: ({ service }) => service(ServerInfoService).version(),
  },
  'Bugzilla.extensions': {
    readsNoParams: true,
    readOnly: true,
    access: {},
    rest: ['GET /rest/extensions'],
    call: ({ service }) => service(ServerInfoService).extensions(),
  },
  'Bugzilla.time': {
    readsNoParams: true,
    readOnly: true,
    access: {},
    rest: ['GET /rest/time'],
    dateTimeFields: ['db_time', 'web_time', 'web_time_utc'],
    call: ({ service }) => service(ServerInfoService).time(),
  },
  'Bugzilla.timezone': {
    readsNoParams: true,
    readOnly: true,
    access: LOGIN_EXEMPT,
    rest: ['GET /rest/timezone'],
    call: ({ service }) => service(ServerInfoService).timezone(),
  },
  // Login-exempt, but it logs in with whatever credentials come (Bugzilla->login(LOGIN_OPTIONAL)):
  // bad ones fail, and a user sees more parameters than an anonymous caller.
  'Bugzilla.parameters': {
    readOnly: true,
    access: { loginExempt: true },
    rest: ['GET /rest/parameters'],
    call: ({ service, user, params }) => service(ServerInfoService).parameters(user, params),
  },
  // Not in Bugzilla's READ_ONLY list: POST only over JSON-RPC.
  'Bugzilla.last_audit_time': {
    readOnly: false,
    access: {},
    rest: ['GET /rest/last_audit_time'],
    dateTimeFields: ['last_audit_time'],
    call: ({ service, params }) => service(ServerInfoService).lastAuditTime(params.class),
  },

  'User.login': {
    readOnly: false,
    access: { ...LOGIN_EXEMPT, ownCredentialParams: true },
    rest: ['GET /rest/login'],
    call: ({ service, user, params, clientIp }) =>
      service(SessionService).login(user, params.login, params.password, clientIp),
  },
  'User.logout': {
    readsNoParams: true,
    readOnly: false,
    access: {},
    rest: ['GET /rest/logout'],
    call: async ({ service, user, loginCookie }) => (await service(SessionService).logout(user, loginCookie)).result,
  },
  'User.valid_login': {
    readOnly: false,
    access: { loginExempt: true, ownCredentialParams: true },
    rest: ['GET /rest/valid_login'],
    call: async ({ service, user, params, clientIp }) =>
      (await service(SessionService).validLogin(user, params, clientIp)).result,
  },
  'User.get': {
    readOnly: true,
    access: {},
    rest: ['GET /rest/user', 'GET /rest/user/:id_or_login'],
    call: ({ service, user, params }) =>
      service(SessionService).users(user, params.ids, params.names, params.match, params.limit, params.include_fields),
  },
  // Not in Bugzilla 5.2's User class; bugzilla.mozilla.org serves it (GET /rest/whoami).
  'User.whoami': {
    readOnly: true,
    access: { loginRequired: true },
    rest: ['GET /rest/whoami'],
    call: ({ service, user }) => service(SessionService).whoami(user),
  },

  'Product.get_selectable_products': {
    readsNoParams: true,
    readOnly: true,
    access: {},
    rest: ['GET /rest/product_selectable'],
    call: ({ service, user }) => service(ProductsService).ids(user, 'selectable'),
  },
  'Product.get_enterable_products': {
    readsNoParams: true,
    readOnly: true,
    access: {},
    rest: ['GET /rest/product_enterable'],
    call: ({ service, user }) => service(ProductsService).ids(user, 'enterable'),
  },
  'Product.get_accessible_products': {
    readsNoParams: true,
    readOnly: true,
    access: {},
    rest: ['GET /rest/product_accessible'],
    call: ({ service, user }) => service(ProductsService).ids(user, 'accessible'),
  },
  'Product.get': productGet,
  // Product.get's name before Bugzilla 4.2, which old scripts still call.
  'Product.get_products': productGet,
  'Product.create': {
    readOnly: false,
    access: { requiredGroup: { group: 'editcomponents', action: 'add new products' } },
    rest: ['POST /rest/product'],
    call: ({ service, user, params }) => service(ProductAdminService).create(user, {}, params),
  },
  'Product.update': {
    readOnly: false,
    access: EDIT_PRODUCTS,
    rest: ['PUT /rest/product', 'PUT /rest/product/:id_or_name'],
    call: ({ service, user, params }) => service(ProductAdminService).update(user, undefined, {}, params),
  },

  // Bugzilla 5.2 has no READ_ONLY list for this class: both methods need POST over JSON-RPC.
  'BugUserLastVisit.update': {
    readOnly: false,
    access: { loginRequired: true },
    rest: ['POST /rest/bug_user_last_visit', 'POST /rest/bug_user_last_visit/:id(^\\d+)'],
    dateTimeFields: ['last_visit_ts'],
    call: ({ service, user, params }) => service(LastVisitService).update(user, undefined, {}, scalarIdsAsList(params)),
  },
  'BugUserLastVisit.get': {
    readOnly: false,
    access: { loginRequired: true },
    rest: ['GET /rest/bug_user_last_visit', 'GET /rest/bug_user_last_visit/:id(^\\d+)'],
    dateTimeFields: ['last_visit_ts'],
    call: ({ service, user, params }) => service(LastVisitService).get(user, undefined, scalarIdsAsList(params)),
  },

  // Bugzilla 5.2 serves Component.create; get, update and delete are bugzilla.mozilla.org's and
  // Bugzilla 5.3's, under those names. The class has no READ_ONLY list: POST only over JSON-RPC.
  'Component.create': {
    readOnly: false,
    access: { loginRequired: true },
    rest: ['POST /rest/component'],
    call: ({ service, user, params }) => service(ComponentAdminService).create(user, params),
  },
  'Component.get': {
    readOnly: false,
    access: {},
    rest: ['GET /rest/component/:id', 'GET /rest/component/:product/:component'],
    call: ({ service, user, params }) => service(ComponentsService).get(user, rpcComponentTarget(params)),
  },
  'Component.update': {
    readOnly: false,
    access: { loginRequired: true },
    rest: ['PUT /rest/component', 'PUT /rest/component/:id', 'PUT /rest/component/:product/:component'],
    call: ({ service, user, params }) => service(ComponentAdminService).update(user, params),
  },
  'Component.delete': {
    readOnly: false,
    access: { loginRequired: true },
    rest: ['DELETE /rest/component', 'DELETE /rest/component/:id', 'DELETE /rest/component/:product/:component'],
    call: ({ service, user, params }) => service(ComponentAdminService).remove(user, params),
  },

  // Bugzilla 5.2's FlagType class has no READ_ONLY list: every method needs POST over JSON-RPC.
  'FlagType.get': {
    readOnly: false,
    access: {},
    rest: ['GET /rest/flag_type/:name', 'GET /rest/flag_type/:product/:component'],
    call: ({ service, user, params }) => service(FlagTypesService).get(user, params),
  },
  'FlagType.create': {
    readOnly: false,
    access: { loginRequired: true },
    rest: ['POST /rest/flag_type'],
    call: ({ service, user, params }) => service(FlagTypesService).create(user, params),
  },
  'FlagType.update': {
    readOnly: false,
    access: { loginRequired: true },
    rest: ['PUT /rest/flag_type/:name'],
    call: ({ service, user, params }) => service(FlagTypesService).update(user, params),
  },

  'Group.get': {
    readOnly: true,
    access: { loginRequired: true },
    rest: ['GET /rest/group'],
    call: ({ service, user, params }) => service(GroupsService).get(user, params),
  },
  'Classification.get': {
    readOnly: true,
    access: {},
    rest: ['GET /rest/classification/:id_or_name'],
    call: ({ service, user, params }) => service(ClassificationsService).get(user, params),
  },
};

/**
 * REST routes with no RPC method, each with the reason. (Routes outside `/rest` — health,
 * metrics, the OpenAPI document — are not WebService methods at all.)
 */
const VALUE_ADMIN =
  "this service's own extension: no Bugzilla has an RPC method for versions or milestones, so there is no name to serve it under";

/** SPEC §10: Bugzilla 5.2 does these only in its admin pages (editproducts.cgi), with no WebService method. */
const ADMIN_PAGES_ONLY =
  "this service's own extension of Bugzilla 5.2's admin pages: Bugzilla 5.2 has no WebService method for it, so there is no name to serve it under";

export const REST_ONLY_ROUTES: Readonly<Record<string, string>> = {
  'GET /rest/classification':
    "this service's own extension for the admin console: Bugzilla 5.2's Classification.get needs names or ids, and editclassifications.cgi lists them in a page",
  'GET /rest/flag_type':
    "this service's own extension for the admin console (a flag type's whole inclusion and exclusion lists): Bugzilla 5.2's FlagType.get needs a product and shows only its rules; without ids or names the path answers 32614 as Bugzilla's",
  'GET /rest/product_editable':
    "this service's own extension for the admin console: Bugzilla 5.2 works this list out inside editproducts.cgi and has no WebService method for it",
  'GET /rest/component':
    "this service's own extension for clients that read a whole catalogue: Component.get (bugzilla.mozilla.org's, Bugzilla 5.3's) reads one component, and its RPC answer is that component",
  'GET /rest/product_group_controls':
    "this service's own extension for clients that read a whole catalogue: Bugzilla 5.2 shows group controls only in editproducts.cgi, one product at a time",
  'GET /rest/product/:id_or_name/group_controls': ADMIN_PAGES_ONLY,
  'PUT /rest/product/:id_or_name/group_controls': ADMIN_PAGES_ONLY,
  'DELETE /rest/product/:id_or_name': ADMIN_PAGES_ONLY,
  'GET /rest/product/:id_or_name/history':
    "this service's own extension: no Bugzilla serves a product's change history, so there is no method name for it",
  'DELETE /rest/flag_type/:name': ADMIN_PAGES_ONLY,
  'POST /rest/classification': ADMIN_PAGES_ONLY,
  'PUT /rest/classification/:id_or_name': ADMIN_PAGES_ONLY,
  'DELETE /rest/classification/:id_or_name': ADMIN_PAGES_ONLY,
  'POST /rest/product/:product/version': VALUE_ADMIN,
  'PUT /rest/product/:product/version/:name': VALUE_ADMIN,
  'DELETE /rest/product/:product/version/:name': VALUE_ADMIN,
  'POST /rest/product/:product/milestone': VALUE_ADMIN,
  'PUT /rest/product/:product/milestone/:name': VALUE_ADMIN,
  'DELETE /rest/product/:product/milestone/:name': VALUE_ADMIN,
};

/** The entry of a method name; own properties only, so "constructor" or "__proto__" are unknown methods. */
export function findRpcMethod(name: string): RpcMethod | undefined {
  return Object.hasOwn(RPC_METHODS, name) ? RPC_METHODS[name] : undefined;
}
