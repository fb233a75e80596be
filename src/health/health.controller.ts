import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { LoginExempt } from '../auth/auth.decorators.js';
import { Errors } from '../bugzilla/bugzilla-error.js';
import { availabilityOf } from '../database/galera/availability.js';
import type { NodeHealth } from '../database/galera/node-set.js';
import { DatabaseReader, type ReplicaHealth } from '../database/read-routing.js';
import { BugzillaState } from '../front/bugzilla-state.js';
import { HealthDto } from './health.dto.js';

interface HealthAnswer {
  status: 'ok';
  /**
   * Only with several Galera nodes in DATABASE_URL (each node's state, and which one is in use) or with
   * DATABASE_REPLICA_URLS (SPEC §7: each replica's state).
   */
  databases?: { primary: 'ok'; nodes?: NodeHealth[]; replicas?: ReplicaHealth[] };
  /** Only in front of a Perl Bugzilla (BUGZILLA_URL, SPEC §13): whether it answers. Never fails the answer. */
  bugzilla?: 'ok' | 'down';
}

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: DatabaseReader,
    private readonly bugzilla: BugzillaState,
  ) {}

  @Get()
  @LoginExempt()
  @ApiOperation({
    summary: 'Whether the service can reach its database (for load balancers and monitoring).',
    description:
      'With read replicas configured, `databases` gives the state of each one as last checked; a replica out of ' +
      'rotation (down, replication stopped, or lagging beyond DB_REPLICA_MAX_LAG_MS) does not make the answer fail. ' +
      "With several Galera nodes in DATABASE_URL, `nodes` gives each node's state (synced, joining or down) and " +
      'which one the service uses; the answer is ok while the node in use answers. In front of a Perl Bugzilla ' +
      '(BUGZILLA_URL), `bugzilla` says whether it answers; a Bugzilla that is down does not make the answer fail.',
  })
  @ApiOkResponse({ description: 'The primary database answers.', type: HealthDto })
  @ApiServiceUnavailableResponse({
    description: 'The primary database does not answer (Bugzilla error envelope, code -32000).',
  })
  async health(): Promise<HealthAnswer> {
    const bugzilla = this.bugzilla.probe();
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw Errors.databaseUnavailable();
    }
    const replicas = this.reader.replicaHealth();
    const nodes = availabilityOf(this.dataSource).nodes?.health();
    const bugzillaState = await bugzilla;
    const answer: HealthAnswer =
      !replicas && !nodes
        ? { status: 'ok' }
        : { status: 'ok', databases: { primary: 'ok', ...(nodes && { nodes }), ...(replicas && { replicas }) } };
    return bugzillaState === undefined ? answer : { ...answer, bugzilla: bugzillaState };
  }
}
