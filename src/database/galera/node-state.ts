/**
 * What a database node says about itself, read from `SHOW GLOBAL STATUS` (wsrep_* variables) and
 * `@@wsrep_on`. A Galera node is usable only when it is ready (`wsrep_ready` ON), part of the primary
 * component (`wsrep_cluster_status` Primary) and Synced (`wsrep_local_state` 4): a node that is joining,
 * donating a snapshot, desynced or cut off from the majority refuses queries (error 1047) or serves data
 * that may be behind.
 */
export type NodeStatus = 'synced' | 'joining' | 'down';

export interface NodeReading {
  status: NodeStatus;
  /** Why it is not usable ('' when synced). */
  reason: string;
}

/** The status variables the check reads (besides `@@wsrep_on`). */
export const WSREP_STATUS_VARIABLES = ['wsrep_ready', 'wsrep_local_state', 'wsrep_cluster_status'] as const;

/** Galera's `wsrep_local_state` 4: the node has applied everything and serves queries. */
const SYNCED = '4';

/**
 * The state of a node that answered: `wsrepOn` is `@@wsrep_on`, `status` its wsrep_* status variables by
 * name. A server that is not a Galera node (wsrep off: a plain MariaDB or MySQL listed as a fallback) is
 * usable whenever it answers.
 */
export function readNodeState(wsrepOn: boolean, status: Record<string, string>): NodeReading {
  if (!wsrepOn) return { status: 'synced', reason: '' };
  const ready = (status.wsrep_ready ?? '').toUpperCase();
  const cluster = status.wsrep_cluster_status ?? '';
  const state = status.wsrep_local_state ?? '';
  if (ready !== 'ON') return { status: 'joining', reason: `wsrep_ready is ${ready || 'unknown'}` };
  if (cluster !== 'Primary') {
    return {
      status: 'joining',
      reason: `it is not in the primary component (wsrep_cluster_status ${cluster || 'unknown'})`,
    };
  }
  if (state !== SYNCED)
    return { status: 'joining', reason: `it is not Synced (wsrep_local_state ${state || 'unknown'})` };
  return { status: 'synced', reason: '' };
}
