import { isNeverPassed, isServedMethod, PASSED_ROUTES, routeDecision } from './front-routes.js';

describe('the front routing table (SPEC §13), derived from the RPC method table', () => {
  it("passes Bugzilla's session and server methods, serves the product family, passes unknown ones", () => {
    for (const name of [
      'Bugzilla.version',
      'Bugzilla.time',
      'User.login',
      'User.get',
      'User.whoami',
      'Bug.get',
      'Foo.bar',
      'Product',
      '',
    ]) {
      expect([name, isServedMethod(name)]).toEqual([name, false]);
    }
    for (const name of [
      'Product.get',
      'Product.get_products',
      'Component.create',
      'FlagType.get',
      'Group.get',
      'Classification.get',
      'BugUserLastVisit.update',
    ]) {
      expect([name, isServedMethod(name)]).toEqual([name, true]);
    }
    // Object's own properties are no methods.
    expect(isServedMethod('constructor')).toBe(false);
  });

  it('passes the REST routes of those methods, serves every other registered route, passes unmatched requests', () => {
    expect([...PASSED_ROUTES].sort()).toEqual(
      [
        'GET /rest/extensions',
        'GET /rest/last_audit_time',
        'GET /rest/login',
        'GET /rest/logout',
        'GET /rest/parameters',
        'GET /rest/time',
        'GET /rest/timezone',
        'GET /rest/user',
        'GET /rest/user/:id_or_login',
        'GET /rest/valid_login',
        'GET /rest/version',
        'GET /rest/whoami',
      ].sort(),
    );
    expect(routeDecision('GET', '/rest/login')).toBe('passed');
    expect(routeDecision('HEAD', '/rest/version')).toBe('passed');
    expect(routeDecision('GET', '/rest/product/:id_or_name')).toBe('served');
    expect(routeDecision('HEAD', '/rest/product_accessible')).toBe('served');
    expect(routeDecision('GET', '/health')).toBe('served');
    expect(routeDecision('POST', '/xmlrpc.cgi')).toBe('by-method');
    expect(routeDecision('GET', '/jsonrpc.cgi')).toBe('by-method');
    expect(routeDecision('GET', undefined)).toBe('passed');
  });

  it('never passes /admin or /metrics, in any case or spelling that still names them', () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/x.js',
      '/ADMIN/',
      '/admin%2f..',
      '/admin;x',
      '/metrics',
      '/Metrics',
      '/metrics?x',
      '/metrics/x',
    ]) {
      expect([path, isNeverPassed(path)]).toEqual([path, true]);
    }
    for (const path of [
      '/',
      '/administrator.cgi',
      '/admin.cgi',
      '/admin_x',
      '/metricsfoo',
      '/rest/admin',
      '/show_bug.cgi',
    ]) {
      expect([path, isNeverPassed(path)]).toEqual([path, false]);
    }
  });
});
