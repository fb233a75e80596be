import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The answer of `GET /health`, for the OpenAPI document. */

export class ReplicaHealthDto {
  @ApiProperty({ example: 'replica1:3306/bugs', description: 'host:port/database (never the credentials).' })
  name: string;

  @ApiProperty({ enum: ['starting', 'ok', 'down', 'stopped', 'lagging'], example: 'ok' })
  status: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 0,
    description: 'Replication lag as last reported (whole seconds, in ms); null when unknown.',
  })
  lag_ms: number | null;
}

export class NodeHealthDto {
  @ApiProperty({ example: 'db2:3306', description: 'host:port, as DATABASE_URL writes it.' })
  name: string;

  @ApiProperty({ enum: ['synced', 'joining', 'down'], example: 'synced' })
  status: string;

  @ApiProperty({ example: true, description: 'Whether the service uses this node now.' })
  in_use: boolean;
}

export class DatabasesHealthDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  primary: string;

  @ApiPropertyOptional({ type: [NodeHealthDto], description: 'Only with several Galera nodes in DATABASE_URL.' })
  nodes?: NodeHealthDto[];

  @ApiPropertyOptional({ type: [ReplicaHealthDto], description: 'Only with read replicas (DATABASE_REPLICA_URLS).' })
  replicas?: ReplicaHealthDto[];
}

export class HealthDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status: string;

  @ApiPropertyOptional({
    type: DatabasesHealthDto,
    description: 'Only with several Galera nodes or with read replicas.',
  })
  databases?: DatabasesHealthDto;

  @ApiPropertyOptional({
    enum: ['ok', 'down'],
    example: 'ok',
    description:
      'Only in front of a Perl Bugzilla (BUGZILLA_URL): whether it answers. A Bugzilla that is down does not fail the answer.',
  })
  bugzilla?: string;
}
