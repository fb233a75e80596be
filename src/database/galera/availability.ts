import type { DataSource } from 'typeorm';
import type { FailureKind } from './retry-rules.js';
import type { NodeSet } from './node-set.js';

/**
 * What a data source knows about keeping the database available: its Galera nodes (when DATABASE_URL
 * lists several), how long a write may be retried, and the counts /metrics shows. One per DataSource,
 * kept beside it (the data source is TypeORM's object; this layer only adds to it).
 */
export class Availability {
  /** Moves from one node to another. */
  failovers = 0;
  /** Statements and transactions run again, by what they ran into. */
  readonly retries = new Map<string, number>();
  /** Transactions whose COMMIT lost its connection: answered 503, outcome unknown. */
  unknownCommits = 0;

  constructor(
    /** How long a transaction that did not commit is retried (DB_WRITE_RETRY_MS). */
    readonly writeRetryMs: number,
    /** The Galera nodes, when DATABASE_URL lists several. */
    readonly nodes?: NodeSet,
  ) {}

  /** There is another node to run a failed statement on. */
  get otherNodes(): boolean {
    return (this.nodes?.size ?? 1) > 1;
  }

  countRetry(what: 'statement' | 'transaction', kind: FailureKind): void {
    const key = `${what}|${kind}`;
    this.retries.set(key, (this.retries.get(key) ?? 0) + 1);
  }
}

/** DB_WRITE_RETRY_MS's default, for data sources the configuration did not make (the CLI, tests' own). */
export const DEFAULT_WRITE_RETRY_MS = 10_000;

const registry = new WeakMap<DataSource, Availability>();

export function setAvailability(dataSource: DataSource, availability: Availability): void {
  registry.set(dataSource, availability);
}

/** The data source's availability state (a default one, without nodes, when none was set). */
export function availabilityOf(dataSource: DataSource): Availability {
  let availability = registry.get(dataSource);
  if (!availability) {
    availability = new Availability(DEFAULT_WRITE_RETRY_MS);
    registry.set(dataSource, availability);
  }
  return availability;
}
