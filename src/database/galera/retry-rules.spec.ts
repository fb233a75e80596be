import { backoffMs, failureKind, mayRetryStatement, mayRetryTransaction } from './retry-rules.js';

/** An error as TypeORM wraps mysql2's: the driver's error in `driverError`. */
function queryFailed(code: string, errno?: number) {
  return { name: 'QueryFailedError', message: 'x', driverError: { code, errno } };
}

describe('failureKind: what a database error says about its statement', () => {
  it.each([
    [queryFailed('ER_LOCK_DEADLOCK', 1213), 'conflict'],
    [queryFailed('40P01'), 'conflict'],
    [queryFailed('40001'), 'conflict'],
    [queryFailed('ER_UNKNOWN_COM_ERROR', 1047), 'not-ready'],
    [queryFailed('ECONNREFUSED'), 'refused'],
    [queryFailed('ER_CON_COUNT_ERROR', 1040), 'refused'],
    [queryFailed('PROTOCOL_CONNECTION_LOST'), 'lost'],
    [queryFailed('PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR'), 'refused'],
    [queryFailed('ECONNRESET'), 'lost'],
    [queryFailed('ER_SERVER_SHUTDOWN', 1053), 'lost'],
    [{ errno: 2013, message: 'Lost connection to server during query' }, 'lost'],
    [queryFailed('PROTOCOL_SEQUENCE_TIMEOUT'), 'lost'],
    [queryFailed('ER_DUP_ENTRY', 1062), undefined],
    [queryFailed('ER_PARSE_ERROR', 1064), undefined],
    [new Error('not a database error'), undefined],
  ])('%o is %s', (error, kind) => {
    expect(failureKind(error)).toBe(kind);
  });
});

describe('which failed transactions run again', () => {
  it('a conflict (1213), at any statement or at COMMIT, on one server or several', () => {
    for (const phase of ['statements', 'commit'] as const) {
      expect(mayRetryTransaction('conflict', phase, false)).toBe(true);
      expect(mayRetryTransaction('conflict', phase, true)).toBe(true);
    }
  });

  it('a node that was not ready or refused the connection, when there is another node', () => {
    expect(mayRetryTransaction('not-ready', 'commit', true)).toBe(true);
    expect(mayRetryTransaction('refused', 'statements', true)).toBe(true);
    expect(mayRetryTransaction('not-ready', 'statements', false)).toBe(false);
  });

  it('a lost connection before COMMIT was sent, never during COMMIT (it may have committed)', () => {
    expect(mayRetryTransaction('lost', 'statements', true)).toBe(true);
    expect(mayRetryTransaction('lost', 'commit', true)).toBe(false);
    expect(mayRetryTransaction('lost', 'statements', false)).toBe(false);
  });

  it('never any other error', () => {
    expect(mayRetryTransaction(undefined, 'statements', true)).toBe(false);
  });
});

describe('which failed statements outside a transaction run again', () => {
  it('a read whose node failed, on another node', () => {
    expect(mayRetryStatement('lost', true, true)).toBe(true);
    expect(mayRetryStatement('not-ready', true, true)).toBe(true);
    expect(mayRetryStatement('lost', true, false)).toBe(false);
  });

  it('a write only when it never ran (refused, not ready) or was rolled back (conflict)', () => {
    expect(mayRetryStatement('lost', false, true)).toBe(false);
    expect(mayRetryStatement('refused', false, true)).toBe(true);
    expect(mayRetryStatement('not-ready', false, true)).toBe(true);
    expect(mayRetryStatement('conflict', false, true)).toBe(true);
    expect(mayRetryStatement(undefined, true, true)).toBe(false);
  });
});

describe('backoffMs', () => {
  it('grows from 5 ms to at most 250 ms, jittered down to 0', () => {
    expect(backoffMs(1, () => 1)).toBe(10);
    expect(backoffMs(3, () => 1)).toBe(40);
    expect(backoffMs(30, () => 1)).toBe(250);
    expect(backoffMs(30, () => 0)).toBe(0);
    expect(backoffMs(4, () => 0.5)).toBe(40);
  });
});
