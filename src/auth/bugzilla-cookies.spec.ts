import { LOGIN_COOKIE, LOGIN_ID_COOKIE, readCookie } from './bugzilla-cookies.js';

describe("Bugzilla's login cookies in a Cookie header", () => {
  it('reads each by its exact name, the first one sent, decoded; empty or absent is none', () => {
    const header =
      'Bugzilla_login_request_cookie=r; Bugzilla_login=12; Bugzilla_logincookie=AbC%2Fd; Bugzilla_login=13';
    expect(readCookie(header, LOGIN_ID_COOKIE)).toBe('12');
    expect(readCookie(header, LOGIN_COOKIE)).toBe('AbC/d');
    expect(readCookie('Bugzilla_logincookie="quoted"', LOGIN_COOKIE)).toBe('quoted');
    expect(readCookie('Bugzilla_logincookie=', LOGIN_COOKIE)).toBeUndefined();
    expect(readCookie('other=1', LOGIN_COOKIE)).toBeUndefined();
    expect(readCookie(undefined, LOGIN_COOKIE)).toBeUndefined();
    expect(readCookie(['a=1', 'Bugzilla_login=5'], LOGIN_ID_COOKIE)).toBe('5');
  });
});
