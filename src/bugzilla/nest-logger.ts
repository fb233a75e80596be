import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';

/**
 * Nest's logger (what `new Logger('Context')` and Nest itself write through) on the application's
 * pino logger, giving the records nestjs-pino gave: the context as `context`, an object's fields
 * merged into the record, an Error as `err`, the message as `msg`. No per-request state: nothing
 * runs for a request unless a record is written (the access line is written by access-log.ts
 * straight to pino).
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.write('trace', message, optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.write('debug', message, optionalParams);
  }

  log(message: unknown, ...optionalParams: unknown[]): void {
    this.write('info', message, optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.write('warn', message, optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.write('error', message, optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.write('fatal', message, optionalParams);
  }

  /** Nest passes the context last (`Logger` adds it); what comes before it is pino's format arguments. */
  private write(level: Level, message: unknown, optionalParams: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const record: Record<string, unknown> = {};
    let params = optionalParams;
    if (optionalParams.length !== 0) {
      record.context = optionalParams[optionalParams.length - 1];
      params = optionalParams.slice(0, -1);
    }
    const log = this.pino[level].bind(this.pino) as (...args: unknown[]) => void;
    if (typeof message === 'object') {
      if (message instanceof Error) record.err = message;
      else Object.assign(record, message);
      log(record, ...params);
    } else if (isStackArgument(level, message, params)) {
      // Nest's exception handlers call error(message, stack): the stack belongs to an Error.
      const err = new Error(message as string);
      err.stack = params[0] as string;
      record.err = err;
      log(record);
    } else {
      log(record, message, ...params);
    }
  }
}

function isStackArgument(level: Level, message: unknown, params: unknown[]): boolean {
  return (
    level === 'error' &&
    typeof message === 'string' &&
    params.length === 1 &&
    typeof params[0] === 'string' &&
    /\n\s*at /.test(params[0])
  );
}
