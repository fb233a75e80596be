import type { DataSource } from 'typeorm';
import { restoreSnapshot, type Snapshot, takeSnapshot } from '../database/memory-snapshot.js';
import { type AppliedSeed, applySeed } from '../seed/seed-loader.js';

/**
 * The data of a server started for tests: the base seed applied at start, more seeds applied on
 * top (`applySeed`, a provider state's setup), and `reset()` back to the base. Resetting wipes
 * data, so it exists only on `--database memory`, where the base is kept as a snapshot.
 */
export class TestData {
  private base?: Snapshot;

  private constructor(
    private readonly ds: DataSource,
    readonly apiKeys: Record<string, string>,
  ) {}

  /** Applies the base seed (if any) and, on an in-memory database, remembers the result as the base. */
  static async start(ds: DataSource, seed: unknown, inMemory: boolean): Promise<TestData> {
    const applied = seed === undefined ? { apiKeys: {} } : await applySeed(ds, seed);
    const data = new TestData(ds, { ...applied.apiKeys });
    if (inMemory) data.base = await takeSnapshot(ds);
    return data;
  }

  /** Applies a seed on the data as it stands; its users' keys join `apiKeys`. */
  async apply(seed: unknown): Promise<AppliedSeed> {
    const applied = await applySeed(this.ds, seed);
    Object.assign(this.apiKeys, applied.apiKeys);
    return applied;
  }

  /** Back to the data as the base seed left it. */
  async reset(): Promise<void> {
    if (!this.base) throw new Error("reset() wipes data: it needs database 'memory'");
    await restoreSnapshot(this.ds, this.base);
  }
}
