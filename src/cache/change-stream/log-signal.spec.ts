import type { ChangeSignal, SignalReading } from '../change-signal.js';
import { HEARTBEAT_TRANSIT_MS, LogSignal, type StreamState } from './log-signal.js';
import type { CommittedChange, LogStream } from './log-stream.js';
import { addRowKeys, noRowChanges } from './row-keys.js';

/** A stream as the signal sees it: connected or not, its last heartbeat, and how far it has read. */
interface FakeStream extends LogStream {
  connected: boolean;
  caughtUpAt: number;
  reaches: boolean;
}

function setUp() {
  const asked: string[] = [];
  /** What the stream was asked, in order: the server's position (a statement), visibility, releases. */
  const statements: string[] = [];
  const stream: FakeStream = {
    name: 'the binary log',
    heartbeatMs: 100,
    connected: true,
    caughtUpAt: -Infinity,
    reaches: true,
    start: () => Promise.resolve(),
    stop: () => undefined,
    serverPosition() {
      statements.push('position');
      return Promise.resolve('0-1-42');
    },
    reached(position) {
      asked.push(position);
      return Promise.resolve(this.reaches);
    },
    visible(changes: readonly CommittedChange[]) {
      statements.push(`visible ${changes.map((change) => change.position).join(' ')}`);
      return Promise.resolve();
    },
    committedReader: (read) => read,
    applied(change: CommittedChange) {
      statements.push(`applied ${change.position}`);
    },
  };
  let polls = 0;
  const poll: ChangeSignal = {
    changes: async (): Promise<SignalReading> => {
      polls++;
      return { changed: new Set(['products']), accept: () => undefined };
    },
  };
  const states: [StreamState, string][] = [];
  let changed = 0;
  const signal = new LogSignal(
    () => stream,
    poll,
    { changed: () => changed++, stateChanged: (state, reason) => states.push([state, reason]) },
    250,
  );
  return { signal, stream, statements, asked, states, polls: () => polls, changed: () => changed };
}

describe("the change signal read from the database's log (SPEC §15)", () => {
  it('while heartbeats come, vouches for the last one (less its transit) with no statement', async () => {
    const { signal, stream, statements } = setUp();
    signal.resumed();
    await signal.changes(); // the first reading also primes the database checks
    stream.caughtUpAt = performance.now();
    statements.length = 0;
    const reading = await signal.changes();
    expect([reading.source, reading.asOf, reading.coversOwnWrites]).toEqual([
      'heartbeat',
      stream.caughtUpAt - HEARTBEAT_TRANSIT_MS,
      true,
    ]);
    expect(statements).toEqual([]);
  });

  it("after this instance's writes, reads the server's position once and waits for the stream to reach it", async () => {
    const { signal, stream, statements, asked } = setUp();
    signal.resumed();
    stream.caughtUpAt = performance.now();
    await signal.changes();
    statements.length = 0;
    const start = performance.now();
    const reading = await signal.changes(undefined, true);
    expect(reading.source).toBe('position');
    expect(reading.asOf).toBeGreaterThanOrEqual(start);
    expect(statements).toEqual(['position']);
    expect(asked).toEqual(['0-1-42']);
  });

  it('hands over the keys of every transaction received, and keeps them until the reading is accepted', async () => {
    const { signal, stream, changed, statements } = setUp();
    signal.resumed();
    stream.caughtUpAt = performance.now();
    const change = noRowChanges();
    addRowKeys(change, 'components', { product_id: 7 });
    signal.committed({ position: '0-1-43', changes: change });
    expect(changed()).toBe(1);
    const first = await signal.changes();
    expect(first.keys).toEqual(new Map([['components', new Set([7])]]));
    // Not accepted (the reload failed): the next reading has them again, and the log keeps them.
    const second = await signal.changes();
    expect(second.keys).toEqual(new Map([['components', new Set([7])]]));
    expect(statements).toEqual(['visible 0-1-43', 'visible 0-1-43']);
    second.accept();
    expect(statements).toEqual(['visible 0-1-43', 'visible 0-1-43', 'applied 0-1-43']);
    expect((await signal.changes()).keys).toEqual(new Map());
  });

  it('tells the stream a change is applied only once its reading is accepted, naming the last one taken', async () => {
    const { signal, stream, statements } = setUp();
    signal.resumed();
    stream.caughtUpAt = performance.now();
    for (const [position, id] of [
      ['0/10', 1],
      ['0/20', 2],
    ] as const) {
      const change = noRowChanges();
      addRowKeys(change, 'products', { id });
      signal.committed({ position, changes: change });
    }
    const reading = await signal.changes();
    // Arrived after the reading was taken: not covered by its acceptance.
    const later = noRowChanges();
    addRowKeys(later, 'products', { id: 3 });
    signal.committed({ position: '0/30', changes: later });
    expect(statements).toEqual(['visible 0/10 0/20']);
    reading.accept();
    expect(statements).toEqual(['visible 0/10 0/20', 'applied 0/20']);
    expect((await signal.changes()).keys).toEqual(new Map([['products', new Set([3])]]));
  });

  it('a stream that does not reach the position in time: the database checks answer, and it says so', async () => {
    const { signal, stream, states, polls } = setUp();
    signal.resumed();
    stream.caughtUpAt = performance.now();
    await signal.changes();
    stream.reaches = false;
    const before = polls();
    const reading = await signal.changes(undefined, true);
    expect([reading.source, reading.coversOwnWrites, reading.changed]).toEqual([
      undefined,
      undefined,
      new Set(['products']),
    ]);
    expect(polls()).toBe(before + 1);
    expect(signal.current.state).toBe('fallback');
    expect(states).toEqual([['fallback', "the binary log stream did not reach the server's position within 250 ms"]]);
  });

  it('a broken stream: the database checks answer until a heartbeat after the reconnect shows it caught up', async () => {
    const { signal, stream, states } = setUp();
    signal.resumed();
    stream.caughtUpAt = performance.now();
    await signal.changes();
    signal.broken('connection lost');
    stream.connected = false;
    expect((await signal.changes()).source).toBeUndefined();
    // Reconnected, not yet caught up (no heartbeat since): still the database checks.
    stream.connected = true;
    signal.resumed();
    expect((await signal.changes()).source).toBeUndefined();
    stream.caughtUpAt = performance.now();
    expect((await signal.changes()).source).toBe('heartbeat');
    expect(states).toEqual([
      ['fallback', 'the binary log stream broke: connection lost'],
      ['log', ''],
    ]);
  });
});
