import { redactCredentials } from './access-log.js';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionError, isDatabaseError, isUnstorableTextError } from '../database/dialect.js';
import { isFourByteTextRefusal } from '../database/text-capacity.js';
import { BugzillaError, envelope, Errors, ErrorCode } from './bugzilla-error.js';

const logger = new Logger('Errors');

/** The request path as Bugzilla names it in 32614: without `/rest` and without the query. */
export function bugzillaPath(url: string): string {
  const path = url.split('?')[0];
  return path.replace(/^\/rest(?=\/|$)/, '') || '/';
}

/**
 * Turns anything thrown by any layer (router, body parser, guard, pipe, service,
 * database) into a BugzillaError. Only Bugzilla errors and a few well-known faults
 * keep their message; everything else becomes an opaque 500 with a request id.
 */
export function toBugzillaError(error: unknown, request: { method: string; url: string; id: string }): BugzillaError {
  if (error instanceof BugzillaError) return error;
  if (isConnectionError(error)) return Errors.databaseUnavailable();
  if (isFourByteTextRefusal(error)) return Errors.unstorableText();
  if (isUnstorableTextError(error))
    return Errors.badRequest('A text value holds a NUL character, which cannot be stored.');

  const fastifyCode = (error as { code?: unknown })?.code;
  const statusCode = (error as { statusCode?: unknown })?.statusCode;
  if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) {
    return new BugzillaError(ErrorCode.USER_ERROR, 'The request body is larger than the limit of 1 MiB.', 413);
  }
  // The router could not decode or match the path: no resource has that path.
  if (fastifyCode === 'FST_ERR_BAD_URL' || fastifyCode === 'FST_ERR_MAX_PARAM_LENGTH') {
    return Errors.resourceNotFound(request.method, bugzillaPath(request.url));
  }
  if (typeof fastifyCode === 'string' && fastifyCode.startsWith('FST_ERR_CTP_')) {
    return Errors.badRequest('The request body could not be read as a JSON object.');
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === 404 || status === 405) return Errors.resourceNotFound(request.method, bugzillaPath(request.url));
    if (status === 413) {
      return new BugzillaError(ErrorCode.USER_ERROR, 'The request body is larger than the limit of 1 MiB.', 413);
    }
    if (status >= 400 && status < 500) return Errors.badRequest(error.message);
  }
  if (statusCode === 404) return Errors.resourceNotFound(request.method, bugzillaPath(request.url));
  return Errors.internal(request.id);
}

/**
 * A database failure behind an error answer: 'unavailable' (unreachable or too slow: a 503)
 * or 'other' (any other database error: a 500).
 */
export type DatabaseFault = 'unavailable' | 'other';

const databaseFaults = new WeakMap<object, DatabaseFault>();

/** The database failure this request was answered for, if any (the metrics count them when the answer ends). */
export function databaseFaultOf(request: object): DatabaseFault | undefined {
  return databaseFaults.get(request);
}

function databaseFault(error: unknown, answered: BugzillaError): DatabaseFault | undefined {
  // Only the database's unavailability is answered 503 (also when a route, like /health, says so itself).
  if (answered.status === 503) return 'unavailable';
  return isDatabaseError(error) ? 'other' : undefined;
}

/**
 * `toBugzillaError`, noting a database fault for the metrics and logging what the client is not
 * told: an outage (one line) and unexpected faults (with the stack, under the request id the client
 * gets). Used by REST and the RPC servers.
 */
export function toLoggedBugzillaError(error: unknown, request: FastifyRequest): BugzillaError {
  const bzError = toBugzillaError(error, request);
  const fault = databaseFault(error, bzError);
  if (fault) databaseFaults.set(request, fault);
  const where = `request ${request.id} ${request.method} ${redactCredentials(request.url)}`;
  if (bzError.status === 503) {
    // An outage answers every request this way: one line each, no stack trace.
    logger.warn(`${where}: database unavailable (${error instanceof Error ? error.message : String(error)})`);
  } else if (bzError.status >= 500) {
    logger.error(`${where} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  return bzError;
}

/** Writes the envelope; logs unexpected faults with the request id (never sent to the client). */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const bzError = toLoggedBugzillaError(error, request);
  void reply
    .status(bzError.status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(envelope(bzError.code, bzError.message));
}

/** The one filter for everything Nest dispatches (guards, pipes, handlers). */
@Catch()
export class BugzillaExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }
}
