import { readNodeState } from './node-state.js';

const SYNCED = { wsrep_ready: 'ON', wsrep_cluster_status: 'Primary', wsrep_local_state: '4' };

describe('readNodeState: whether a node may serve the service', () => {
  it('a ready, primary, Synced Galera node is synced', () => {
    expect(readNodeState(true, SYNCED)).toEqual({ status: 'synced', reason: '' });
  });

  it.each([
    [{ ...SYNCED, wsrep_ready: 'OFF' }, 'wsrep_ready is OFF'],
    [{ ...SYNCED, wsrep_cluster_status: 'non-Primary' }, 'not in the primary component'],
    [{ ...SYNCED, wsrep_local_state: '1' }, 'not Synced (wsrep_local_state 1)'],
    [{ ...SYNCED, wsrep_local_state: '2' }, 'not Synced (wsrep_local_state 2)'],
  ])('%o is joining: %s', (status, reason) => {
    const reading = readNodeState(true, status);
    expect(reading.status).toBe('joining');
    expect(reading.reason).toContain(reason);
  });

  it('a server without Galera (wsrep off) is usable whenever it answers', () => {
    expect(readNodeState(false, { wsrep_ready: 'OFF' }).status).toBe('synced');
  });
});
