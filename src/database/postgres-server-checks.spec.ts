import { postgresStartProblem, type SqlReader } from './postgres-server-checks.js';

describe('the start-up checks on a PostgreSQL server (SPEC §16)', () => {
  it('refuses a server older than PostgreSQL 12 in one line naming its version', async () => {
    const read = (async () => [
      { version_num: '110022', version: '11.22', user: 'bugs', schema: 'public', can_create: true },
    ]) as unknown as SqlReader;
    expect(await postgresStartProblem(read, true)).toBe(
      'PostgreSQL 11.22 is too old: the service needs PostgreSQL 12 or later',
    );
  });
});
