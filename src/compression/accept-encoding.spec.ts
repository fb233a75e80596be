import { negotiatedEncoding } from './accept-encoding.js';

describe('negotiatedEncoding (Accept-Encoding, RFC 9110 §12.5.3)', () => {
  it('answers plain without the header, or with an empty one', () => {
    expect(negotiatedEncoding(undefined)).toBeUndefined();
    expect(negotiatedEncoding('')).toBeUndefined();
  });

  it("takes what a client names: python-bugzilla's requests sends gzip, browsers prefer br", () => {
    expect(negotiatedEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiatedEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiatedEncoding('br')).toBe('br');
    expect(negotiatedEncoding('x-gzip')).toBe('gzip');
    expect(negotiatedEncoding('GZIP')).toBe('gzip');
  });

  it('follows q-values, and never picks a coding weighed 0', () => {
    expect(negotiatedEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(negotiatedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiatedEncoding('gzip;q=0')).toBeUndefined();
    expect(negotiatedEncoding('gzip; q=0.5')).toBe('gzip');
  });

  it('reads * as every coding not named, identity as plain when weighed above the rest', () => {
    expect(negotiatedEncoding('*')).toBe('br');
    expect(negotiatedEncoding('br;q=0, *')).toBe('gzip');
    expect(negotiatedEncoding('identity')).toBeUndefined();
    expect(negotiatedEncoding('identity, gzip;q=0.5')).toBeUndefined();
    expect(negotiatedEncoding('identity;q=0.1, gzip;q=0.5')).toBe('gzip');
    expect(negotiatedEncoding('deflate, compress')).toBeUndefined();
  });

  it('answers a header it cannot read plain, never throws', () => {
    for (const header of ['gzip;q=x', 'gzip;q=2', 'gzip;level=9', 'g zip', '"gzip"', ';q=1', 'gzip;q=0.1234'])
      expect(negotiatedEncoding(header)).toBeUndefined();
    expect(negotiatedEncoding('gzip,,br')).toBe('br');
    expect(negotiatedEncoding(['gzip', 'br'])).toBe('br');
  });
});
