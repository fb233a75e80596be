import { pino } from 'pino';
import { BATCH_BYTES, BATCH_SPACING_MS, LineBatches, loggerParams } from './log-output.js';

/** A stdout stand-in that keeps what is written. */
function terminal(isTTY: boolean) {
  const lines: string[] = [];
  return { isTTY, lines, write: (text: string) => lines.push(text) };
}

// oxlint-disable-next-line no-control-regex -- matching the terminal's colour codes is the point
const ANSI = /\u001b\[[0-9;]*m/g;

/** Builds the logger as applicationLogger does from loggerParams ([options, destination] or options). */
function logger(params: ReturnType<typeof loggerParams>, fallback: { write(text: string): unknown }) {
  const [options, destination] = Array.isArray(params) ? params : [params, fallback];
  return pino(options as object, destination as { write(text: string): void });
}

describe('loggerParams', () => {
  it('on a terminal writes each record as one readable, coloured line', () => {
    const tty = terminal(true);
    const params = loggerParams('info', tty);
    expect(Array.isArray(params)).toBe(true);
    const log = logger(params, terminal(false));
    log.info(
      {
        context: 'HTTP',
        requestId: 'req-7',
        method: 'GET',
        route: '/rest/product/:id_or_name',
        url: '/rest/product/Firefly?api_key=[redacted]',
        statusCode: 200,
        responseTime: 3.1,
        userId: 12,
      },
      'request completed',
    );
    log.warn({ context: 'Errors', detail: { attempt: 2 } }, 'database unavailable');
    log.debug({ context: 'HTTP' }, 'below the level');

    expect(tty.lines).toHaveLength(2);
    expect(tty.lines.every((line) => line.endsWith('\n') && line.indexOf('\n') === line.length - 1)).toBe(true);
    expect(tty.lines[0]).toMatch(ANSI);
    const plain = tty.lines.map((line) => line.replace(ANSI, ''));
    expect(plain[0]).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: GET \/rest\/product\/Firefly\?api_key=\[redacted\] 200 3\.1 ms user 12 \(req-7\)\n$/,
    );
    expect(plain[1]).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] WARN: \[Errors\] database unavailable \{"detail":\{"attempt":2\}\}\n$/,
    );
  });

  it('says "anonymous" for user 0 and "no caller" when no caller was resolved', () => {
    const tty = terminal(true);
    logger(loggerParams('info', tty), terminal(false)).info(
      {
        context: 'HTTP',
        requestId: 'req-1',
        method: 'POST',
        url: '/nowhere',
        statusCode: 404,
        responseTime: 0.4,
        userId: null,
      },
      'request completed',
    );
    expect(tty.lines[0].replace(ANSI, '')).toContain('INFO: POST /nowhere 404 0.4 ms no caller (req-1)');
    logger(loggerParams('info', tty), terminal(false)).info(
      {
        context: 'HTTP',
        requestId: 'req-2',
        method: 'GET',
        url: '/rest/version',
        statusCode: 200,
        responseTime: 1,
        userId: 0,
      },
      'request completed',
    );
    expect(tty.lines[1].replace(ANSI, '')).toContain('INFO: GET /rest/version 200 1 ms anonymous (req-2)');
  });

  it('elsewhere (a pipe, a file, a log collector) keeps pino JSON lines on stdout', () => {
    const pipe = terminal(false);
    const params = loggerParams('warn', pipe);
    expect(Array.isArray(params)).toBe(false);
    expect(params).toMatchObject({ level: 'warn' });
    // Nothing is written to the given stdout stand-in: pino writes JSON to file descriptor 1 itself.
    const json = terminal(false);
    logger(params, json).warn({ context: 'Errors' }, 'database unavailable');
    expect(pipe.lines).toEqual([]);
    expect(JSON.parse(json.lines[0])).toMatchObject({ level: 40, context: 'Errors', msg: 'database unavailable' });
  });

  it('never logs a request header or a credential of the URL', () => {
    const json = terminal(false);
    logger(loggerParams('info', json), json).info({
      req: {
        id: 'req-3',
        method: 'GET',
        url: '/rest/whoami?Bugzilla_api_key=SECRET1&x=1',
        headers: { 'x-bugzilla-api-key': 'SECRET2', cookie: 'Bugzilla_logincookie=SECRET3' },
      },
      res: { statusCode: 200, headers: { 'set-cookie': 'SECRET4' } },
    });
    const record = JSON.parse(json.lines[0]);
    expect(record.req).toEqual({ id: 'req-3', method: 'GET', url: '/rest/whoami?Bugzilla_api_key=[redacted]&x=1' });
    expect(record.res).toEqual({ statusCode: 200 });
    expect(json.lines[0]).not.toContain('SECRET');
  });
});

describe('LineBatches', () => {
  /** Line batches 10 ms apart into a sink that keeps each batch as the text of its bytes. */
  function batches() {
    const writes: string[] = [];
    return { writes, lines: new LineBatches({ write: (bytes: Buffer) => writes.push(bytes.toString('utf8')) }, 10) };
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes any other record at once, after the access lines batched before it', () => {
    vi.useFakeTimers();
    const { writes, lines } = batches();
    lines.writeBatched('{"msg":"request completed"}\n');
    lines.write('{"level":40,"msg":"replica taken out"}\n');
    expect(writes).toEqual(['{"msg":"request completed"}\n{"level":40,"msg":"replica taken out"}\n']);
    lines.write('{"level":50,"msg":"again"}\n');
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBe('{"level":50,"msg":"again"}\n');
    vi.advanceTimersByTime(100);
    expect(writes).toHaveLength(2);
  });

  it('at a quiet moment writes the access lines of a turn together on the next turn, in order', async () => {
    const { writes, lines } = batches();
    lines.writeBatched('{"a":1}\n');
    lines.writeBatched('{"a":"é→😀"}\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(writes).toEqual(['{"a":1}\n{"a":"é→😀"}\n']);
  });

  it('under load writes at most one batch per spacing, each with every line since the last', () => {
    vi.useFakeTimers();
    const { writes, lines } = batches();
    lines.writeBatched('1\n');
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['1\n']);
    // The next batch waits until 10 ms after the last one left.
    lines.writeBatched('2\n');
    vi.advanceTimersByTime(4);
    lines.writeBatched('3\n');
    vi.advanceTimersByTime(4);
    expect(writes).toEqual(['1\n']);
    vi.advanceTimersByTime(2);
    expect(writes).toEqual(['1\n', '2\n3\n']);
    // Long after the last batch: the next line leaves on the next turn again.
    vi.advanceTimersByTime(100);
    lines.writeBatched('4\n');
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['1\n', '2\n3\n', '4\n']);
    // Nothing pending: no empty write.
    vi.advanceTimersByTime(200);
    expect(writes).toHaveLength(3);
  });

  it('never holds a batch longer than the spacing when the wall clock is set back', () => {
    vi.useFakeTimers();
    const { writes, lines } = batches();
    lines.writeBatched('a\n');
    vi.advanceTimersByTime(1);
    vi.setSystemTime(Date.now() - 3_600_000);
    lines.writeBatched('b\n');
    vi.advanceTimersByTime(10);
    expect(writes).toEqual(['a\n', 'b\n']);
  });

  it('writes at once what is pending when flushed', () => {
    vi.useFakeTimers();
    const { writes, lines } = batches();
    lines.writeBatched('x\n');
    let flushed = false;
    lines.flush(() => (flushed = true));
    expect(writes).toEqual(['x\n']);
    expect(flushed).toBe(true);
    // The flushed batch's timer is gone with it.
    vi.advanceTimersByTime(100);
    expect(writes).toEqual(['x\n']);
  });

  it('sends a full batch before the line that might not fit, and a line longer than a batch on its own', () => {
    vi.useFakeTimers();
    const { writes, lines } = batches();
    const line = `${'a'.repeat(999)}\n`;
    // A line goes in while what is used leaves room for 3 bytes per character of it.
    const perBatch = Math.floor((BATCH_BYTES - 3 * line.length) / line.length) + 1;
    for (let i = 0; i < perBatch; i++) lines.writeBatched(line);
    expect(writes).toHaveLength(0);
    lines.writeBatched(line);
    expect(writes).toHaveLength(1);
    expect(writes[0] === line.repeat(perBatch)).toBe(true);
    const long = `${'y'.repeat(70_000)}\n`;
    lines.writeBatched(long);
    expect(writes.map((text) => text.length)).toEqual([line.length * perBatch, line.length, long.length]);
    expect(writes[1] === line && writes[2] === long).toBe(true);
    vi.advanceTimersByTime(50);
    expect(writes).toHaveLength(3);
  });

  it('leaves the bytes a sink kept as they were when later batches are written', () => {
    const kept: Buffer[] = [];
    const lines = new LineBatches({ write: (bytes: Buffer) => kept.push(bytes) }, 10);
    lines.write('first\n');
    lines.write('second, longer\n');
    lines.writeBatched('third\n');
    lines.flush();
    expect(kept.map((bytes) => bytes.toString('utf8'))).toEqual(['first\n', 'second, longer\n', 'third\n']);
  });

  it('spaces batches BATCH_SPACING_MS (10 ms) apart by default', () => {
    expect(BATCH_SPACING_MS).toBe(10);
  });
});
