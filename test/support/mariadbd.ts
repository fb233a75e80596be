/**
 * What the extra MariaDB servers of the e2e suite (a replica pair, a Galera cluster, a server with the
 * binary log) have in common: small InnoDB files, one data directory and socket per server under the
 * test's own folder, the service's user, root statements, and stopping by pid. Each server is a child
 * of the test process and dies with it.
 *
 * The code lives in bench/mariadbd.mjs (typed by bench/mariadbd.d.mts), because the benchmark scripts,
 * plain JavaScript, start the same servers: one copy for both.
 */
export {
  APP_PASSWORD,
  APP_USER,
  CREATE_APP_USER,
  dieWithTestProcess,
  installDataDir,
  serverArgs,
  SMALL_SERVER_OPTIONS,
  spawnServer,
  sqlAsRoot,
  statusCounters,
  stopServerProcess,
} from '../../bench/mariadbd.mjs';
