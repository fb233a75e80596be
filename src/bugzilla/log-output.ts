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

/** One pino logger per level for the whole process (the tests start many applications in one). */
const loggers = new Map<AppConfig['logLevel'], Logger>();

/** The application's pino logger at `level`, writing to stdout (log lines as described above). */
export function applicationLogger(level: AppConfig['logLevel']): Logger {
  let logger = loggers.get(level);
  if (!logger) {
    const params = loggerParams(level);
    logger = Array.isArray(params) ? pino(params[0], params[1]) : pino(params);
    loggers.set(level, logger);
  }
  return logger;
}
