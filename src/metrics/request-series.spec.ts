import { Counter, Histogram, Registry } from 'prom-client';
import { REQUEST_DURATION_BUCKETS, registerRequestSeries } from './request-series.js';

/** What prom-client itself gives for the same requests: the exposition must be the same, line for line. */
function promClientOracle() {
  const registry = new Registry();
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'bugzilla_http_requests_total',
    help: "Requests answered, by route template (or '(unmatched)'), method and status.",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'bugzilla_http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by route template, method and status.',
    labelNames,
    buckets: [...REQUEST_DURATION_BUCKETS],
    registers: [registry],
  });
  return {
    registry,
    observe(route: string, method: string, statusCode: number, seconds: number) {
      const labels = { route, method, status: String(statusCode) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}

const REQUESTS: [string, string, number, number][] = [
  ['/rest/product', 'GET', 200, 0.0012],
  ['/rest/product_accessible', 'GET', 200, 0.005],
  ['/rest/product', 'GET', 200, 0.0031],
  ['(unmatched)', 'GET', 404, 0.0004],
  ['/rest/product', 'GET', 304, 0.0009],
  ['/rest/bug_user_last_visit/:id', 'POST', 200, 0.27],
  ['/rest/product', 'GET', 200, 31.5],
  ['/rest/product/:id_or_name', 'GET', 503, 10],
  ['/rest/product', 'POST', 200, 0.1],
  ['/rest/product_accessible', 'GET', 200, 0.30000000000000004],
  ['/rest/product', 'GET', 200, 0.0066],
];

describe('the request series', () => {
  it('are exposed exactly as prom-client exposes the same requests (text and JSON)', async () => {
    const oracle = promClientOracle();
    const registry = new Registry();
    const series = registerRequestSeries(registry);
    for (const [route, method, status, seconds] of REQUESTS) {
      oracle.observe(route, method, status, seconds);
      series.observe(route, method, status, seconds);
    }
    const text = await registry.metrics();
    expect(text).toBe(await oracle.registry.metrics());
    expect(text).toContain(
      'bugzilla_http_request_duration_seconds_bucket{le="0.005",route="/rest/product",method="GET",status="200"} 2',
    );
    expect(await registry.getMetricsAsJSON()).toEqual(await oracle.registry.getMetricsAsJSON());
  });

  it('expose no series before the first request, as prom-client does', async () => {
    const registry = new Registry();
    registerRequestSeries(registry);
    expect(await registry.metrics()).toBe(await promClientOracle().registry.metrics());
  });

  it('start again from nothing when the registry resets its metrics', async () => {
    const registry = new Registry();
    const series = registerRequestSeries(registry);
    series.observe('/rest/product', 'GET', 200, 0.001);
    registry.resetMetrics();
    expect(await registry.metrics()).toBe(await promClientOracle().registry.metrics());
  });
});
