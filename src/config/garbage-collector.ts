import { setFlagsFromString } from 'node:v8';

/** V8's own names for the setting, in either spelling it accepts on the command line. */
const PARALLEL_SCAVENGE_FLAGS = /^--(no[-_]?)?parallel[-_]scavenge(=|$)/;

/**
 * How a process's young-generation collections (scavenges) run: on the serving thread alone, except
 * while the in-memory model loads tables. V8's flags are the process's, so there is one of these
 * for the process (processScavenger); until something takes it over (the service's main.ts: a
 * test runner embedding createApp does not), it changes nothing.
 *
 * Why: a cached read leaves almost nothing alive (about 15 KB survive each 15 MB collection under
 * load), so a parallel scavenge has no work to share out, and what it costs is the wait for its
 * helper threads — which, on a machine whose other cores are busy (the database, other workers, the
 * clients), may not get a core for milliseconds while every request in flight waits too. Measured
 * (bench/README.md, "Seventh pass"): serving alone, the longest scavenges went from 2.3–3.6 ms to about
 * 0.7 ms and the cached reads' p99 at 50 connections from 1.43× the bare-Fastify ceiling's to 1.22×.
 * A table load is the opposite case (most of what it allocates survives): there the helpers pay.
 * V8 reads the setting at every collection, so each change applies from the next one.
 */
export class ScavengerMode {
  private owned = false;
  private loads = 0;

  constructor(private readonly setFlags: (flags: string) => void = setFlagsFromString) {}

  /**
   * Takes the setting over and turns parallel scavenging off — unless the process was started with
   * `--parallel-scavenge` or `--no-parallel-scavenge`: that choice is kept, and nothing changes.
   */
  serveOnOneThread(execArgv: readonly string[] = process.execArgv): boolean {
    if (execArgv.some((arg) => PARALLEL_SCAVENGE_FLAGS.test(arg))) return false;
    this.owned = true;
    this.setFlags('--no-parallel-scavenge');
    return true;
  }

  /** Runs `load` (the model's reading of tables) with the parallel scavenger, then goes back to one thread. */
  async whileLoading<T>(load: () => Promise<T>): Promise<T> {
    if (!this.owned) return load();
    if (this.loads++ === 0) this.setFlags('--parallel-scavenge');
    try {
      return await load();
    } finally {
      if (--this.loads === 0) this.setFlags('--no-parallel-scavenge');
    }
  }
}

/** This process's scavenger. */
export const processScavenger = new ScavengerMode();
