import { applySeed } from '../seed/seed-loader.js';
import { readSeedFile } from '../seed/seed-file.js';
import { runCommand } from './run-command.js';

/**
 * `npm run seed -- FILE`: applies a seed file (SPEC §12) to the database of DATABASE_URL,
 * MariaDB or SQLite, in one transaction, and prints its users' API keys. A seed with problems
 * changes nothing: every problem is printed by its path, and the exit code is 1.
 */
runCommand('seed', async (ds) => {
  const files = process.argv.slice(2);
  if (files.length !== 1) throw new Error('usage: npm run seed -- FILE (a JSON or YAML seed)');
  const { apiKeys } = await applySeed(ds, readSeedFile(files[0]));
  console.log(`Seed ${files[0]} applied.`);
  for (const [login, key] of Object.entries(apiKeys)) console.log(`  ${login.padEnd(22)} ${key}`);
});
