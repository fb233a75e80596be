import { ScavengerMode } from './garbage-collector.js';

/** A ScavengerMode whose V8 flag changes are recorded instead of made. */
function recorded(): { mode: ScavengerMode; set: string[] } {
  const set: string[] = [];
  return { mode: new ScavengerMode((flags) => set.push(flags)), set };
}

describe('ScavengerMode', () => {
  it('turns parallel scavenging off when the command line says nothing of it', () => {
    const { mode, set } = recorded();
    expect(mode.serveOnOneThread(['--enable-source-maps', '--parallel-marking'])).toBe(true);
    expect(set).toEqual(['--no-parallel-scavenge']);
  });

  it.each([
    ['--parallel-scavenge'],
    ['--parallel_scavenge'],
    ['--parallel-scavenge=true'],
    ['--no-parallel-scavenge'],
    ['--noparallel_scavenge'],
    ['--no_parallel_scavenge'],
  ])('keeps the choice of a process started with %s, loads included', async (flag) => {
    const { mode, set } = recorded();
    expect(mode.serveOnOneThread(['--max-old-space-size=4096', flag])).toBe(false);
    await expect(mode.whileLoading(async () => 'loaded')).resolves.toBe('loaded');
    expect(set).toEqual([]);
  });

  it('changes nothing around a load until the setting is taken over', async () => {
    const { mode, set } = recorded();
    await expect(mode.whileLoading(async () => 42)).resolves.toBe(42);
    expect(set).toEqual([]);
  });

  it('scavenges in parallel while loads run, overlapping ones as one, and on one thread again after', async () => {
    const { mode, set } = recorded();
    mode.serveOnOneThread([]);
    let finishFirst!: () => void;
    const first = mode.whileLoading(() => new Promise<void>((resolve) => (finishFirst = resolve)));
    expect(set).toEqual(['--no-parallel-scavenge', '--parallel-scavenge']);
    await mode.whileLoading(async () => undefined);
    // The first load still runs: still in parallel.
    expect(set).toEqual(['--no-parallel-scavenge', '--parallel-scavenge']);
    finishFirst();
    await first;
    expect(set).toEqual(['--no-parallel-scavenge', '--parallel-scavenge', '--no-parallel-scavenge']);
  });

  it('goes back to one thread when a load fails, and passes the failure on', async () => {
    const { mode, set } = recorded();
    mode.serveOnOneThread([]);
    await expect(mode.whileLoading(() => Promise.reject(new Error('connection lost')))).rejects.toThrow(
      'connection lost',
    );
    expect(set).toEqual(['--no-parallel-scavenge', '--parallel-scavenge', '--no-parallel-scavenge']);
  });
});
