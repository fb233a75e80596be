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

/** A batch written at once past this many characters, whatever the turn. */
const MAX_BATCH_CHARS = 64 * 1024;

/**
 * JSON lines on their way to stdout: the lines of one turn of the event loop leave together, in
 * one write at the end of that turn (setImmediate), and whatever is left when the process exits.
 * One system call per line was the costliest part of the access log under load (a line per
 * request); the lines, their order and their content are unchanged. Lines written in the same
 * turn as a console.log may follow it rather than precede it.
 */
export class LinesPerTurn implements DestinationStream {
  private pending = '';
  private scheduled = false;

  constructor(private readonly sink: { write(text: string): unknown }) {}

  write(line: string): void {
    this.pending += line;
    if (this.pending.length >= MAX_BATCH_CHARS) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.endOfTurn);
    }
  }

  /** Writes what is pending now (pino's `logger.flush(cb)` comes here). */
  flush(done?: (error?: Error) => void): void {
    if (this.pending !== '') {
      const text = this.pending;
      this.pending = '';
      this.sink.write(text);
    }
    done?.();
  }

  private readonly endOfTurn = () => {
    this.scheduled = false;
    this.flush();
  };
}

let stdoutLines: LinesPerTurn | undefined;

/** The process's stdout for JSON lines: synchronous writes (sonic-boom, as pino's own), one per turn. */
function jsonLinesToStdout(): LinesPerTurn {
  if (!stdoutLines) {
    const lines = new LinesPerTurn(pino.destination({ dest: process.stdout.fd ?? 1, sync: true }));
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
