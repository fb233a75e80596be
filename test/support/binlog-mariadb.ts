/**
 * A throwaway MariaDB server with the binary log on (SPEC §15: ROW format, FULL row image and metadata,
 * GTID in strict mode), made by the test from this machine's binaries on a free port: never the MariaDB
 * on 3306. The service's user `bzapp` has ALL on `bzp\_%` databases and may read the log
 * (REPLICATION SLAVE, BINLOG MONITOR, REPLICATION CLIENT on *.*).
 *
 * ```ts
 * const server = await BinlogMariaDb.start();          // temporary folder; { dir } keeps one
 * await server.sqlAsRoot(['CREATE DATABASE bzp_x']);
 * startService({ DATABASE_URL: server.url('bzp_x'), DB_CHANGE_STREAM: 'binlog' });
 * await server.counters(['Com_select']); server.cpuSeconds();
 * await server.restart();                              // SIGTERM, then the same port and data
 * await server.kill();                                 // SIGKILL; restart() brings it back
 * await server.stop();                                 // and removes the folder
 * ```
 *
 * The code lives in bench/binlog-server.mjs (typed by bench/binlog-server.d.mts): the change-stream
 * benchmark starts the same server.
 */
export {
  BINLOG_OPTIONS,
  BinlogMariaDb,
  GRANT_BINLOG_READER,
  type BinlogMariaDbOptions,
} from '../../bench/binlog-server.mjs';
