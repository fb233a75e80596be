import { BugzillaError } from '../bugzilla/bugzilla-error.js';
import { checkCcList, checkName, checkSortkey, checkTargetType } from './flag-type.rules.js';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as BugzillaError).code;
  }
  return undefined;
};

describe('flag type rules', () => {
  it('trims names and refuses blank ones, white space, commas and more than 50 characters', () => {
    expect(checkName(' review ')).toBe('review');
    expect(checkName('é'.repeat(50))).toBe('é'.repeat(50));
    for (const name of ['', ' ', 'a b', 'a,b', 'a\tb', 'x'.repeat(51)]) expect(code(() => checkName(name))).toBe(1101);
  });

  it('accepts CC lists of plain addresses separated by commas or spaces', () => {
    expect(checkCcList('a@example.com, b.c@d.example.org  e+f@g')).toBe('a@example.com, b.c@d.example.org  e+f@g');
    expect(checkCcList(['a@example.com', 'b@example.com'])).toBe('a@example.com, b@example.com');
    expect(checkCcList(undefined)).toBe('');
    for (const list of ['not an address', 'a@@b', '@b', 'ä@b.example', 'a@b..c']) {
      expect(code(() => checkCcList(list))).toBe(501);
    }
    expect(code(() => checkCcList(`${'a'.repeat(200)}@b`))).toBe(1103);
  });

  it('reads sort keys as natural numbers up to 32767', () => {
    expect(checkSortkey(0)).toBe(0);
    expect(checkSortkey('32767')).toBe(32767);
    for (const value of [-1, 1.5, '1.5', 'abc', 32768, true, null]) expect(code(() => checkSortkey(value))).toBe(1104);
  });

  it('knows the two target types, case-sensitively', () => {
    expect(checkTargetType('bug')).toBe('b');
    expect(checkTargetType('attachment')).toBe('a');
    expect(code(() => checkTargetType('Bug'))).toBe(68000);
  });
});
