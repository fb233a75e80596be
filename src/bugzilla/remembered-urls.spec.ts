import { mayRememberUrl } from './remembered-urls.js';

describe('mayRememberUrl', () => {
  it('keeps URLs with an API key or a token, and refuses one with a password or past 2048 characters', () => {
    expect(mayRememberUrl('/rest/product?names=A&Bugzilla_api_key=K')).toBe(true);
    expect(mayRememberUrl('/rest/product?token=1-abc')).toBe(true);
    expect(mayRememberUrl('/rest/product?login=a@b&Bugzilla_password=secret')).toBe(false);
    expect(mayRememberUrl('/rest/whoami?PASSWORD=secret')).toBe(false);
    expect(mayRememberUrl(`/rest/product?names=${'x'.repeat(2048 - 20)}`)).toBe(true);
    expect(mayRememberUrl(`/rest/product?names=${'x'.repeat(2048)}`)).toBe(false);
  });

  it('refuses a password spelt with percent-encoded letters, and a URL that does not decode', () => {
    expect(mayRememberUrl('/rest/whoami?login=a@b&Bugzilla_%70assword=secret')).toBe(false);
    expect(mayRememberUrl('/rest/whoami?login=a@b&p%61ssw%6Frd=secret')).toBe(false);
    expect(mayRememberUrl('/rest/product?names=%E0%A4%A')).toBe(false);
    expect(mayRememberUrl('/rest/product?names=Bench%20Big&Bugzilla_api_key=K')).toBe(true);
  });
});
