import { BugzillaHealthCheck, RECENT_MS, SLOW_MS } from './bugzilla-state.js';

/**
 * `/health`'s view of Bugzilla (SPEC §13) on a clock of the test's own: the passed traffic of the last
 * RECENT_MS decides when its newest outcome is an answer; otherwise one shared check asks Bugzilla.
 */
describe("Bugzilla's state for /health", () => {
  let clock = 0;
  /** Each check asked of Bugzilla, settled by the test. */
  let asked: { answer: (answered: boolean) => void; signal: AbortSignal }[];
  let check: BugzillaHealthCheck;

  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000_000;
    asked = [];
    check = new BugzillaHealthCheck(
      (signal) => new Promise<boolean>((answer) => asked.push({ answer, signal })),
      () => clock,
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the test's clock and the timers together. */
  const pass = async (ms: number) => {
    clock += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };

  it('recent answers decide without asking: "ok" under SLOW_MS, else "slow" with their median time', async () => {
    check.recent.answered(120);
    check.recent.answered(80);
    expect(await check.state()).toEqual({ state: 'ok' });
    check.recent.answered(4_500);
    check.recent.answered(4_400);
    check.recent.answered(3_000);
    // Median of 80, 120, 3000, 4400, 4500.
    expect(await check.state()).toEqual({ state: 'slow', answerMs: 3_000, stillWaiting: false });
    check.recent.answered(SLOW_MS - 1);
    // Median of six: (1999 + 3000) / 2, rounded.
    expect(await check.state()).toEqual({ state: 'slow', answerMs: 2_500, stillWaiting: false });
    check.recent.answered(SLOW_MS - 1);
    // Median of seven: 1999.
    expect(await check.state()).toEqual({ state: 'ok' });
    expect(asked).toHaveLength(0);
  });

  it('a slow answer to the check is "slow" with its time; /health waits for it at most SLOW_MS', async () => {
    let first: Awaited<ReturnType<BugzillaHealthCheck['state']>> | undefined;
    void check.state().then((state) => (first = state));
    await pass(SLOW_MS);
    expect(first).toEqual({ state: 'slow', answerMs: SLOW_MS, stillWaiting: true });
    // Calls meanwhile share the one check, and no longer wait.
    expect(await check.state()).toEqual({ state: 'slow', answerMs: SLOW_MS, stillWaiting: true });
    await pass(2_500);
    asked[0].answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(await check.state()).toEqual({ state: 'slow', answerMs: 4_500, stillWaiting: false });
    expect(asked).toHaveLength(1);
  });

  it("the check's answer counts as traffic for RECENT_MS: no second check until then", async () => {
    const state = check.state();
    await pass(30);
    asked[0].answer(true);
    expect(await state).toEqual({ state: 'ok' });
    await pass(RECENT_MS - 1);
    expect(await check.state()).toEqual({ state: 'ok' });
    expect(asked).toHaveLength(1);
    await pass(2);
    const later = check.state();
    expect(asked).toHaveLength(2);
    asked[1].answer(true);
    expect(await later).toEqual({ state: 'ok' });
  });

  it('"down" when the check fails (refused, a 5xx, its timeout) or the newest passed request got no answer', async () => {
    const refused = check.state();
    asked[0].answer(false);
    expect(await refused).toEqual({ state: 'down' });

    // Answers, then a passed request unanswered: asked again, and down while that check is unanswered.
    check.recent.answered(50);
    check.recent.unanswered();
    const pending = check.state();
    await pass(SLOW_MS);
    expect(await pending).toEqual({ state: 'down' });
    // Back: the check's answer is the newest outcome.
    asked[1].answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(await check.state()).toEqual({ state: 'ok' });
    expect(asked).toHaveLength(2);
  });

  it('a passed answer after a failure is the newest outcome: no check', async () => {
    check.recent.unanswered();
    check.recent.answered(40);
    expect(await check.state()).toEqual({ state: 'ok' });
    expect(asked).toHaveLength(0);
  });

  it('a check that throws is a Bugzilla that does not answer, and closing ends the check under way', async () => {
    const throwing = new BugzillaHealthCheck(
      () => Promise.reject(new Error('ECONNREFUSED')),
      () => clock,
    );
    expect(await throwing.state()).toEqual({ state: 'down' });

    void check.state();
    expect(asked[0].signal.aborted).toBe(false);
    check.close();
    expect(asked[0].signal.aborted).toBe(true);
  });

  it('keeps a bounded number of outcomes, the newest', async () => {
    for (let i = 0; i < 1_000; i++) check.recent.answered(5_000);
    for (let i = 0; i < 64; i++) check.recent.answered(10);
    expect(await check.state()).toEqual({ state: 'ok' });
  });
});
