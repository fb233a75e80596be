import { seriesDefinitions, urlQuote } from './product-series.js';

describe('product series', () => {
  it("quotes like Bugzilla's url_quote: UTF-8 bytes, only A-Z a-z 0-9 _ - . kept", () => {
    expect(urlQuote('My Product')).toBe('My%20Product');
    expect(urlQuote('a&b=c~d')).toBe('a%26b%3Dc%7Ed');
    expect(urlQuote('Grüße')).toBe('Gr%C3%BC%C3%9Fe');
    expect(urlQuote('x_y-z.1')).toBe('x_y-z.1');
  });

  it('makes one series per status and non-empty resolution, then All Open', () => {
    expect(seriesDefinitions('My Product', ['NEW', 'CLOSED'], ['', 'FIXED'], ['NEW'])).toEqual([
      { name: 'NEW', query: 'bug_status=NEW&product=My%20Product' },
      { name: 'CLOSED', query: 'bug_status=CLOSED&product=My%20Product' },
      { name: 'FIXED', query: 'resolution=FIXED&product=My%20Product' },
      { name: 'All Open', query: 'bug_status=NEW&product=My%20Product' },
    ]);
  });
});
