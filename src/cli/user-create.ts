import { parseArgs } from 'node:util';
import { dialectOf, isDuplicateKeyError } from '../database/dialect.js';
import { Seeder } from '../seed/seeder.js';
import { createBugzillaUser } from '../users/create-user.js';
import { runCommand } from './run-command.js';

/**
 * `npm run user:create -- --login L [--password P] [--realname R] [--group G ...]`
 * Creates a user as Bugzilla does (src/users/create-user.ts) with an API key and prints the key. Exit 1 with a one-line
 * message on any error (unknown group, login taken, bad arguments).
 */
const USAGE = 'usage: user:create --login LOGIN [--password PASSWORD] [--realname NAME] [--group GROUP ...]';

class CliError extends Error {}

function parse(argv: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        login: { type: 'string' },
        password: { type: 'string' },
        realname: { type: 'string' },
        group: { type: 'string', multiple: true },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message.split('\n')[0]} (${USAGE})`);
  }
  const login = values.login?.trim() ?? '';
  if (!login) throw new CliError(`--login is required (${USAGE})`);
  if (/\s/.test(login) || login.length > 255) throw new CliError(`'${login}' is not a valid login name.`);
  return {
    login,
    password: values.password,
    realname: values.realname ?? '',
    groups: values.group ?? [],
  };
}

runCommand('user:create', async (ds) => {
  const args = parse(process.argv.slice(2));
  const groups = [...new Set(args.groups)];
  if (groups.length > 0) {
    const rows: { name: string }[] = await ds.query(
      `SELECT name FROM \`groups\` WHERE ${dialectOf(ds).textIn('name', groups.length)}`,
      groups,
    );
    const known = new Set(rows.map((r) => r.name.toLowerCase()));
    const unknown = groups.find((g) => !known.has(g.toLowerCase()));
    if (unknown !== undefined) throw new CliError(`There is no group named '${unknown}'.`);
  }

  const taken: unknown[] = await ds.query(
    `SELECT userid FROM profiles WHERE ${dialectOf(ds).textEquals('login_name')}`,
    [args.login],
  );
  if (taken.length > 0) throw new CliError(`A user with the login '${args.login}' already exists.`);

  let apiKey: string;
  try {
    apiKey = await ds.transaction(async (manager) => {
      const userId = await createBugzillaUser(manager, {
        login: args.login,
        realname: args.realname,
        password: args.password,
        groups,
      });
      return new Seeder(manager).apiKey(userId, { description: 'created by user:create' });
    });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new CliError(`A user with the login '${args.login}' already exists.`);
    throw error;
  }
  console.log(`API key for ${args.login}: ${apiKey}`);
});
