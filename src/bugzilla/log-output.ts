import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { prettyFactory } from 'pino-pretty';
import type { AppConfig } from '../config/app-config.js';
import { redactCredentials } from './access-log.js';

/** Where log lines go: the process's stdout (or, in tests, something that looks like it). */
export interface LogTerminal {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** Fields of an access line (access-log.ts) that the readable form puts in its message. */
const ACCESS_FIELDS = ['requestId', 'method', 'url', 'route', 'statusCode', 'responseTime', 'userId'];

/**
 * One readable line per record, for a person at a terminal: time, level, then
 * `GET /rest/product?ids=1 200 3.1 ms user 1 (req-1)` for requests, or
 * `[Context] message` for the rest, with any other fields as compact JSON.
 *
 * pino-pretty is used as a plain function in the logging thread (prettyFactory),
 * not as a pino transport: a transport runs in a worker thread, which must be
 * flushed and ended on exit; this writes each line synchronously, like the JSON does.
 */
export function readableDestination(terminal: LogTerminal): DestinationStream {
  const prettify = prettyFactory({
    colorize: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: ['pid', 'hostname', 'context', ...ACCESS_FIELDS].join(','),
    messageFormat: (log, messageKey) => {
      const message = String(log[messageKey] ?? '');
      if (log.context === 'HTTP' && log.method && log.statusCode !== undefined) {
        const caller =
          log.userId === null || log.userId === undefined
            ? 'no caller'
            : log.userId === 0
              ? 'anonymous'
              : `user ${String(log.userId)}`;
        return `${String(log.method)} ${String(log.url)} ${String(log.statusCode)} ${String(log.responseTime)} ms ${caller} (${String(log.requestId)})`;
      }
      return log.context ? `[${String(log.context)}] ${message}` : message;
    },
  });
  return { write: (line: string) => terminal.write(prettify(line)) };
}

/**
 * The application logger's settings: JSON lines on stdout as ever, unless stdout is a terminal,
 * where each record is one readable line ([options, destination]).
 */
export function loggerParams(
  level: AppConfig['logLevel'],
  stdout: LogTerminal = process.stdout,
): LoggerOptions | [LoggerOptions, DestinationStream] {
  const options: LoggerOptions = {
    level,
    // Should a record ever carry the request, it is its id, method and URL without credentials:
    // never its headers (API keys, tokens, cookies).
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactCredentials(req.url ?? ''),
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  };
  return stdout.isTTY ? [options, readableDestination(stdout)] : options;
}

/** The size of a batch: it is written once the next line might not fit. */
export const BATCH_BYTES = 64 * 1024;

/** Batches leave at most this often, in milliseconds (a full one leaves at once). */
export const BATCH_SPACING_MS = 10;

/** Where a batch goes: its bytes, written synchronously (sonic-boom in buffer mode, or a test's stand-in). */
export interface BatchSink {
  write(bytes: Buffer): unknown;
}

/**
 * JSON lines on their way to stdout. The access log's lines (one per request: `writeBatched`) are
 * written in batches: each is encoded into the batch's buffer as it comes, and the batch leaves on
 * the next turn of the event loop — or, when the last batch left less than 10 ms before, 10 ms after
 * it — at once when the next line might not fit (64 KiB), when any other record comes, when pino
 * flushes, and when the process exits. A system call per line, then per turn, was the costliest part
 * of the access log under load (at 25,000 requests a second, thousands of writes a second); under
 * load it is now about a hundred a second, and no batch is ever one long string to measure and encode
 * again, while a line logged at a quiet moment still leaves at once. Every other record (`write`:
 * warnings, errors, start-up lines) is written at once, after the lines batched before it. The lines,
 * their order and their content are unchanged; an access line reaches the file at most about 10 ms
 * after it was logged (a process killed with SIGKILL loses at most that).
 */
export class LineBatches implements DestinationStream {
  /** Reused from batch to batch: what leaves is a copy of its used part. */
  private readonly batch = Buffer.allocUnsafe(BATCH_BYTES);
  private used = 0;
  private timer: NodeJS.Timeout | undefined;
  private lastWriteAt = -Infinity;

  constructor(
    private readonly sink: BatchSink,
    private readonly spacingMs = BATCH_SPACING_MS,
  ) {}

  /** A record of pino's (any level): written at once, after the lines batched before it. */
  write(line: string): void {
    this.append(line);
    this.flush();
  }

  /** A line that may wait for the rest of its batch (the access log's, one per request). */
  writeBatched(line: string): void {
    this.append(line);
    if (this.used > 0 && this.timer === undefined) {
      // Clamped: a wall clock set back must not hold a batch for longer than the spacing.
      const wait = Math.min(this.spacingMs, Math.max(0, this.lastWriteAt + this.spacingMs - Date.now()));
      this.timer = setTimeout(this.timeUp, wait);
      // A batch waiting to be written never keeps the process alive: exit writes it.
      this.timer.unref();
    }
  }

  /** Writes what is pending now (pino's `logger.flush(cb)` comes here). */
  flush(done?: (error?: Error) => void): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.used > 0) {
      // A copy: the sink may keep the bytes it was given until they are all written.
      const bytes = Buffer.from(this.batch.subarray(0, this.used));
      this.used = 0;
      this.lastWriteAt = Date.now();
      this.sink.write(bytes);
    }
    done?.();
  }

  /** Encodes `line` into the batch; a line that may not fit sends the batch first, one longer than a batch goes alone. */
  private append(line: string): void {
    // A UTF-16 unit takes at most 3 bytes of UTF-8.
    if (line.length * 3 > BATCH_BYTES - this.used) {
      this.flush();
      if (line.length * 3 > BATCH_BYTES) {
        this.sink.write(Buffer.from(line));
        return;
      }
    }
    this.used += this.batch.write(line, this.used);
  }

  private readonly timeUp = () => {
    this.timer = undefined;
    this.flush();
  };
}

let stdoutLines: LineBatches | undefined;

/** The process's stdout for JSON lines: synchronous writes (sonic-boom, as pino's own), in batches. */
function jsonLinesToStdout(): LineBatches {
  if (!stdoutLines) {
    const lines = new LineBatches(
      pino.destination({ dest: process.stdout.fd ?? 1, sync: true, contentMode: 'buffer' }) as unknown as BatchSink,
    );
    process.on('exit', () => lines.flush());
    stdoutLines = lines;
  }
  return stdoutLines;
}

/** One pino logger per level for the whole process (the tests start many applications in one). */
const loggers = new Map<AppConfig['logLevel'], Logger>();

/** The application's pino logger at `level`, writing to stdout (log lines as described above). */
export function applicationLogger(level: AppConfig['logLevel']): Logger {
  let logger = loggers.get(level);
  if (!logger) {
    const params = loggerParams(level);
    logger = Array.isArray(params) ? pino(params[0], params[1]) : pino(params, jsonLinesToStdout());
    loggers.set(level, logger);
  }
  return logger;
}
