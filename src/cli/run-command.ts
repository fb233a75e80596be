import { DataSource } from 'typeorm';
import { type AppConfig, loadConfig } from '../config/app-config.js';
import { buildDataSourceOptions } from '../database/data-source-options.js';
import { runMigrations } from '../database/run-migrations.js';
import { learnTextCapacity } from '../database/text-capacity.js';
import { SeedError } from '../seed/seed-validation.js';

/**
 * What every command-line tool shares: the validated configuration, a migrated
 * database connection that is always closed, and a one-line error with exit
 * code 1 for any failure. `work` may answer its own exit code; `readOnly` commands
 * never migrate (they look at the database as it is).
 */
export function runCommand(
  name: string,
  work: (ds: DataSource, config: AppConfig) => Promise<void | number>,
  options: { readOnly?: boolean } = {},
): void {
  const main = async () => {
    const config = loadConfig();
    const ds = new DataSource(buildDataSourceOptions(config));
    await ds.initialize();
    try {
      if (config.migrate && !options.readOnly) {
        const messages: string[] = [];
        // Migration messages matter only when a migration actually ran; stderr keeps stdout parseable.
        if ((await runMigrations(ds, (message) => messages.push(message))) === 'migrated') {
          for (const message of messages) console.error(message);
        }
      }
      await learnTextCapacity(ds);
      return await work(ds, config);
    } finally {
      await ds.destroy();
    }
  };
  main().then(
    (code) => {
      process.exitCode = code ?? 0;
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      // A seed's problems are listed one a line; any other error is told in one line.
      console.error(`${name}: ${error instanceof SeedError ? message : message.split('\n')[0]}`);
      process.exitCode = 1;
    },
  );
}
