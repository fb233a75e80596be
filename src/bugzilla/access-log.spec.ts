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

  it('hides a JSON-RPC params struct that holds credentials, and keeps one that does not', () => {
    const withKey = encodeURIComponent(JSON.stringify([{ names: ['a'], Bugzilla_api_key: 'K' }]));
    expect(redactCredentials(`/jsonrpc.cgi?method=User.get&params=${withKey}&id=1`)).toBe(
      '/jsonrpc.cgi?method=User.get&params=[redacted]&id=1',
    );
    const plain = encodeURIComponent(JSON.stringify([{ ids: [1] }]));
    expect(redactCredentials(`/jsonrpc.cgi?method=Product.get&params=${plain}`)).toBe(
      `/jsonrpc.cgi?method=Product.get&params=${plain}`,
    );
  });

  it('leaves a URL without credentials alone', () => {
    expect(redactCredentials('/rest/product/Firefly?include_fields=name')).toBe(
      '/rest/product/Firefly?include_fields=name',
    );
  });
});
