import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { LoginExempt } from '../auth/auth.decorators.js';
import { Errors } from '../bugzilla/bugzilla-error.js';
import { type ChangeFollowing, ModelCache } from '../cache/model-cache.js';
import { availabilityOf } from '../database/galera/availability.js';
import type { NodeHealth } from '../database/galera/node-set.js';
import { DatabaseReader, type ReplicaHealth } from '../database/read-routing.js';
import { BugzillaState } from '../front/bugzilla-state.js';
import { reloadReport, runningVersion } from '../supervisor/release.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { daysLeft } from '../config/certificate-pair.js';
import { HealthDto } from './health.dto.js';

interface HealthAnswer {
  status: 'ok';
  /**
   * Only with several Galera nodes in DATABASE_URL (each node's state, and which one is in use) or with
   * DATABASE_REPLICA_URLS (SPEC §7: each replica's state).
   */
  databases?: { primary: 'ok'; nodes?: NodeHealth[]; replicas?: ReplicaHealth[] };
  /** Only in front of a Perl Bugzilla (BUGZILLA_URL, SPEC §13): whether it answers. Never fails the answer. */
  bugzilla?: 'ok' | 'slow' | 'down';
  /** With "slow": how long Bugzilla takes to answer, in ms (bugzilla-state.ts says from what). */
  bugzilla_answer_ms?: number;
  /** With "slow", when `/health`'s own check is not answered yet: `bugzilla_answer_ms` is how long it has waited so far. */
  bugzilla_still_waiting?: true;
  /**
   * How the in-memory model learns of changes (SPEC §15, §16) once it follows the database's log: the log
   * in the database's terms (`binlog`, `logical_decoding`), or `poll` with the reason while the database checks stand in for a broken stream. Absent otherwise (no log, or
   * DB_CHANGE_STREAM=poll: the checks of SPEC §1, said at start), so that the answer stays SPEC §7's.
   */
  change_stream?: ChangeFollowing;
  /** The version of the code that answers (package.json's), SPEC §17. */
  version: string;
  /** The last reload (SIGHUP, SPEC §17): when it ended and how; absent before the first. */
  last_reload?: { at: string; outcome: 'ok' | 'failed'; reason?: string };
  /** Only over HTTPS (SPEC §18): the certificate this worker serves, and when it expires. */
  tls?: { certificate: { serial: string; not_after: string; days_left: number } };
}

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: DatabaseReader,
    private readonly bugzilla: BugzillaState,
    private readonly model: ModelCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
      '(BUGZILLA_URL), `bugzilla` says whether it answers: `ok`, `slow` (2 s or more, with `bugzilla_answer_ms`) or ' +
      '`down` (no answer: refused, or none within BUGZILLA_TIMEOUT_MS), from the requests passed to it in the last ' +
      '10 s, or else from one `GET rest/version` of its own; a Bugzilla that is down does not make the answer fail. ' +
      "Once the in-memory model follows the database's own log, `change_stream` says how it learns of changes now: " +
      "from the log, named in the database's terms (`binlog`: MariaDB's binary log; `logical_decoding`: " +
      "PostgreSQL's), or by checking the database (`poll`, with the reason) while the stream is down. " +
      '`version` names the version that answers; after a reload (SIGHUP), `last_reload` says when it ended and ' +
      'whether the new workers took over (`ok`) or could not start (`failed`, with the reason: the running ones kept serving). ' +
      'Over HTTPS (TLS_CERT_FILE), `tls.certificate` names the served certificate (serial) and when it expires.',
  })
  @ApiOkResponse({ description: 'The primary database answers.', type: HealthDto })
  @ApiServiceUnavailableResponse({
    description: 'The primary database does not answer (Bugzilla error envelope, code -32000).',
  })
  async health(): Promise<HealthAnswer> {
    const bugzilla = this.bugzilla.state();
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw Errors.databaseUnavailable();
    }
    const replicas = this.reader.replicaHealth();
    const nodes = availabilityOf(this.dataSource).nodes?.health();
    const bugzillaState = await bugzilla;
    const answer: Omit<HealthAnswer, keyof Release> =
      !replicas && !nodes
        ? { status: 'ok' }
        : { status: 'ok', databases: { primary: 'ok', ...(nodes && { nodes }), ...(replicas && { replicas }) } };
    if (bugzillaState !== undefined) {
      answer.bugzilla = bugzillaState.state;
      if (bugzillaState.state === 'slow') {
        answer.bugzilla_answer_ms = bugzillaState.answerMs;
        if (bugzillaState.stillWaiting) answer.bugzilla_still_waiting = true;
      }
    }
    if (this.model.enabled && this.model.followsLog) answer.change_stream = this.model.changeFollowing;
    return { ...answer, ...release(), ...certificate(this.config) };
  }
}

type Release = Pick<HealthAnswer, 'version' | 'last_reload' | 'tls'>;

/**
 * SPEC §18's field, last: the served certificate. A renewed pair that a reload could not take (an expired or
 * mismatched one) leaves the old certificate here, and `last_reload` says why.
 */
function certificate({ tls }: AppConfig): Pick<HealthAnswer, 'tls'> {
  if (!tls) return {};
  return {
    tls: { certificate: { serial: tls.serial, not_after: tls.notAfter.toISOString(), days_left: daysLeft(tls) } },
  };
}

/** SPEC §17's fields: the version that answers and the last reload (after the others). */
function release(): Release {
  const { last } = reloadReport();
  return { version: runningVersion(), ...(last && { last_reload: { ...last } }) };
}
