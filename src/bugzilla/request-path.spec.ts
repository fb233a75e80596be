import { normalizeRequestUrl } from './request-path.js';

describe('normalizeRequestUrl (paths as Apache 2.4 passes them)', () => {
  it.each([
    ['/rest/version', '/rest/version'],
    ['/rest/version?x=//a/../b', '/rest/version?x=//a/../b'],
    ['//xmlrpc.cgi', '/xmlrpc.cgi'],
    ['/./jsonrpc.cgi', '/jsonrpc.cgi'],
    ['/rest//version', '/rest/version'],
    ['///rest///product//1?ids=2', '/rest/product/1?ids=2'],
    ['/rest/./version', '/rest/version'],
    ['/rest/x/../version', '/rest/version'],
    ['/rest/%2e%2E/rest/version', '/rest/version'],
    ['/rest/%2e/version', '/rest/version'],
    ['/rest/version/', '/rest/version/'],
    ['/rest/version/.', '/rest/version/'],
    ['/rest/version/x/..', '/rest/version/'],
    ['/rest/..', '/'],
    ['/.', '/'],
    ['//', '/'],
    ['/rest/a.b/..c/.d', '/rest/a.b/..c/.d'],
    ['/rest/product/a%2eb', '/rest/product/a%2eb'],
    ['*', '*'],
  ])('%s → %s', (url, expected) => {
    expect(normalizeRequestUrl(url)).toBe(expected);
  });

  it.each(['/..', '/../rest/version', '/rest/../../version', '//..//rest', '/%2e%2e/xmlrpc.cgi', '/rest/x/../../..'])(
    '%s climbs above the root: null',
    (url) => {
      expect(normalizeRequestUrl(url)).toBeNull();
    },
  );
});
