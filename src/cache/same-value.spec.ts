import { sameValue } from './same-value.js';

describe('sameValue (is a reloaded table index the data the model already holds?)', () => {
  it('finds maps of the same records equal, in whatever object they were read into', () => {
    const before = new Map([['key-1', { id: 1, user_id: 7, revoked: 0 }]]);
    const after = new Map([['key-1', { id: 1, user_id: 7, revoked: 0 }]]);
    expect(sameValue(before, after)).toBe(true);
  });

  it('sees a changed field, a missing or extra entry, and a different order of a list', () => {
    const keys = new Map([['key-1', { id: 1, user_id: 7, revoked: 0 }]]);
    expect(sameValue(keys, new Map([['key-1', { id: 1, user_id: 7, revoked: 1 }]]))).toBe(false);
    expect(sameValue(keys, new Map())).toBe(false);
    expect(sameValue(keys, new Map([...keys, ['key-2', { id: 2, user_id: 7, revoked: 0 }]]))).toBe(false);
    expect(sameValue({ all: [1, 2] }, { all: [2, 1] })).toBe(false);
    expect(sameValue(new Set([1, 2]), new Set([1, 3]))).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });

  it('compares nested indexes (products by id with their lists) deeply', () => {
    const index = () => ({ byProduct: new Map([[1, [{ id: 5, name: 'Core' }]]]), withActive: new Set([1]), count: 1 });
    expect(sameValue(index(), index())).toBe(true);
  });
});
