import { formatLsn, parseLsn } from './lsn.js';

describe("PostgreSQL's log positions", () => {
  it('reads both spellings the server uses and orders them as numbers', () => {
    expect(parseLsn('0/1B9B458')).toBe(0x1b9b458n);
    expect(parseLsn('00000000/01B9B458')).toBe(0x1b9b458n);
    expect(parseLsn('16/B374D848') > parseLsn('15/FFFFFFFF')).toBe(true);
  });

  it('writes a position as the server does', () => {
    expect(formatLsn(parseLsn('00000016/0000D848'))).toBe('16/D848');
  });

  it('refuses what is not a position', () => {
    expect(() => parseLsn('16-B374')).toThrow("not a log position: '16-B374'");
  });
});
