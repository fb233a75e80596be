import { compareVersionNames, sortByVersion, versCmp } from './version-order.js';

const sorted = (names: string[]) => sortByVersion(names, (name) => name);

describe('versCmp (Bugzilla vers_cmp)', () => {
  it('compares digit runs as numbers: 1.10 after 1.9', () => {
    expect(versCmp('1.9', '1.10')).toBe(-1);
    expect(versCmp('1.10', '1.9')).toBe(1);
    expect(versCmp('2', '10')).toBe(-1);
  });

  it('is 0 for equal names', () => {
    expect(versCmp('1.2.3', '1.2.3')).toBe(0);
    expect(versCmp('', '')).toBe(0);
  });

  it("puts a '-' before a '.' and both before anything else", () => {
    expect(versCmp('2.0-beta', '2.0.1')).toBe(-1);
    expect(versCmp('2.0.1', '2.0-beta')).toBe(1);
    expect(versCmp('1.0', '1a')).toBe(-1);
    expect(versCmp('1-0', '1a')).toBe(-1);
    expect(versCmp('1.x', '1-x')).toBe(1);
  });

  it('puts the name with fewer tokens first when the shared ones are equal', () => {
    expect(versCmp('2.0', '2.0-beta')).toBe(-1);
    expect(versCmp('2.0', '2.0.0')).toBe(-1);
    expect(versCmp('2.0.0', '2.0')).toBe(1);
  });

  it('compares digit runs with a leading zero as text', () => {
    expect(versCmp('1.01', '1.1')).toBe(-1);
    expect(versCmp('1.05', '1.1')).toBe(-1);
    expect(versCmp('1.10', '1.09')).toBe(1);
    // as text "09" > "010", whereas as numbers 9 < 10
    expect(versCmp('1.09', '1.010')).toBe(1);
  });

  it('drops the leading zeros of a name when a digit and another character follow', () => {
    // "007" becomes "07"; "07" vs "7" then compares as text: "0" < "7"
    expect(versCmp('007', '7')).toBe(-1);
    // "010" becomes "10", greater than 9 numerically
    expect(versCmp('010', '9')).toBe(1);
    // "0.5" keeps its zero (no digit after the zeros is followed by more characters)
    expect(versCmp('0.5', '1.0')).toBe(-1);
    expect(versCmp('00.5', '0.5')).toBe(0);
  });

  it('compares other runs as upper-cased text by code point', () => {
    expect(versCmp('alpha', 'BETA')).toBe(-1);
    expect(versCmp('Alpha', 'alpha')).toBe(0);
    expect(versCmp('a', '_')).toBe(-1); // 'A' (0x41) < '_' (0x5F)
    expect(versCmp('\u{1F600}', '\uFFFD')).toBe(1); // code point order, not UTF-16 unit order
  });

  it('compares huge digit runs exactly', () => {
    expect(versCmp('123456789012345678901', '123456789012345678902')).toBe(-1);
    expect(versCmp('99999999999999999999', '100000000000000000000')).toBe(-1);
  });
});

describe('compareVersionNames / sortByVersion', () => {
  it('orders versions as Bugzilla lists them', () => {
    expect(sorted(['2.0', '1.10', 'unspecified', '2.0-beta', '1.9', '10', '1.9.1'])).toEqual([
      '1.9',
      '1.9.1',
      '1.10',
      '2.0',
      '2.0-beta',
      '10',
      'unspecified',
    ]);
  });

  it('ignores letter case', () => {
    expect(compareVersionNames('RC1', 'rc1')).toBe(0);
    expect(compareVersionNames('rc2', 'RC10')).toBe(-1);
    expect(sorted(['b', 'A', 'c'])).toEqual(['A', 'b', 'c']);
  });

  it('keeps the input order of names that compare equal', () => {
    const items = [
      { id: 1, name: 'X' },
      { id: 2, name: 'x' },
    ];
    expect(sortByVersion(items, (item) => item.name).map((item) => item.id)).toEqual([1, 2]);
    expect(sortByVersion([...items].reverse(), (item) => item.name).map((item) => item.id)).toEqual([2, 1]);
  });
});
