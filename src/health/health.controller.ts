import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { LoginExempt } from '../auth/auth.decorators.js';
import { Errors } from '../bugzilla/bugzilla-error.js';

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  @LoginExempt()
  @ApiOperation({ summary: 'Whether the service can reach its database (for load balancers and monitoring).' })
  @ApiOkResponse({ description: 'The database answers.', schema: { example: { status: 'ok' } } })
  @ApiServiceUnavailableResponse({
    description: 'The database does not answer (Bugzilla error envelope, code -32000).',
  })
  async health(): Promise<{ status: 'ok' }> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw Errors.databaseUnavailable();
    }
    return { status: 'ok' };
  }
}
