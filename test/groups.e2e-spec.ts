import { envelope as error } from './support/envelope.js';
import { jsonrpc, xmlrpc } from './support/rpc-client.js';
import { forEachDialect } from './support/test-app.js';

/**
 * Bugzilla 5.2's Group.get (`GET /rest/group`, and over XML-RPC and JSON-RPC): members of editusers or
 * creategroups get every group (or those asked for), users who can bless get their bless groups
 * (or any asked for), others 805; `is_active`, `is_bug_group` and `user_regexp` for creategroups
 * members only. Ids come ordered as Bugzilla's new_from_list orders them (system groups first, then
 * bug groups, each by name), names after them in the order given.
 */
forEachDialect('GET /rest/group (Group.get)', (app) => {
  const keys: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const get = (who: string | null, query: Record<string, string | number | (string | number)[]> = {}) =>
    app().get('/rest/group', { query, headers: who ? { 'X-BUGZILLA-API-KEY': keys[who] } : {} });
  const brief = (name: string, description: string) => ({ id: ids[name], name, description });

  beforeAll(async () => {
    const seed = app().seed;
    ids.reviewers = await seed.group('reviewers', { description: 'May grant reviews' });
    ids.testers = await seed.group('testers', { description: 'Test things', userregexp: '@qa\\.example\\.com$' });
    ids.leads = await seed.group('leads', { description: 'Team leads', isactive: false });
    for (const name of ['editbugs', 'editusers']) {
      ids[name] = Number((await app().rows('SELECT id FROM `groups` WHERE name = ?', [name]))[0].id);
    }
    const users = {
      usersAdmin: await seed.user('users-admin@example.com', { groups: ['editusers'] }),
      creator: await seed.user('creator@example.com', { groups: ['creategroups'] }),
      blesser: await seed.user('blesser@example.com', { groups: ['leads'] }),
      plain: await seed.user('plain@example.com'),
    };
    for (const [who, id] of Object.entries(users)) keys[who] = await seed.apiKey(id);
    // Bless rights directly on reviewers, and on testers through the group leads.
    await seed.insertMany(
      'user_group_map',
      ['user_id', 'group_id', 'isbless', 'grant_type'],
      [[users.blesser, ids.reviewers, 1, 0]],
    );
    await seed.insertMany('group_group_map', ['member_id', 'grantor_id', 'grant_type'], [[ids.leads, ids.testers, 1]]);
    // Members of leads are members of testers; Tina is in testers directly (disabled, mail off).
    await seed.groupMember(ids.leads, ids.testers);
    const tina = await seed.user('tina@example.com', {
      realname: 'Tina Tester',
      enabled: false,
      groups: [ids.testers],
    });
    await app().rows('UPDATE profiles SET disable_mail = 1 WHERE userid = ?', [tina]);
    ids.tina = tina;
    ids.blesser = users.blesser;
  });

  it('gives members of editusers every group: system groups, then bug groups, each by name', async () => {
    const all = await app().rows<{ id: number; name: string; description: string; isbuggroup: number }>(
      'SELECT id, name, description, isbuggroup FROM `groups`',
    );
    const expected = all
      .sort(
        (a, b) =>
          Number(a.isbuggroup) - Number(b.isbuggroup) || a.name.toLowerCase().localeCompare(b.name.toLowerCase()),
      )
      .map((row) => ({ id: Number(row.id), name: row.name, description: row.description }));
    expect(expected.map((group) => group.name).slice(-3)).toEqual(['leads', 'reviewers', 'testers']);
    const answer = await get('usersAdmin');
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { groups: expected } });
  });

  it('gives a user who can bless its bless groups, and any group asked for by id or name', async () => {
    const answers = await Promise.all(
      [
        ['blesser', {}],
        ['blesser', { ids: [ids.testers, ids.editbugs, ids.testers] }],
        ['blesser', { names: [' reviewers ', 'leads'], ids: ids.reviewers }],
        ['creator', { ids: [ids.testers, ids.leads] }],
      ].map(async ([who, query]) => {
        const response = await get(who as string, query as Record<string, number>);
        return { status: response.status, body: response.body };
      }),
    );
    expect(answers).toEqual([
      { status: 200, body: { groups: [brief('reviewers', 'May grant reviews'), brief('testers', 'Test things')] } },
      {
        status: 200,
        body: { groups: [brief('editbugs', 'Can edit all bug fields'), brief('testers', 'Test things')] },
      },
      {
        status: 200,
        body: { groups: [brief('reviewers', 'May grant reviews'), brief('leads', 'Team leads')] },
      },
      {
        status: 200,
        body: {
          groups: [
            { ...brief('leads', 'Team leads'), is_active: false, is_bug_group: true, user_regexp: '' },
            {
              ...brief('testers', 'Test things'),
              is_active: true,
              is_bug_group: true,
              user_regexp: '@qa\\.example\\.com$',
            },
          ],
        },
      },
    ]);
  });

  it('refuses whom Bugzilla refuses, in its words', async () => {
    const answers = await Promise.all(
      [
        ['plain', {}],
        [null, {}],
        ['blesser', { names: 'nosuch' }],
        ['blesser', { names: ' ' }],
        ['blesser', { ids: 'x' }],
      ].map(async ([who, query]) => {
        const response = await get(who as string | null, query as Record<string, string>);
        return { status: response.status, body: response.body };
      }),
    );
    expect(answers).toEqual([
      {
        status: 400,
        body: error(
          805,
          "In order to view groups, you need to be a member of the 'editusers' or 'creategroups' group, or have bless privileges to at least one group.",
        ),
      },
      { status: 401, body: error(410, 'You must log in before using this part of Bugzilla.') },
      { status: 404, body: error(51, "There is no group named 'nosuch'.") },
      { status: 400, body: error(50, 'You must select/enter a group.') },
      { status: 400, body: error(52, "Invalid parameter passed to the function: 'ids' must be numeric (got 'x').") },
    ]);
  });

  it("lists the caller's own groups in User.get when include_fields names groups", async () => {
    const own = await app().get('/rest/user', {
      query: { names: 'plain@example.com', include_fields: 'groups' },
      headers: { 'X-BUGZILLA-API-KEY': keys.blesser },
    });
    const blesser = Number(
      (await app().rows('SELECT userid FROM profiles WHERE login_name = ?', ['blesser@example.com']))[0].userid,
    );
    const mine = await app().get('/rest/user', {
      query: { ids: blesser, include_fields: 'groups' },
      headers: { 'X-BUGZILLA-API-KEY': keys.blesser },
    });
    const plain = await app().get('/rest/user', {
      query: { ids: blesser },
      headers: { 'X-BUGZILLA-API-KEY': keys.blesser },
    });
    expect({ status: mine.status, body: mine.body }).toEqual({
      status: 200,
      body: {
        users: [
          {
            id: blesser,
            name: 'blesser@example.com',
            real_name: '',
            email: 'blesser@example.com',
            can_login: true,
            groups: [brief('leads', 'Team leads'), brief('testers', 'Test things')],
          },
        ],
      },
    });
    // Without include_fields=groups, and on other users' entries, no groups.
    expect(plain.body.users[0].groups).toBeUndefined();
    expect(own.status).toBe(200);
    expect(own.body.users.map((user: { groups?: unknown }) => user.groups)).toEqual([undefined]);
  });

  it('lists the members of each group with membership=1, to whom may see them', async () => {
    const members = await get('blesser', { names: 'testers', membership: 1 });
    expect({ status: members.status, body: members.body }).toEqual({
      status: 200,
      body: {
        groups: [
          {
            ...brief('testers', 'Test things'),
            membership: [
              {
                id: ids.blesser,
                real_name: '',
                name: 'blesser@example.com',
                email: 'blesser@example.com',
                can_login: true,
                email_enabled: true,
                login_denied_text: '',
              },
              {
                id: ids.tina,
                real_name: 'Tina Tester',
                name: 'tina@example.com',
                email: 'tina@example.com',
                can_login: false,
                email_enabled: false,
                login_denied_text: 'This account is disabled.',
              },
            ],
          },
        ],
      },
    });
    const hidden = await get('blesser', { names: 'leads', membership: 1 });
    expect({ status: hidden.status, body: hidden.body }).toEqual({
      status: 400,
      body: error(32000, 'You are not allowed to see members of the leads group.'),
    });
    const none = await get('blesser', { names: 'leads', membership: 0 });
    expect(none.body).toEqual({ groups: [brief('leads', 'Team leads')] });
  });

  it('answers over JSON-RPC and XML-RPC as over REST', async () => {
    const rest = await get('blesser', { names: 'testers' });
    const json = await jsonrpc(app(), 'Group.get', { names: ['testers'] }, { 'X-BUGZILLA-API-KEY': keys.blesser });
    const xml = await xmlrpc(app(), 'Group.get', { names: ['testers'], Bugzilla_api_key: keys.blesser });
    expect(json.value).toEqual(rest.body);
    expect(xml.value).toEqual(rest.body);
    expect(rest.body).toEqual({ groups: [brief('testers', 'Test things')] });
    const refused = await xmlrpc(app(), 'Group.get', { Bugzilla_api_key: keys.plain });
    expect(refused.fault).toEqual({
      code: 805,
      message:
        "In order to view groups, you need to be a member of the 'editusers' or 'creategroups' group, or have bless privileges to at least one group.",
    });
  });
});
