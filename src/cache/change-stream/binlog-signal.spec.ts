import type { ChangeSignal, SignalReading } from '../change-signal.js';
import type { ModelReader } from '../model-loader.js';
import { BinlogSignal, HEARTBEAT_TRANSIT_MS, type StreamState } from './binlog-signal.js';
import type { BinlogStream } from './binlog-stream.js';
import { addRowKeys, noRowChanges } from './row-keys.js';

/** A stream as the signal sees it: connected or not, its last heartbeat, and how far it has read. */
interface FakeStream {
  connected: boolean;
  caughtUpAt: number;
  reaches: boolean;
  reached(position: string, timeoutMs: number): Promise<boolean>;
}

function setUp() {
  const stream: FakeStream = {
    connected: true,
    caughtUpAt: -Infinity,
    reaches: true,
    reached(position) {
      asked.push(position);
      return Promise.resolve(this.reaches);
    },
  };
  const asked: string[] = [];
  const statements: string[] = [];
  const read: ModelReader = async <T>(sql: string) => {
    statements.push(sql);
    return [{ pos: '0-1-42' }] as T[];
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
  const signal = new BinlogSignal(
    () => stream as unknown as BinlogStream,
    read,
    poll,
    { changed: () => changed++, stateChanged: (state, reason) => states.push([state, reason]) },
    250,
  );
  return { signal, stream, statements, asked, states, polls: () => polls, changed: () => changed };
}

describe('the change signal read from the binary log (SPEC §15)', () => {
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
    expect(statements).toEqual(['SELECT @@GLOBAL.gtid_binlog_pos AS pos']);
    expect(asked).toEqual(['0-1-42']);
  });

  it('hands over the keys of every transaction received, and keeps them until the reading is accepted', async () => {
    const { signal, stream, changed } = setUp();
    signal.resumed();
    stream.caughtUpAt = performance.now();
    const change = noRowChanges();
    addRowKeys(change, 'components', { product_id: 7 });
    signal.committed({ gtid: '0-1-43', changes: change });
    expect(changed()).toBe(1);
    const first = await signal.changes();
    expect(first.keys).toEqual(new Map([['components', new Set([7])]]));
    // Not accepted (the reload failed): the next reading has them again.
    const second = await signal.changes();
    expect(second.keys).toEqual(new Map([['components', new Set([7])]]));
    second.accept();
    expect((await signal.changes()).keys).toEqual(new Map());
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
      ['binlog', ''],
    ]);
  });
});
