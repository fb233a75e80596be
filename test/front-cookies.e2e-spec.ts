import type { AddressInfo } from 'node:net';
import { sendRaw } from './support/raw-http.js';
import { methodCall, readMethodResponse } from './support/rpc-client.js';
import { forEachDialect } from './support/test-app.js';

/**
 * SPEC §13: credentials as Bugzilla 5.2 reads them on its web services, cookies included
 * (Bugzilla/Auth/Login/Cookie.pm, WebService/Server/REST.pm and JSONRPC.pm): `Bugzilla_login` +
 * `Bugzilla_logincookie` log in on XML-RPC, on JSON-RPC POST and on REST POST/PUT (here with a JSON
 * body only), never over GET; a `Bugzilla_api_token` sent with them must be an `api_token` of that
 * user (`tokens`), else 307. So show_bug.cgi's own JavaScript records the visit through the front.
 * (Cookies count whether or not the service fronts a Bugzilla: Bugzilla 5.2 reads them itself.)
 */

forEachDialect(
  'login cookies and api tokens (SPEC §13)',
  (app) => {
    let port: number;
    let visitor: number;
    let other: number;
    let cookies: string;
    let apiToken: string;
    let othersToken: string;
    let bugId: number;

    const invalidToken = (token: string) => ({
      code: 307,
      message: `The token '${token}' is not valid. It could be because you loaded this page more than 3 days ago.`,
    });

    /** BugUserLastVisit.update over JSON-RPC POST (1.1), answered (with an id, unlike show_bug.cgi's own call). */
    const recordVisit = (cookieHeader: string | undefined, params: Record<string, unknown>) =>
      sendRaw(port, 'POST', '/jsonrpc.cgi', {
        body: JSON.stringify({ version: '1.1', method: 'BugUserLastVisit.update', params, id: 1 }),
        headers: cookieHeader ? { cookie: cookieHeader } : {},
      });

    const visits = () => app().rows('SELECT user_id, bug_id FROM bug_user_last_visit ORDER BY user_id');

    beforeAll(async () => {
      const seed = app().seed;
      visitor = await seed.user('visitor@example.com');
      other = await seed.user('other@example.com');
      const product = await seed.product('Widget', { description: 'Widgets' });
      const component = await seed.component(product, 'Frontend', { owner: visitor, description: 'UI' });
      bugId = await seed.bug({ product, component, reporter: visitor, assignee: visitor });
      const token = await seed.loginCookie(visitor);
      cookies = `Bugzilla_login=${visitor}; Bugzilla_logincookie=${token.split('-')[1]}; other=1`;
      apiToken = 'ApiTok3nVisitor1';
      othersToken = 'ApiTok3nOther001';
      const issued = new Date();
      await seed.insert('tokens', {
        userid: visitor,
        issuedate: issued,
        token: apiToken,
        tokentype: 'api_token',
        eventdata: null,
      });
      await seed.insert('tokens', {
        userid: other,
        issuedate: issued,
        token: othersToken,
        tokentype: 'api_token',
        eventdata: null,
      });
      await seed.insert('tokens', {
        userid: visitor,
        issuedate: issued,
        token: 'PwResetVisitor01',
        tokentype: 'password',
        eventdata: null,
      });
      await app().app.listen({ port: 0, host: '127.0.0.1' });
      port = (app().app.getHttpServer().address() as AddressInfo).port;
    });

    afterEach(() => app().rows('DELETE FROM bug_user_last_visit'));

    it("show_bug.cgi's JavaScript records the visit: its own call, with the cookies and the page's api token", async () => {
      // js/bug.js (5.2), YAHOO.bugzilla.bugUserLastVisit.update: no id, `ids` a scalar. A 1.1 call is never a
      // notification in JSON::RPC::Legacy: a real Bugzilla 5.2 answers it with the result.
      const body = JSON.stringify({
        version: '1.1',
        method: 'BugUserLastVisit.update',
        params: { Bugzilla_api_token: apiToken, ids: bugId },
      });
      const answer = await sendRaw(port, 'POST', '/jsonrpc.cgi', { body, headers: { cookie: cookies } });
      expect([answer.status, answer.body, answer.headers.via]).toEqual([
        200,
        {
          version: '1.1',
          result: [{ id: bugId, last_visit_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) }],
        },
        undefined,
      ]);
      await expect(visits()).resolves.toEqual([{ user_id: visitor, bug_id: bugId }]);
    });

    it('the answer of the same call with an id', async () => {
      const answer = await recordVisit(cookies, { ids: [bugId], Bugzilla_api_token: apiToken });
      expect([answer.status, answer.body.version, answer.body.error, answer.body.result]).toEqual([
        200,
        '1.1',
        undefined,
        [{ id: bugId, last_visit_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) }],
      ]);
    });

    it('cookies alone log in where Bugzilla lets them: XML-RPC, JSON-RPC POST, REST POST with a JSON body', async () => {
      expect((await recordVisit(cookies, { ids: [bugId] })).body.result).toHaveLength(1);
      const xml = await sendRaw(port, 'POST', '/xmlrpc.cgi', {
        body: methodCall('BugUserLastVisit.get', {}),
        contentType: 'text/xml',
        headers: { cookie: cookies },
      });
      expect(readMethodResponse(xml.text).fault).toBeUndefined();
      const rest = await sendRaw(port, 'POST', `/rest/bug_user_last_visit/${bugId}`, {
        body: '{}',
        contentType: 'application/json',
        headers: { cookie: cookies },
      });
      expect([rest.status, rest.body[0]?.id]).toEqual([200, bugId]);
    });

    it('never over GET (REST or JSON-RPC), nor with a body another site could post (REST, not JSON)', async () => {
      const restGet = await sendRaw(port, 'GET', `/rest/bug_user_last_visit/${bugId}`, {
        headers: { cookie: cookies },
      });
      expect([restGet.status, restGet.body.code]).toEqual([401, 410]);
      const rpcGet = await sendRaw(port, 'GET', '/jsonrpc.cgi?method=Group.get&params=%5B%7B%7D%5D&id=1', {
        headers: { cookie: cookies },
      });
      expect(rpcGet.body.error?.code).toBe(410);
      const form = await sendRaw(port, 'POST', `/rest/bug_user_last_visit/${bugId}`, {
        body: '{}',
        contentType: 'text/plain',
        headers: { cookie: cookies },
      });
      expect([form.status, form.body.code]).toEqual([401, 410]);
      await expect(visits()).resolves.toEqual([]);
    });

    it("an api token that is not the cookies' user's api_token fails the call (307), and records nothing", async () => {
      for (const token of [othersToken, 'PwResetVisitor01', 'NoSuchToken00001', apiToken.toLowerCase()]) {
        const answer = await recordVisit(cookies, { ids: [bugId], Bugzilla_api_token: token });
        expect([answer.status, answer.body.error?.code, answer.body.error?.message]).toEqual([
          200,
          ...Object.values(invalidToken(token)),
        ]);
      }
      // Sent without the cookies, an api token fails too (Bugzilla compares it with no user).
      const alone = await recordVisit(undefined, { ids: [bugId], Bugzilla_api_token: apiToken });
      expect(alone.body.error?.code).toBe(307);
      const rest = await sendRaw(port, 'POST', `/rest/bug_user_last_visit/${bugId}?Bugzilla_api_token=${othersToken}`, {
        body: '{}',
        contentType: 'application/json',
        headers: { cookie: cookies },
      });
      expect([rest.status, rest.body.code]).toEqual([400, 307]);
      await expect(visits()).resolves.toEqual([]);
    });

    it("a session restricted to an address (Bugzilla's restrictlogin) counts from that address only, as a token too", async () => {
      const here = await app().seed.loginCookie(visitor, { ipaddr: '127.0.0.1' });
      const elsewhere = await app().seed.loginCookie(visitor, { ipaddr: '10.9.8.7' });
      const pair = (token: string) => `Bugzilla_login=${visitor}; Bugzilla_logincookie=${token.split('-')[1]}`;
      expect((await recordVisit(pair(here), { ids: [bugId] })).body.result).toHaveLength(1);
      const refused = await recordVisit(pair(elsewhere), { ids: [bugId] });
      expect(refused.body.error?.code).toBe(32000);
      const asToken = await sendRaw(port, 'GET', `/rest/bug_user_last_visit/${bugId}?Bugzilla_token=${elsewhere}`);
      expect([asToken.status, asToken.body.code]).toEqual([400, 32000]);
      const tokenHere = await sendRaw(port, 'GET', `/rest/bug_user_last_visit/${bugId}?Bugzilla_token=${here}`);
      expect(tokenHere.status).toBe(200);
    });

    it('a cookie pair that is not in logincookies fails as a bad token does', async () => {
      const answer = await recordVisit(`Bugzilla_login=${visitor}; Bugzilla_logincookie=nosuchcookie`, {
        ids: [bugId],
      });
      expect(answer.body.error).toEqual({
        name: 'JSONRPCError',
        code: 32000,
        message:
          'The cookies or token provide were not valid or have expired. You may login again to get new cookies or a new token.',
      });
    });
  },
  // In front of a Bugzilla (one that does not answer: every call here is the service's own).
  { BUGZILLA_URL: 'http://127.0.0.1:9/' },
);
