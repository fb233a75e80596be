import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  type Type,
  UseInterceptors,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { Observable } from 'rxjs';
import type { AuthUser } from '../auth/auth-user.js';
import { ANONYMOUS } from '../auth/auth-user.js';
import type { RequestWithUser } from '../auth/auth.decorators.js';
import { BugzillaError, ErrorCode } from './bugzilla-error.js';
import { etagOfText, matchesEtag } from './http-conventions.js';

/**
 * Optimistic concurrency for administration writes (SPEC §10): a write carrying `If-Match` goes
 * ahead only if the tag is the ETag of the object's GET as it answers now (the same bytes, hence
 * the same tag, as `http-conventions.ts` gives every 200); otherwise 412 with the envelope and
 * nothing changes. A write without the header is not checked. When the object cannot be read
 * (it does not exist, or the caller may not see it), the write runs and answers its own error.
 */

export const IF_MATCH = 'bz:if-match';

/** What a write route's object looks like to its GET: the call that GET makes. */
export interface RepresentationCall {
  user: AuthUser;
  /** The write's path parameters. */
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  service<T>(type: Type<T>): T;
}

/**
 * The answers of the GETs that show the object (usually one); the header must match one of
 * their ETags. An empty list means the object has no GET to compare with: any tag is stale.
 */
export type Representations = (call: RepresentationCall) => Promise<unknown[]>;

/**
 * Declares the GET answers a write's `If-Match` is compared with, and puts the interceptor that
 * compares on this route only: a global interceptor would wrap every request (reads included) in
 * Nest's interceptor chain, for the few write routes that have anything to compare.
 */
export const IfMatch = (representations: Representations) =>
  applyDecorators(SetMetadata(IF_MATCH, representations), UseInterceptors(IfMatchInterceptor));

/** The envelope of a stale `If-Match`. */
export function objectChanged(): BugzillaError {
  return new BugzillaError(ErrorCode.USER_ERROR, 'The object was changed by someone else.', 412);
}

@Injectable()
export class IfMatchInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const representations = this.reflector.get<Representations | undefined>(IF_MATCH, context.getHandler());
    if (!representations || context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const header = request.headers['if-match'];
    if (header === undefined) return next.handle();

    let answers: unknown[];
    try {
      answers = await representations({
        user: request.user ?? ANONYMOUS,
        params: (request.params ?? {}) as Record<string, string>,
        query: (request.query ?? {}) as Record<string, unknown>,
        body: (request.body ?? {}) as Record<string, unknown>,
        service: (type) => this.moduleRef.get(type, { strict: false }),
      });
    } catch (error) {
      // Not readable: the write itself answers (the same 106, 51, ... its checks give).
      if (error instanceof BugzillaError) return next.handle();
      throw error;
    }
    const tags = Array.isArray(header) ? header.join(',') : header;
    const current = answers.map((answer) => etagOfText(JSON.stringify(answer)));
    if (!current.some((etag) => matchesEtag(tags, etag))) throw objectChanged();
    return next.handle();
  }
}
