import { redactCredentials } from './access-log.js';

describe('redactCredentials', () => {
  it('hides every credential parameter of a URL and keeps the rest', () => {
    expect(
      redactCredentials(
        '/rest/product?api_key=K1&ids=1&Bugzilla_api_key=K2&login=a@b&password=pw&Bugzilla_token=1-abc&token=2-x',
      ),
    ).toBe(
      '/rest/product?api_key=[redacted]&ids=1&Bugzilla_api_key=[redacted]&login=[redacted]&password=[redacted]' +
        '&Bugzilla_token=[redacted]&token=[redacted]',
    );
  });

  it('leaves a URL without credentials alone', () => {
    expect(redactCredentials('/rest/product/Firefly?include_fields=name')).toBe(
      '/rest/product/Firefly?include_fields=name',
    );
  });
});
