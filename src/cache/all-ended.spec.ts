import { allEnded } from './all-ended.js';

describe('allEnded: every promise ended, then the values or the first failure', () => {
  it('answers the values in order, as Promise.all does', async () => {
    await expect(allEnded([Promise.resolve(1), Promise.resolve(2)])).resolves.toEqual([1, 2]);
  });

  it('tells a failure only once the slower promises have ended', async () => {
    let slowEnded = false;
    const slow = new Promise<number>((resolve) =>
      setTimeout(() => {
        slowEnded = true;
        resolve(2);
      }, 30),
    );
    const failure = new Error('the first table failed');
    await expect(allEnded([Promise.reject(failure), slow])).rejects.toBe(failure);
    expect(slowEnded).toBe(true);
  });

  it('tells the first failure in the order given when several fail', async () => {
    const first = new Error('first');
    const second = new Error('second');
    const late = new Promise<number>((_, reject) => setTimeout(() => reject(first), 20));
    await expect(allEnded([late, Promise.reject(second)])).rejects.toBe(first);
  });
});
