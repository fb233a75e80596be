/**
 * What the passed traffic showed of Bugzilla lately (SPEC §13, `/health`): how the last requests
 * passed to it ended — answered, with the time to its status line and headers, or not answered at all
 * (the 502s and 504s the front's metrics count as 'unreachable' and 'timeout'). Bounded: the last
 * KEPT outcomes, of which `/health` reads those that ended within its window.
 */

/** Outcomes kept: enough for a median on a busy site, a fixed few kilobytes whatever the traffic. */
const KEPT = 64;

export interface RecentView {
  /** How the newest outcome of the window ended. */
  newest: 'answered' | 'unanswered';
  /** The median time of the window's answers, in ms; undefined when none was answered. */
  medianAnswerMs?: number;
}

export class RecentAnswers {
  /** When each outcome ended (performance.now()), in a ring: `next` is where the next one goes. */
  private readonly endedAt = new Float64Array(KEPT);
  /** The answer's time in ms, or -1 for no answer. */
  private readonly answerMs = new Float64Array(KEPT);
  private next = 0;
  private size = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Bugzilla answered after `ms` (any status: it answered). */
  answered(ms: number): void {
    this.push(ms);
  }

  /** Bugzilla did not answer (refused, reset, or not within BUGZILLA_TIMEOUT_MS). */
  unanswered(): void {
    this.push(-1);
  }

  /** The outcomes that ended within the last `windowMs`, or undefined when none did. */
  within(windowMs: number): RecentView | undefined {
    const since = this.now() - windowMs;
    const times: number[] = [];
    let newest: RecentView['newest'] | undefined;
    for (let back = 1; back <= this.size; back++) {
      const at = (this.next - back + KEPT) % KEPT;
      if (this.endedAt[at] < since) break;
      newest ??= this.answerMs[at] < 0 ? 'unanswered' : 'answered';
      if (this.answerMs[at] >= 0) times.push(this.answerMs[at]);
    }
    if (newest === undefined) return undefined;
    return times.length === 0 ? { newest } : { newest, medianAnswerMs: median(times) };
  }

  private push(answerMs: number): void {
    this.endedAt[this.next] = this.now();
    this.answerMs[this.next] = answerMs;
    this.next = (this.next + 1) % KEPT;
    if (this.size < KEPT) this.size++;
  }
}

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  const middle = values.length >> 1;
  return values.length % 2 === 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}
