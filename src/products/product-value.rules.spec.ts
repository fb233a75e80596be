import { BugzillaError } from '../bugzilla/bugzilla-error.js';
import { checkSortkey, checkValueName } from './product-value.rules.js';

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof BugzillaError ? { code: error.code, message: error.message } : error;
  }
  throw new Error('no error');
};

describe('version and milestone names', () => {
  it('are trimmed; a version also loses control characters', () => {
    expect(checkValueName('milestone', '  M1  ')).toBe('M1');
    expect(checkValueName('version', ' 1.0\tbeta ')).toBe('1.0 beta');
  });

  it('may not be blank or "0" (Perl false), nor longer than 64 characters', () => {
    expect(failure(() => checkValueName('version', ' '))).toEqual({
      code: 32000,
      message: 'You must enter a name for this version.',
    });
    expect(failure(() => checkValueName('milestone', '0'))).toEqual({
      code: 32000,
      message: 'You must enter a name for this milestone.',
    });
    expect(checkValueName('version', 'é'.repeat(64))).toHaveLength(64);
    expect(failure(() => checkValueName('milestone', 'm'.repeat(65)))).toEqual({
      code: 32000,
      message: `The name of a milestone is limited to 64 characters. '${'m'.repeat(65)}' is too long (65 characters).`,
    });
  });
});

describe('milestone sort keys', () => {
  it('are signed integers within a smallint, given as numbers or digits', () => {
    expect(checkSortkey(-32768)).toBe(-32768);
    expect(checkSortkey(' 32767 ')).toBe(32767);
    for (const bad of [32768, '1.5', 'x', 1.5, '']) {
      expect(failure(() => checkSortkey(bad))).toMatchObject({ code: 32000 });
    }
  });
});
