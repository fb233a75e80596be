import { bytesOfSharedAnswer, sharedAnswer } from './http-conventions.js';

describe('bytesOfSharedAnswer', () => {
  it("is the answer's JSON in UTF-8, worked out once: the same Buffer on every later call", () => {
    const answer = sharedAnswer({ products: [{ id: 1, name: 'Überprodukt' }] });
    const bytes = bytesOfSharedAnswer(answer);
    expect(bytes.toString('utf8')).toBe('{"products":[{"id":1,"name":"Überprodukt"}]}');
    // Counted in bytes, not characters (Ü is two).
    expect(bytes.length).toBe(Buffer.byteLength(JSON.stringify(answer)));
    expect(bytesOfSharedAnswer(answer)).toBe(bytes);
  });

  it('gives two answers with the same fields bytes of their own', () => {
    const first = sharedAnswer({ ids: [1, 2] });
    const second = sharedAnswer({ ids: [1, 2] });
    expect(bytesOfSharedAnswer(second)).not.toBe(bytesOfSharedAnswer(first));
    expect(bytesOfSharedAnswer(second).equals(bytesOfSharedAnswer(first))).toBe(true);
  });
});
