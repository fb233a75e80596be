/**
 * Values kept by a caller's group set object (one per user and snapshot), then by a text key, with
 * at most `limit` of them over all sets: past it, everything is forgotten at once (as the text-keyed
 * memos are cleared), so that many callers cannot hold more than that between them.
 */
export class BoundedBySet<T> {
  private bySet = new WeakMap<ReadonlySet<number>, Map<string, T>>();
  private count = 0;

  constructor(private readonly limit: number) {}

  get(groupIds: ReadonlySet<number>, key: string): T | undefined {
    return this.bySet.get(groupIds)?.get(key);
  }

  set(groupIds: ReadonlySet<number>, key: string, value: T): void {
    let byKey = this.bySet.get(groupIds);
    if (!byKey?.has(key)) {
      if (this.count >= this.limit) {
        this.clear();
        byKey = undefined;
      }
      this.count++;
    }
    if (!byKey) this.bySet.set(groupIds, (byKey = new Map()));
    byKey.set(key, value);
  }

  /** Forgets every value. */
  clear(): void {
    this.bySet = new WeakMap();
    this.count = 0;
  }
}
