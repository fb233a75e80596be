import { Inject, Injectable, Module, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RecentAnswers } from './recent-answers.js';

/** Bugzilla answering within this is "ok", slower "slow"; also how long `/health` waits for its own check. */
export const SLOW_MS = 2_000;

/** The passed requests that ended within this window decide Bugzilla's state, with no request of `/health`'s own. */
export const RECENT_MS = 10_000;

/** Bugzilla's state as `/health` names it (SPEC §13). */
export type BugzillaHealth =
  | { state: 'ok' }
  | { state: 'down' }
  /** Answering, in `answerMs`; or, `stillWaiting`, not answered yet after `answerMs`. */
  | { state: 'slow'; answerMs: number; stillWaiting: boolean };

/**
 * Decides Bugzilla's state, from the passed traffic when there is some, else by asking Bugzilla once:
 * - the newest outcome of the last RECENT_MS was an answer: "ok", or "slow" when the median time of
 *   those answers is SLOW_MS or more — no request of its own;
 * - nothing passed lately, or the newest passed request got no answer: one check (`ask`) at a time,
 *   shared by every `/health` meanwhile, whose outcome joins the traffic's; `/health` waits for it up
 *   to SLOW_MS after it began. A check unanswered by then is "slow" (still waiting) — or "down" when
 *   the traffic's newest outcome was no answer. It is "down" once it fails: refused, reset, a 5xx, or
 *   no answer within BUGZILLA_TIMEOUT_MS, as a passed request would then get a 502 or a 504.
 */
export class BugzillaHealthCheck {
  readonly recent: RecentAnswers;
  private checking?: { startedAt: number; ended: Promise<void> };
  private readonly closing = new AbortController();

  constructor(
    /** Asks Bugzilla once: true when it answered as a working Bugzilla does. */
    private readonly ask: (signal: AbortSignal) => Promise<boolean>,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.recent = new RecentAnswers(now);
  }

  async state(): Promise<BugzillaHealth> {
    const passed = this.recent.within(RECENT_MS);
    if (passed?.newest === 'answered') return byTime(passed.medianAnswerMs!);
    const check = (this.checking ??= this.startCheck());
    // A timer may fire a moment before the clock read here says it is due (libuv's loop time): wait the rest.
    for (let left = SLOW_MS - (this.now() - check.startedAt); left > 0 && this.checking === check;) {
      await waitAtMost(check.ended, Math.ceil(left));
      left = SLOW_MS - (this.now() - check.startedAt);
    }
    if (this.checking === check) {
      if (passed?.newest === 'unanswered') return { state: 'down' };
      return { state: 'slow', answerMs: Math.round(this.now() - check.startedAt), stillWaiting: true };
    }
    const after = this.recent.within(RECENT_MS);
    return after?.newest === 'answered' ? byTime(after.medianAnswerMs!) : { state: 'down' };
  }

  /** Ends a check under way (the application is closing): it counts as unanswered. */
  close(): void {
    this.closing.abort();
  }

  private startCheck(): { startedAt: number; ended: Promise<void> } {
    const startedAt = this.now();
    const ended = this.ask(this.closing.signal)
      .catch(() => false)
      .then((answered) => {
        if (answered) this.recent.answered(this.now() - startedAt);
        else this.recent.unanswered();
        this.checking = undefined;
      });
    return { startedAt, ended };
  }
}

function byTime(ms: number): BugzillaHealth {
  return ms < SLOW_MS ? { state: 'ok' } : { state: 'slow', answerMs: Math.round(ms), stillWaiting: false };
}

async function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  if (ms <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * Bugzilla's state for `/health` (SPEC §13), in front of a Perl Bugzilla: its check asks Bugzilla's
 * REST server `GET rest/version` (a page with no database work), where any answer below 500 is a
 * Bugzilla that answers. Undefined without BUGZILLA_URL.
 */
@Injectable()
export class BugzillaState implements OnModuleDestroy {
  /** What passed requests showed; the front notes each outcome here (pass-on.ts). */
  readonly check?: BugzillaHealthCheck;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const base = config.bugzillaUrl;
    if (!base) return;
    this.check = new BugzillaHealthCheck(async (closing) => {
      const answer = await fetch(new URL('rest/version', base), {
        redirect: 'manual',
        signal: AbortSignal.any([closing, AbortSignal.timeout(config.bugzillaTimeoutMs)]),
      });
      await answer.body?.cancel();
      return answer.status < 500;
    });
  }

  async state(): Promise<BugzillaHealth | undefined> {
    return this.check?.state();
  }

  onModuleDestroy(): void {
    this.check?.close();
  }
}

@Module({ providers: [BugzillaState], exports: [BugzillaState] })
export class FrontModule {}
