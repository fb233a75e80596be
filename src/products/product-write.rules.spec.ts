import { BugzillaError } from '../bugzilla/bugzilla-error.js';
import {
  blockingName,
  characterCount,
  checkDescription,
  checkNewDefaultMilestone,
  checkProductName,
  checkVersion,
  cleanText,
  isBlank,
  productNameTaken,
} from './product-write.rules.js';

function failure(fn: () => unknown): { code: number; message: string; status: number } {
  try {
    fn();
  } catch (error) {
    if (error instanceof BugzillaError) return { code: error.code, message: error.message, status: error.status };
    throw error;
  }
  throw new Error('no error thrown');
}

describe('product write rules', () => {
  it('counts characters as code points, as a varchar does', () => {
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('😀é')).toBe(2);
  });

  it('treats empty, whitespace-only and "0" as blank, like Perl falsiness after trim', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('0')).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank('00')).toBe(false);
    expect(isBlank('x')).toBe(false);
  });

  it('trims a name and refuses a blank one with 700', () => {
    expect(checkProductName('  Padded  ')).toBe('Padded');
    for (const blank of [undefined, '', '   ', '0', ' 0 ']) {
      expect(failure(() => checkProductName(blank))).toEqual({
        code: 700,
        message: 'You must enter a name for the product.',
        status: 400,
      });
    }
  });

  it('accepts 64 characters and refuses 65 with 701 naming the length', () => {
    expect(checkProductName('L'.repeat(64))).toBe('L'.repeat(64));
    expect(checkProductName('😀'.repeat(64))).toBe('😀'.repeat(64));
    const name = 'N'.repeat(65);
    expect(failure(() => checkProductName(name))).toEqual({
      code: 701,
      message: `The name of a product is limited to 64 characters. '${name}' is too long (65 characters).`,
      status: 400,
    });
  });

  it('words 702 by whether the taken name differs only in case', () => {
    expect(productNameTaken('Alpha', 'Alpha').message).toBe("The product name 'Alpha' already exists.");
    expect(productNameTaken('aLPHA', 'Alpha').message).toBe(
      "The product name 'aLPHA' differs from existing product 'Alpha' only in case.",
    );
    expect(productNameTaken('aLPHA', 'Alpha').code).toBe(702);
  });

  it('lets a product keep its own name and prefers an exact match among several', () => {
    expect(blockingName('Alpha', [{ id: 1, name: 'alpha' }], 1)).toBeUndefined();
    expect(blockingName('Alpha', [{ id: 1, name: 'alpha' }], 2)).toBe('alpha');
    expect(
      blockingName('Alpha', [
        { id: 1, name: 'ALPHA' },
        { id: 2, name: 'Alpha' },
      ]),
    ).toBe('Alpha');
    expect(blockingName('Alpha', [])).toBeUndefined();
  });

  it('keeps HTML and Unicode in a description, trimmed; blank is 703', () => {
    expect(checkDescription('  <b>Grüße</b> & 😀 \n')).toBe('<b>Grüße</b> & 😀');
    expect(failure(() => checkDescription(' 0 '))).toEqual({
      code: 703,
      message: 'You must enter a description for this product.',
      status: 400,
    });
  });

  it('cleans control characters out of a version; blank is 704, over 64 characters is 53', () => {
    expect(cleanText('\t1.0\u0001beta\n')).toBe('1.0 beta');
    expect(checkVersion(' 2.0 ')).toBe('2.0');
    expect(failure(() => checkVersion('\u0001')).code).toBe(704);
    expect(failure(() => checkVersion(undefined)).message).toBe(
      'You must enter a valid version to create a new product.',
    );
    expect(failure(() => checkVersion('v'.repeat(65)))).toEqual({
      code: 53,
      message: "The 'version' parameter is invalid: a value of at most 64 characters was expected.",
      status: 400,
    });
  });

  it("gives a new product the milestone '---' when none or a blank one is given", () => {
    expect(checkNewDefaultMilestone(undefined)).toBe('---');
    expect(checkNewDefaultMilestone('  ')).toBe('---');
    expect(checkNewDefaultMilestone('0')).toBe('---');
    expect(checkNewDefaultMilestone(' M1 ')).toBe('M1');
    expect(failure(() => checkNewDefaultMilestone('m'.repeat(65))).code).toBe(53);
  });
});
