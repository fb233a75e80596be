import { Inject, Injectable, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** How long /health waits for Bugzilla before calling it down. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Whether the Perl Bugzilla this service fronts answers (SPEC §13), for `/health`: one request to its
 * REST server (`GET rest/version`, a page with no database work); any answer below 500 is a Bugzilla
 * that answers. Undefined without BUGZILLA_URL.
 */
@Injectable()
export class BugzillaState {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async probe(): Promise<'ok' | 'down' | undefined> {
    if (!this.config.bugzillaUrl) return undefined;
    try {
      const answer = await fetch(new URL('rest/version', this.config.bugzillaUrl), {
        redirect: 'manual',
        signal: AbortSignal.timeout(Math.min(PROBE_TIMEOUT_MS, this.config.bugzillaTimeoutMs)),
      });
      await answer.body?.cancel();
      return answer.status < 500 ? 'ok' : 'down';
    } catch {
      return 'down';
    }
  }
}

@Module({ providers: [BugzillaState], exports: [BugzillaState] })
export class FrontModule {}
