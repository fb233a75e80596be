import { BugzillaStandIn, capture, sendCapture } from './support/bugzilla-stand-in.js';
import { ok, PythonBugzillaSession } from './support/python-bugzilla.js';
import { DIALECTS } from './support/test-app.js';

/**
 * SPEC §13 with a real client: python-bugzilla 3.2's `bugzilla` command pointed at the front, in
 * both of its modes (REST at `/rest`, XML-RPC at the bare address). `info --products` is answered
 * by the service (Product.*), `query` and `new` by Bugzilla (Bug.*) — here the stand-in, answering as
 * Bugzilla 5.2 answers (test/fixtures/bugzilla-5.2) — and the client cannot tell the two apart.
 */

/** The stand-in as Bugzilla 5.2 for what the CLI's query and new send (seen by running it). */
function bugzillaForTheCli(bugzilla: BugzillaStandIn): void {
  bugzilla.onCapture('GET', '/rest/version', 'rest-version');
  bugzilla.on(
    (method, url) => method === 'GET' && url.startsWith('/rest/bug?'),
    (req, res) => sendCapture(res, capture(req.url!.includes('id=2') ? 'rest-bug-search-new' : 'rest-bug-search')),
  );
  bugzilla.onCapture('POST', '/rest/bug', 'rest-bug-create');
  bugzilla.onCapture('HEAD', '/xmlrpc.cgi', 'xmlrpc-head');
  bugzilla.on(
    (method, url) => method === 'POST' && url === '/xmlrpc.cgi',
    async (_req, res, body) => {
      const name = /<methodName>([^<]*)<\/methodName>/.exec((await body()).toString())?.[1];
      const answers: Record<string, string> = {
        'Bugzilla.version': 'xmlrpc-bugzilla-version',
        'Bug.search': 'xmlrpc-bug-search',
        'Bug.create': 'xmlrpc-bug-create',
        'Bug.get': 'xmlrpc-bug-get-new',
      };
      if (name && answers[name]) sendCapture(res, capture(answers[name]));
      else res.writeHead(500).end();
    },
  );
}

describe.runIf(DIALECTS.includes('mysql')).each([
  ['REST', '/rest'],
  ['XML-RPC', ''],
] as const)('python-bugzilla through the front, %s mode [mysql]', (_mode, path) => {
  const bugzilla = new BugzillaStandIn();
  const session = new PythonBugzillaSession(path);
  const { home, cli } = session;

  beforeAll(async () => {
    bugzillaForTheCli(bugzilla);
    await bugzilla.start();
    await session.start({ BUGZILLA_URL: bugzilla.url() });
  });
  afterAll(async () => {
    await session.close();
    await bugzilla.close();
  });

  /** What reached Bugzilla while `work` ran: method and path, and for XML-RPC the method called. */
  async function passedDuring(work: () => Promise<unknown>): Promise<string[]> {
    const from = bugzilla.seen.length;
    await work();
    return bugzilla
      .since(from)
      .map((r) =>
        `${r.method} ${r.url.split('?')[0]}${r.body ? ` ${/<methodName>([^<]*)/.exec(r.body)?.[1] ?? ''}` : ''}`.trim(),
      );
  }

  it('info --products: answered by the service (only the version probe reaches Bugzilla)', async () => {
    let out: unknown;
    const passed = await passedDuring(
      async () => (out = await cli(home(session.fx.keys.member), 'info', '--products')),
    );
    expect(out).toEqual(ok('Archive\nSecret\nWidget\ngadget\n'));
    expect(passed).toEqual(path ? ['GET /rest/version'] : ['HEAD /xmlrpc.cgi', 'POST /xmlrpc.cgi Bugzilla.version']);
  });

  it('query: passed to Bugzilla, its answer printed', async () => {
    let out: unknown;
    const passed = await passedDuring(
      async () => (out = await cli(home(session.fx.keys.member), 'query', '--product', 'Widget')),
    );
    expect(out).toEqual(ok('#1      CONFIRMED  - dev@example.com - First bug\n'));
    expect(passed).toEqual(
      path
        ? ['GET /rest/version', 'GET /rest/bug']
        : ['HEAD /xmlrpc.cgi', 'POST /xmlrpc.cgi Bugzilla.version', 'POST /xmlrpc.cgi Bug.search'],
    );
  });

  it('new: passed to Bugzilla with the API key, the new bug printed', async () => {
    let out: unknown;
    const key = session.fx.keys.member;
    const from = bugzilla.seen.length;
    await passedDuring(
      async () =>
        (out = await cli(
          home(key),
          'new',
          '--product',
          'Widget',
          '--component',
          'Frontend',
          '--summary',
          'Made through the front',
          '--version',
          '1.0',
        )),
    );
    expect(out).toEqual(ok('#2      CONFIRMED  - dev@example.com - Made through the front\n'));
    const created = bugzilla
      .since(from)
      .find((r) => r.method === 'POST' && (r.url.split('?')[0] === '/rest/bug' || r.body?.includes('Bug.create')));
    // The call reached Bugzilla as the client sent it, its key included (Bugzilla checks it, not the front).
    expect(created?.body).toContain('Made through the front');
    expect(`${created?.url} ${created?.body} ${JSON.stringify(created?.headers)}`).toContain(key);
  });
});
