import {
  guardedStatement,
  hasFourByteCharacter,
  isFourByteTextRefusal,
  TextCapacity,
  UnstorableTextValue,
} from './text-capacity.js';

const ROCKET = '🚀';
/** A Bugzilla 5.0 database: products' and audit_log's text in 3-byte UTF-8. */
const threeByte = new TextCapacity(
  new Map([
    ['products', new Set(['name', 'description'])],
    ['audit_log', new Set(['added'])],
  ]),
);

describe('text capacity (SPEC §8: 3-byte UTF-8 databases)', () => {
  it('tells characters beyond U+FFFF from the rest', () => {
    expect([ROCKET, '𠀀', 'a😀b', '🇫🇷'].map(hasFourByteCharacter)).toEqual([true, true, true, true]);
    expect(['中文 é', '\uFFFF', '\uFFFD', '', 'plain'].map(hasFourByteCharacter)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    // A lone surrogate is no 4-byte character (it has no UTF-8 form at all).
    expect(hasFourByteCharacter('\uD83D')).toBe(false);
  });

  it('a column stores a value unless it is 3-byte and the value has a 4-byte character', () => {
    expect(threeByte.fits('products.name', `a ${ROCKET}`)).toBe(false);
    expect(threeByte.fits('products.name', '中文 é')).toBe(true);
    expect(threeByte.fits('components.name', `a ${ROCKET}`)).toBe(true);
    expect(TextCapacity.EVERY_CHARACTER.fits('products.name', ROCKET)).toBe(true);
    expect([threeByte.hasThreeByteColumns, TextCapacity.EVERY_CHARACTER.hasThreeByteColumns]).toEqual([true, false]);
  });

  it('a read compares a 4-byte value under the 4-byte collation, so that it matches nothing; other values are left alone', () => {
    expect(
      guardedStatement(threeByte, 'SELECT id FROM products WHERE name = ? OR name IN (?, ?) AND id = ?', [
        ROCKET,
        'plain',
        `x${ROCKET}`,
        3,
      ]),
    ).toEqual([
      'SELECT id FROM products WHERE name = (? COLLATE utf8mb4_unicode_520_ci) OR name IN (?, (? COLLATE utf8mb4_unicode_520_ci)) AND id = ?',
      [ROCKET, 'plain', `x${ROCKET}`, 3],
    ]);
    // mysql2's `??` is an identifier, never a compared value.
    expect(guardedStatement(threeByte, 'SELECT ?? FROM t WHERE a = ?', ['col', ROCKET])[0]).toBe(
      'SELECT ?? FROM t WHERE a = (? COLLATE utf8mb4_unicode_520_ci)',
    );
  });

  it('a write storing a 4-byte value into a table with 3-byte text is refused before it is sent', () => {
    expect(() =>
      guardedStatement(threeByte, 'INSERT INTO products (name, description) VALUES (?, ?)', ['P', `d ${ROCKET}`]),
    ).toThrow(UnstorableTextValue);
    expect(() =>
      guardedStatement(threeByte, 'UPDATE products SET description = ? WHERE id = ?', [`d ${ROCKET}`, 1]),
    ).toThrow(UnstorableTextValue);
    expect(isFourByteTextRefusal(new UnstorableTextValue('products'))).toBe(true);
  });

  it("an UPDATE's WHERE is a lookup, and a table without 3-byte text stores the value", () => {
    expect(guardedStatement(threeByte, 'UPDATE products SET isactive = ? WHERE name = ?', [0, ROCKET])[0]).toBe(
      'UPDATE products SET isactive = ? WHERE name = (? COLLATE utf8mb4_unicode_520_ci)',
    );
    expect(guardedStatement(threeByte, 'INSERT INTO logincookies (cookie) VALUES (?)', [ROCKET])[0]).toBe(
      'INSERT INTO logincookies (cookie) VALUES ((? COLLATE utf8mb4_unicode_520_ci))',
    );
  });

  it("MariaDB's own refusal (1366, Incorrect string value) is the same refusal; other errors are not", () => {
    const driverError = { errno: 1366, message: "Incorrect string value: '\\xF0\\x9F\\x9A\\x80' for column `x`" };
    expect(isFourByteTextRefusal({ driverError })).toBe(true);
    expect(isFourByteTextRefusal({ errno: 1366, message: "Incorrect integer value: 'x' for column `y`" })).toBe(false);
    expect(isFourByteTextRefusal(new Error('other'))).toBe(false);
  });
});
