import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import type { DialectName } from '../../database/dialects/dialect.js';
import type { ModelReader } from '../model-loader.js';
import { binlogProblem } from './binlog-requirements.js';
import { BinlogStream } from './binlog-stream.js';
import type { LogStream, StreamListener } from './log-stream.js';
import { logicalDecodingProblem, preparePublication, slotNames } from './pg-logical-setup.js';
import { PgLogicalStream } from './pg-logical-stream.js';

/** The server the stream reads: the one the service writes to now. */
export interface LogServer {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

/** A stream to start, or why the database's log cannot feed the model (one line). */
export type LogOpening = { stream: LogStream } | { problem: string };

/**
 * The database's own log as an adapter of LogStream (SPEC §15, §16): MariaDB's binary log, PostgreSQL's
 * logical decoding, or why not (the server's settings, the user's rights, a database without a log).
 * The one place that knows which log goes with which database; above it, a log is a log.
 */
export async function openLog(
  dialect: DialectName,
  read: ModelReader,
  config: Pick<AppConfig, 'changeStreamSlot' | 'workers'>,
  server: () => LogServer,
  listener: StreamListener,
): Promise<LogOpening> {
  switch (dialect) {
    case 'mysql': {
      const problem = await binlogProblem(read);
      if (problem) return { problem };
      const position = async () =>
        String((await read<{ pos: unknown }>('SELECT @@GLOBAL.gtid_binlog_pos AS pos'))[0]?.pos ?? '');
      return { stream: new BinlogStream(server, position, listener) };
    }
    case 'postgres': {
      const name = config.changeStreamSlot;
      const slots = slotNames(name, config.workers);
      const problem = await logicalDecodingProblem(read, name, slots);
      if (problem) return { problem };
      const made = await preparePublication(read, name);
      if (made.length > 0) new Logger('ChangeStream').log(`logical decoding: ${made.join('; ')}`);
      return { stream: new PgLogicalStream(server, name, slots, read, listener) };
    }
    case 'sqlite':
      return { problem: 'SQLite has no log to read' };
  }
}
