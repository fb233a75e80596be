import { serveScavengesOnOneThread } from './garbage-collector.js';

describe('serveScavengesOnOneThread', () => {
  it('turns parallel scavenging off when the command line says nothing of it', () => {
    const set: string[] = [];
    expect(serveScavengesOnOneThread(['--enable-source-maps', '--parallel-marking'], (flags) => set.push(flags))).toBe(
      true,
    );
    expect(set).toEqual(['--no-parallel-scavenge']);
  });

  it.each([
    ['--parallel-scavenge'],
    ['--parallel_scavenge'],
    ['--parallel-scavenge=true'],
    ['--no-parallel-scavenge'],
    ['--noparallel_scavenge'],
    ['--no_parallel_scavenge'],
  ])('keeps the choice of a process started with %s', (flag) => {
    const set: string[] = [];
    expect(serveScavengesOnOneThread(['--max-old-space-size=4096', flag], (flags) => set.push(flags))).toBe(false);
    expect(set).toEqual([]);
  });
});
