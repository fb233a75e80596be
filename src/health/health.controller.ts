import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { LoginExempt } from '../auth/auth.decorators.js';
import { Errors } from '../bugzilla/bugzilla-error.js';
import { DatabaseReader, type ReplicaHealth } from '../database/read-routing.js';
import { HealthDto } from './health.dto.js';

interface HealthAnswer {
  status: 'ok';
  /** Only with DATABASE_REPLICA_URLS (SPEC §7): each database's state. */
  databases?: { primary: 'ok'; replicas: ReplicaHealth[] };
}

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: DatabaseReader,
  ) {}

  @Get()
  @LoginExempt()
  @ApiOperation({
    summary: 'Whether the service can reach its database (for load balancers and monitoring).',
    description:
      'With read replicas configured, `databases` gives the state of each one as last checked; a replica out of ' +
      'rotation (down, replication stopped, or lagging beyond DB_REPLICA_MAX_LAG_MS) does not make the answer fail.',
  })
  @ApiOkResponse({ description: 'The primary database answers.', type: HealthDto })
  @ApiServiceUnavailableResponse({
    description: 'The primary database does not answer (Bugzilla error envelope, code -32000).',
  })
  async health(): Promise<HealthAnswer> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw Errors.databaseUnavailable();
    }
    const replicas = this.reader.replicaHealth();
    return replicas ? { status: 'ok', databases: { primary: 'ok', replicas } } : { status: 'ok' };
  }
}
