import { loadConfig } from '../config/app-config.js';
import { arrivalDeadlines } from './arrival-deadlines.js';

describe('arrivalDeadlines', () => {
  it('are 60 s for a head and for a whole request by default, checked every 15 s', () => {
    expect(arrivalDeadlines(loadConfig({}))).toEqual({
      headersTimeoutMs: 60_000,
      requestTimeoutMs: 60_000,
      checkEveryMs: 15_000,
    });
  });

  it('give a request in front of a Bugzilla as long as Bugzilla may take (BUGZILLA_TIMEOUT_MS), when that is longer', () => {
    const front = { BUGZILLA_URL: 'http://bugzilla.internal/' };
    expect(arrivalDeadlines(loadConfig(front)).requestTimeoutMs).toBe(300_000);
    expect(arrivalDeadlines(loadConfig({ ...front, BUGZILLA_TIMEOUT_MS: '5000' })).requestTimeoutMs).toBe(60_000);
  });

  it('never give a head longer than its whole request, as Node refuses', () => {
    const config = loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '90000', HTTP_REQUEST_TIMEOUT_MS: '30000' });
    expect(arrivalDeadlines(config)).toEqual({
      headersTimeoutMs: 30_000,
      requestTimeoutMs: 30_000,
      checkEveryMs: 7_500,
    });
  });

  it('are checked at least every 30 s and at most every 250 ms', () => {
    expect(
      arrivalDeadlines(loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '600000', HTTP_REQUEST_TIMEOUT_MS: '600000' }))
        .checkEveryMs,
    ).toBe(30_000);
    expect(arrivalDeadlines(loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '1000' })).checkEveryMs).toBe(250);
  });

  it('refuse a setting out of range in one line', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '10' })).toThrow(
      /^HTTP_HEADERS_TIMEOUT_MS must be an integer from 1000 to 600000/,
    );
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '1m' })).toThrow(/^HTTP_REQUEST_TIMEOUT_MS must be an integer/);
  });
});
