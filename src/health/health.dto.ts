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

export class ChangeStreamHealthDto {
  @ApiProperty({
    enum: ['auto', 'poll', 'binlog', 'logical_decoding'],
    example: 'auto',
    description:
      "DB_CHANGE_STREAM as set, its log (`binlog` or `log`) named in the database's own terms: `binlog` on " +
      'MariaDB, `logical_decoding` on PostgreSQL.',
  })
  configured: string;

  @ApiProperty({
    enum: ['binlog', 'logical_decoding', 'poll'],
    example: 'binlog',
    description:
      "What the model reads changes from now: the database's own log (`binlog`: MariaDB's binary log; " +
      "`logical_decoding`: PostgreSQL's), or the database's checks (`poll`).",
  })
  mode: string;

  @ApiPropertyOptional({
    example: 'the binary log stream broke: Connection lost: The server closed the connection.',
    description:
      'Why the mode is poll: the stream broke, or fell behind; the database checks stand in until it is back.',
  })
  reason?: string;
}

export class LastReloadDto {
  @ApiProperty({ example: '2026-12-02T01:00:00.000Z', description: 'When the reload ended (UTC).' })
  at: string;

  @ApiProperty({
    enum: ['ok', 'failed'],
    example: 'ok',
    description: 'ok: the new workers serve; failed: they could not start, the running ones kept serving.',
  })
  outcome: string;

  @ApiPropertyOptional({
    example: "CACHE_MAX_STALENESS_MS must be an integer from 0 to 3600000 (got 'soon')",
    description: 'Why the reload failed (one line, as logged).',
  })
  reason?: string;
}

export class CertificateHealthDto {
  @ApiProperty({
    example: '4F1A09C3',
    description: "The certificate's serial number, hex (as `openssl x509 -serial` prints it).",
  })
  serial: string;

  @ApiProperty({ example: '2027-03-05T12:00:00.000Z', description: 'When it expires (UTC).' })
  not_after: string;

  @ApiProperty({ type: 'integer', example: 89, description: 'Whole days until it expires (negative once it has).' })
  days_left: number;
}

export class TlsHealthDto {
  @ApiProperty({
    type: CertificateHealthDto,
    description: 'The certificate served (TLS_CERT_FILE, read at the last start or reload).',
  })
  certificate: CertificateHealthDto;
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
    enum: ['ok', 'slow', 'down'],
    example: 'ok',
    description:
      'Only in front of a Perl Bugzilla (BUGZILLA_URL): whether it answers — `ok` (within 2 s), `slow` (2 s or more; ' +
      'see `bugzilla_answer_ms`) or `down` (no answer: refused, reset, a 5xx to the check, or nothing within ' +
      'BUGZILLA_TIMEOUT_MS). Decided by the requests passed to Bugzilla in the last 10 s (the median time of their ' +
      'answers) when the newest of them was answered; otherwise by one `GET rest/version` of its own, shared by ' +
      'every `/health` meanwhile and awaited for at most 2 s. A Bugzilla that is down or slow does not fail the answer.',
  })
  bugzilla?: string;

  @ApiPropertyOptional({
    type: 'integer',
    example: 4512,
    description:
      'Only with `"bugzilla":"slow"`: how long Bugzilla takes to answer, in ms (the median of the passed answers of ' +
      "the last 10 s, or the time of the service's own check); with `bugzilla_still_waiting`, how long that check " +
      'has waited so far.',
  })
  bugzilla_answer_ms?: number;

  @ApiPropertyOptional({
    enum: [true],
    example: true,
    description:
      'Only with `"bugzilla":"slow"`, while the check of the service itself has had no answer yet (it becomes `down` if ' +
      'none comes within BUGZILLA_TIMEOUT_MS).',
  })
  bugzilla_still_waiting?: boolean;

  @ApiPropertyOptional({
    type: ChangeStreamHealthDto,
    description:
      "Only once the in-memory model follows the database's own log (SPEC §15, §16): how it learns of changes now. Absent when the " +
      'server gives no log (DB_CHANGE_STREAM=auto then polls as before, which the service says at start), with ' +
      'DB_CHANGE_STREAM=poll, on SQLite, and with CACHE_MAX_STALENESS_MS=0.',
  })
  change_stream?: ChangeStreamHealthDto;

  @ApiProperty({
    example: '0.1.0',
    description: "The version that answers (package.json's): after an upgrade and a reload, the new one.",
  })
  version: string;

  @ApiPropertyOptional({
    type: LastReloadDto,
    description: 'Only after a reload (SIGHUP): when the last one ended and how.',
  })
  last_reload?: LastReloadDto;

  @ApiPropertyOptional({
    type: TlsHealthDto,
    description:
      'Only over HTTPS (TLS_CERT_FILE, SPEC §18): the certificate served. A renewed pair a reload could not take ' +
      '(expired, mismatched) leaves the previous one here, and `last_reload` says why.',
  })
  tls?: TlsHealthDto;
}
