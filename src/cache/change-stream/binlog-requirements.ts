import type { ModelReader } from '../model-loader.js';

interface ServerLogSettings {
  version: string;
  log_bin: number | string | null;
  binlog_format: string | null;
  binlog_row_image: string | null;
}

/**
 * Why this server's binary log cannot feed the model (SPEC §15), or undefined when it can, as far as
 * the server's settings tell: MariaDB (the stream follows MariaDB's GTIDs), the log on, every row
 * change logged as rows (binlog_format=ROW) with every column (binlog_row_image=FULL). The rights
 * (REPLICATION SLAVE) show when the stream starts.
 */
export async function binlogProblem(read: ModelReader): Promise<string | undefined> {
  const [settings] = await read<ServerLogSettings>(
    'SELECT VERSION() AS version, @@GLOBAL.log_bin AS log_bin, @@GLOBAL.binlog_format AS binlog_format, ' +
      '@@GLOBAL.binlog_row_image AS binlog_row_image',
  );
  if (!/mariadb/i.test(settings.version)) return 'the binary log stream follows MariaDB servers only (this is MySQL)';
  if (Number(settings.log_bin) !== 1) return 'the server has no binary log (log_bin is OFF)';
  if (String(settings.binlog_format).toUpperCase() !== 'ROW')
    return `binlog_format is ${settings.binlog_format} (it must be ROW)`;
  if (String(settings.binlog_row_image).toUpperCase() !== 'FULL')
    return `binlog_row_image is ${settings.binlog_row_image} (it must be FULL)`;
  return undefined;
}
