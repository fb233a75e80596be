import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { isDocumentedPath, OpenApiValidator, type Exchange, type Verdict } from './openapi-validator.js';

/**
 * Every answer a test app gives, to the e2e suite's `inject` calls and to real clients on its port
 * (python-bugzilla, the admin console's browser), and every whole answer a spawned service gives
 * to `request()` (service-process.ts), is checked against the OpenAPI document it serves. Problems are kept
 * here; test/support/openapi-setup.ts fails the test during which they happened, and counts.
 */

export interface Tally {
  /** Answers checked against their documented operation. */
  operations: number;
  /** Errors on undocumented paths or methods, checked against the envelope. */
  envelopes: number;
  /** OPTIONS answers. */
  options: number;
  /** Answers outside the document (RPC, metrics, the document itself). */
  outside: number;
}

export const tally: Tally = { operations: 0, envelopes: 0, options: 0, outside: 0 };

/** Violations not yet reported by a test. */
export const pendingViolations: string[] = [];

let validator: Promise<OpenApiValidator> | undefined;

/** The request as the service parsed it, before the auth guard takes credentials out of it. */
const asSent = new WeakMap<FastifyRequest, { query: Record<string, unknown>; body: unknown }>();

/** Watches every answer of `app`. Call before its first request. */
export function watchAnswers(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  // The document is the same for every app of this process (it follows the controllers); read it once.
  validator ??= app
    .inject({ method: 'GET', url: '/api/openapi.json' })
    .then((res) => new OpenApiValidator(JSON.parse(res.body)));
  const ready = validator;
  fastify.addHook('preValidation', async (request) => {
    asSent.set(request, {
      query: { ...(request.query as Record<string, unknown>) },
      body: structuredCloneOrSame(request.body),
    });
  });
  fastify.addHook('onSend', async (request, reply, payload) => {
    const sent = asSent.get(request);
    const exchange: Exchange = {
      method: request.method,
      url: request.url,
      query: sent?.query,
      requestBody: sent?.body,
      status: reply.statusCode,
      contentType: header(reply.getHeader('content-type')),
      allow: header(reply.getHeader('allow')),
      text: sentText(payload, reply.getHeader('content-encoding')),
    };
    // Streams (static files) and paths outside /rest and /health (among them the document itself, which
    // is being read while the validator waits for it) are not checked.
    const stream =
      payload !== null && payload !== undefined && typeof payload === 'object' && !Buffer.isBuffer(payload);
    if (stream || !isDocumentedPath(request.url)) {
      tally.outside++;
      return payload;
    }
    record((await ready).check(exchange));
    return payload;
  });
}

/** An answer's body as text, decoded when the service compressed it (SPEC §18): the document describes the plain bytes. */
function sentText(payload: unknown, coding: unknown): string {
  if (typeof payload === 'string') return payload;
  if (!Buffer.isBuffer(payload)) return '';
  if (coding === 'gzip') return gunzipSync(payload).toString('utf8');
  if (coding === 'br') return brotliDecompressSync(payload).toString('utf8');
  return payload.toString('utf8');
}

/**
 * Checks an answer a spawned service (test/support/service-process.ts) gave over HTTP. Its document
 * is read from it the first time, unless a test app of this process gave it already.
 */
export async function checkServiceAnswer(
  port: number,
  request: { method: string; url: string; requestBody?: unknown },
  answer: { status?: number; text?: string; headers?: Record<string, string | string[] | undefined> },
): Promise<void> {
  if (!isDocumentedPath(request.url) || answer.status === undefined) {
    tally.outside++;
    return;
  }
  // On a connection of its own, as the checked requests are: a kept-alive one would hold a worker that a
  // reload retires until its keep-alive timeout (72 s), as any idle client connection does.
  validator ??= fetch(`http://127.0.0.1:${port}/api/openapi.json`, { headers: { connection: 'close' } })
    .then((res) => res.json())
    .then((document) => new OpenApiValidator(document as Record<string, unknown>));
  let checker: OpenApiValidator;
  try {
    checker = await validator;
  } catch {
    // The service stopped before its document could be read (a shutdown test): nothing to check against.
    validator = undefined;
    tally.outside++;
    return;
  }
  record(
    checker.check({
      ...request,
      status: answer.status,
      contentType: header(answer.headers?.['content-type']),
      allow: header(answer.headers?.allow),
      text: answer.text ?? '',
    }),
  );
}

function record(verdict: Verdict): void {
  if (verdict.checked === false) tally.outside++;
  else {
    tally[verdict.checked === 'operation' ? 'operations' : verdict.checked === 'options' ? 'options' : 'envelopes']++;
    pendingViolations.push(...verdict.problems);
  }
}

function header(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function structuredCloneOrSame(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
