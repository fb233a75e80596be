import { forEachDialect } from './support/test-app.js';

/**
 * `GET /rest/user?match=` (Bugzilla 5.2's User.get `match`, which the admin console's user completion
 * uses): enabled users whose login is exactly the text, else whose login or real name contains it.
 */
forEachDialect('GET /rest/user?match=', (app) => {
  let key: string;
  beforeAll(async () => {
    const seed = app().seed;
    const alice = await seed.user('alice@example.com', { realname: 'Alice Liddell' });
    key = await seed.apiKey(alice);
    await seed.user('bob@example.com', { realname: 'Bob Alison' });
    await seed.user('carol@example.org', { realname: 'Carol' });
    await seed.user('gone-alice@example.com', { realname: 'Gone', enabled: false });
    await seed.user('per%cent_x@example.com', { realname: 'Odd' });
  });

  const get = (query: Record<string, string | string[]>) =>
    app().get('/rest/user', { query, headers: { 'X-BUGZILLA-API-KEY': key } });

  it('finds enabled users by part of their login or real name, case-insensitively, by login', async () => {
    const res = await get({ match: 'ALI' });
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { name: string }) => u.name)).toEqual(['alice@example.com', 'bob@example.com']);
    expect(res.body.users[0]).toEqual({
      id: expect.any(Number),
      name: 'alice@example.com',
      real_name: 'Alice Liddell',
      email: 'alice@example.com',
      can_login: true,
    });
  });

  it('answers only the account whose login is exactly the text when there is one', async () => {
    const res = await get({ match: 'bob@example.com' });
    expect(res.body.users.map((u: { name: string }) => u.name)).toEqual(['bob@example.com']);
  });

  it('takes % and _ literally, honours limit and merges several match strings without duplicates', async () => {
    expect((await get({ match: '%' })).body.users.map((u: { name: string }) => u.name)).toEqual([
      'per%cent_x@example.com',
    ]);
    expect((await get({ match: 'example', limit: '2' })).body.users).toHaveLength(2);
    const both = await get({ match: ['carol', 'example.org'] });
    expect(both.body.users.map((u: { name: string }) => u.name)).toEqual(['carol@example.org']);
  });

  it('finds a user named in another letter case, as Bugzilla compares logins (its sql_istrcmp, on every database)', async () => {
    for (const url of ['/rest/user/BOB@EXAMPLE.COM', '/rest/user?names=Bob@Example.com']) {
      const res = await app().get(url, { headers: { 'X-BUGZILLA-API-KEY': key } });
      expect([res.status, res.body]).toEqual([
        200,
        {
          users: [
            {
              id: expect.any(Number),
              name: 'bob@example.com',
              real_name: 'Bob Alison',
              email: 'bob@example.com',
              can_login: true,
            },
          ],
        },
      ]);
    }
  });

  it('refuses anonymous callers with 505', async () => {
    const res = await app().get('/rest/user', { query: { match: 'alice' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      error: true,
      code: 505,
      message: 'Logged-out users cannot use the "match" argument to this function to access any user information.',
    });
  });
});
