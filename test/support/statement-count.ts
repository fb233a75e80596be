import type { ApiResponse, TestApp } from './test-app.js';

/**
 * How many statements one request costs the service: the fewest over three tries, each asserting its
 * status. A model check the service runs meanwhile (after an API key's use was recorded, say) adds its
 * statements to whatever request is under way and never takes any away, so the fewest is the request's own.
 */
export async function statementsOf(app: TestApp, request: () => Promise<ApiResponse>, status = 200): Promise<number> {
  const counts: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const spy = vi.spyOn(app.ds.logger, 'logQuery');
    try {
      expect((await request()).status).toBe(status);
      counts.push(spy.mock.calls.length);
    } finally {
      spy.mockRestore();
    }
  }
  return Math.min(...counts);
}
