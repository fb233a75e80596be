import type { GaleraSettings } from '../../config/app-config.js';
import type { NodeReading } from './node-state.js';
import { NodeSet, type ClusterNode, type NodePool } from './node-set.js';

const SETTINGS: GaleraSettings = { start: 'first', failback: false, writeRetryMs: 1000, causalReads: false };
const NODES = [
  { host: 'db1', port: 3306 },
  { host: 'db2', port: 3306 },
  { host: 'db3', port: 3307 },
];

/** A node set whose probe answers from `states` (by node name; 'down' throws), with pools that do nothing. */
function nodeSet(states: Record<string, NodeReading['status']>, settings: Partial<GaleraSettings> = {}, random = 0) {
  const moves: string[] = [];
  const ended: string[] = [];
  const set = new NodeSet({
    nodes: NODES,
    settings: { ...SETTINGS, ...settings },
    timeoutMs: 400,
    makePool: (node) =>
      ({ getConnection: () => undefined, end: (done?: () => void) => (ended.push(node.host), done?.()) }) as NodePool,
    monitorOptions: {},
    events: { failover: (from, to) => moves.push(`${from} -> ${to}`) },
    random: () => random,
    probe: async (node: ClusterNode) => {
      const status = states[node.name];
      if (status === 'down') throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
      return { status, reason: status === 'synced' ? '' : 'wsrep_ready is OFF' };
    },
  });
  return { set, moves, ended, check: () => (set as unknown as { checkAll(): void }).checkAll() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('NodeSet: one Galera node at a time', () => {
  it('starts on the first node listed that is Synced, and /health lists every node in DATABASE_URL order', async () => {
    const { set } = nodeSet({ 'db1:3306': 'down', 'db2:3306': 'joining', 'db3:3307': 'synced' });
    await set.start();
    expect(set.inUse.name).toBe('db3:3307');
    expect(set.health()).toEqual([
      { name: 'db1:3306', status: 'down', in_use: false },
      { name: 'db2:3306', status: 'joining', in_use: false },
      { name: 'db3:3307', status: 'synced', in_use: true },
    ]);
    await set.close();
  });

  it('DB_NODE_START=random starts at a random offset and keeps the listed order after it', async () => {
    const { set } = nodeSet(
      { 'db1:3306': 'synced', 'db2:3306': 'synced', 'db3:3307': 'synced' },
      { start: 'random' },
      0.5,
    );
    await set.start();
    expect(set.nodes.map((n) => n.name)).toEqual(['db2:3306', 'db3:3307', 'db1:3306']);
    expect(set.inUse.name).toBe('db2:3306');
    await set.close();
  });

  it('fails the start in one line when no node is usable', async () => {
    const { set } = nodeSet({ 'db1:3306': 'down', 'db2:3306': 'down', 'db3:3307': 'joining' });
    await expect(set.start()).rejects.toThrow(/^No database node is usable \(db3:3307: wsrep_ready is OFF\)$/);
    await set.close();
  });

  it('moves to the next Synced node when the node in use fails; a report about a node left is ignored', async () => {
    const { set, moves } = nodeSet({ 'db1:3306': 'synced', 'db2:3306': 'joining', 'db3:3307': 'synced' });
    await set.start();
    const first = set.inUse;
    expect(set.nodeFailed(first, 'ECONNRESET')).toBe(true);
    expect(set.inUse.name).toBe('db3:3307');
    expect(set.nodeFailed(first, 'ECONNRESET again')).toBe(true);
    expect(set.inUse.name).toBe('db3:3307');
    expect(moves).toEqual(['db1:3306 -> db3:3307']);
    await set.close();
  });

  it('leaves the node in use when the check finds it not Synced, and stays away without DB_NODE_FAILBACK', async () => {
    const states: Record<string, NodeReading['status']> = {
      'db1:3306': 'synced',
      'db2:3306': 'synced',
      'db3:3307': 'synced',
    };
    const { set, moves, check } = nodeSet(states);
    await set.start();
    states['db1:3306'] = 'joining';
    check();
    await settle();
    expect(set.inUse.name).toBe('db2:3306');
    states['db1:3306'] = 'synced';
    check();
    await settle();
    expect(set.inUse.name).toBe('db2:3306');
    expect(moves).toEqual(['db1:3306 -> db2:3306']);
    await set.close();
  });

  it('with DB_NODE_FAILBACK returns to an earlier node once it is Synced again', async () => {
    const states: Record<string, NodeReading['status']> = {
      'db1:3306': 'synced',
      'db2:3306': 'synced',
      'db3:3307': 'synced',
    };
    const { set, moves, check } = nodeSet(states, { failback: true });
    await set.start();
    states['db1:3306'] = 'down';
    check();
    await settle();
    expect(set.inUse.name).toBe('db2:3306');
    states['db1:3306'] = 'synced';
    check();
    await settle();
    expect(set.inUse.name).toBe('db1:3306');
    expect(moves).toEqual(['db1:3306 -> db2:3306', 'db2:3306 -> db1:3306']);
    await set.close();
  });

  it('stays on a failed node when no other is usable (callers get 503s), and moves once one is', async () => {
    const states: Record<string, NodeReading['status']> = {
      'db1:3306': 'synced',
      'db2:3306': 'down',
      'db3:3307': 'down',
    };
    const { set, check } = nodeSet(states);
    await set.start();
    expect(set.nodeFailed(set.inUse, 'ECONNREFUSED')).toBe(false);
    expect(set.inUse.name).toBe('db1:3306');
    states['db1:3306'] = 'down';
    states['db3:3307'] = 'synced';
    check();
    await settle();
    expect(set.inUse.name).toBe('db3:3307');
    await set.close();
  });
});
