import { setFlagsFromString } from 'node:v8';

/** V8's own names for the setting, in either spelling it accepts on the command line. */
const PARALLEL_SCAVENGE_FLAGS = /^--(no[-_]?)?parallel[-_]scavenge(=|$)/;

/**
 * Young-generation collections (scavenges) run on the serving thread alone, unless the process was
 * started with `--parallel-scavenge` or `--no-parallel-scavenge` (that choice is kept).
 *
 * Why: a cached read leaves almost nothing alive (about 15 KB survive each 15 MB collection under
 * load), so a parallel scavenge has no work to share out, and what it costs is the wait for its
 * helper threads — which, on a machine whose other cores are busy (the database, other workers, the
 * clients), may not get a core for milliseconds while every request in flight waits too. Measured
 * (bench/README.md, "Seventh pass"): serving alone, the longest pauses went from 2–3.6 ms to under
 * 1 ms and the cached reads' p99 at 50 connections from 1.43× the bare-Fastify ceiling's to 1.22×.
 * V8 reads this setting at every collection, so it applies from here on; it is the process's own
 * (the service's main.ts sets it, not createApp, which test runners embed).
 */
export function serveScavengesOnOneThread(
  execArgv: readonly string[] = process.execArgv,
  setFlags: (flags: string) => void = setFlagsFromString,
): boolean {
  if (execArgv.some((arg) => PARALLEL_SCAVENGE_FLAGS.test(arg))) return false;
  setFlags('--no-parallel-scavenge');
  return true;
}
