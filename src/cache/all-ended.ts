/**
 * Promise.all's values, or a failure (that of the first promise, in the order given, that failed) —
 * told once every promise has ended, not at the first failure: whoever waits knows that nothing it
 * started is still running.
 */
export async function allEnded<T>(promises: readonly Promise<T>[]): Promise<T[]> {
  const outcomes = await Promise.allSettled(promises);
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
}
