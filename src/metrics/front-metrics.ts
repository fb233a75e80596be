import { Counter, Histogram, type Registry } from 'prom-client';

/** How a request passed to Bugzilla ended: answered (any status Bugzilla gave), or not (502, 504). */
export type PassedOutcome = 'answered' | 'unreachable' | 'timeout';

/**
 * The front's series (SPEC §13), made only when BUGZILLA_URL is set: requests answered by the
 * service and passed to Bugzilla, and how long Bugzilla took to answer those passed (from the
 * moment the request is sent on to Bugzilla's status line and headers: a streamed answer's body is
 * the client's time, not Bugzilla's).
 */
export class FrontMetrics {
  private served = 0;
  private passed = 0;
  private readonly answerSeconds: Histogram<'outcome'>;

  constructor(registry: Registry) {
    const counts = () =>
      [
        ['service', this.served],
        ['bugzilla', this.passed],
      ] as const;
    new Counter({
      name: 'bugzilla_front_requests_total',
      help: "Requests reaching the front, by who answered them: 'service' (its own routes and methods) or 'bugzilla' (passed on).",
      labelNames: ['answered_by'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [answeredBy, count] of counts()) this.inc({ answered_by: answeredBy }, count);
      },
    });
    this.answerSeconds = new Histogram({
      name: 'bugzilla_front_bugzilla_answer_seconds',
      help:
        "Time from passing a request on to Bugzilla's answer (its status and headers), by outcome: 'answered', " +
        "'unreachable' (answered 502) or 'timeout' (answered 504 after BUGZILLA_TIMEOUT_MS).",
      labelNames: ['outcome'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    });
  }

  /** A request answered by the service (a plain count on the way, handed to prom-client at scrape). */
  noteServed(): void {
    this.served++;
  }

  notePassed(): void {
    this.passed++;
  }

  /** One series per outcome, bound once (prom-client hashes a label object on every observe otherwise). */
  private readonly byOutcome = new Map<PassedOutcome, { observe(seconds: number): void }>();

  observeBugzilla(outcome: PassedOutcome, seconds: number): void {
    let series = this.byOutcome.get(outcome);
    if (!series) this.byOutcome.set(outcome, (series = this.answerSeconds.labels({ outcome })));
    series.observe(seconds);
  }
}
