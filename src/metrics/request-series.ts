import { Counter, type Histogram, type Registry } from 'prom-client';

/** The labels of a request's series: bounded sets only (a route template, never the URL). */
export interface RequestLabels {
  route: string;
  method: string;
  status: string;
}

/** Upper bounds of the request duration histogram, in seconds. */
export const REQUEST_DURATION_BUCKETS: readonly number[] = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];

/** One series: the requests answered on one route with one method and status. */
export interface RequestSeries {
  readonly labels: Readonly<RequestLabels>;
  count: number;
  /** Seconds, summed in the order the requests ended (as prom-client sums them). */
  sum: number;
  /** Requests per upper bound (not cumulative); above the last bound, only in `count`. */
  readonly buckets: number[];
}

/**
 * The request series of one application, counted with plain arithmetic on every answered request.
 * prom-client's `inc(labels)` and `observe(labels, v)` hash the label object into a string key on
 * every call; a request's series is found here by three Map lookups instead, and its counts are
 * handed to prom-client only when /metrics is scraped (RequestCountMetric's collect, and
 * RequestDurationMetric, which renders the histogram as prom-client's Histogram does).
 */
export class RequestSeriesTable {
  /** Every series, in the order of its first request (the order prom-client lists series in). */
  readonly all: RequestSeries[] = [];
  private readonly byRoute = new Map<string, Map<string, Map<number, RequestSeries>>>();

  constructor(readonly upperBounds: readonly number[]) {}

  /** Counts one answered request. */
  observe(route: string, method: string, statusCode: number, seconds: number): RequestSeries {
    const series = this.series(route, method, statusCode);
    series.count += 1;
    series.sum += seconds;
    const bounds = this.upperBounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= bounds[i]) {
        series.buckets[i] += 1;
        break;
      }
    }
    return series;
  }

  clear(): void {
    this.all.length = 0;
    this.byRoute.clear();
  }

  private series(route: string, method: string, statusCode: number): RequestSeries {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(statusCode);
    if (!series) {
      series = {
        labels: Object.freeze({ route, method, status: String(statusCode) }),
        count: 0,
        sum: 0,
        buckets: this.upperBounds.map(() => 0),
      };
      byStatus.set(statusCode, series);
      this.all.push(series);
    }
    return series;
  }
}

/** One line of a metric as prom-client's registry renders it (its own types are not exported). */
interface RenderedValue {
  labels: Record<string, string | number>;
  /** The series' labels, apart from the value's own (`le`), as prom-client's Histogram gives them. */
  sharedLabels?: Readonly<RequestLabels>;
  value: number;
  metricName: string;
  /** Always null on buckets (no exemplars), as prom-client's Histogram gives them. */
  exemplar?: null;
}

interface RenderedMetric {
  name: string;
  help: string;
  type: 'histogram';
  values: RenderedValue[];
  aggregator: 'sum';
}

/**
 * The request duration histogram in the shape prom-client's registry renders (what its Histogram's
 * `get` and `getForPromString` give), from a RequestSeriesTable: `_bucket` per upper bound
 * (cumulative), `+Inf`, `_sum` and `_count` per series. Registered in a prom-client Registry like
 * any metric (registerMetric).
 */
export class RequestDurationMetric {
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly table: RequestSeriesTable,
  ) {}

  /** What prom-client's registry asks a histogram for: each value's own labels and its series' labels apart. */
  getForPromString(): RenderedMetric {
    const values: RenderedValue[] = [];
    const bucket = `${this.name}_bucket`;
    for (const series of this.table.all) {
      const sharedLabels = series.labels;
      let cumulative = 0;
      this.table.upperBounds.forEach((le, i) => {
        cumulative += series.buckets[i];
        values.push({ labels: { le }, sharedLabels, value: cumulative, metricName: bucket, exemplar: null });
      });
      values.push(
        { labels: { le: '+Inf' }, sharedLabels, value: series.count, metricName: bucket, exemplar: null },
        { labels: {}, sharedLabels, value: series.sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels, value: series.count, metricName: `${this.name}_count` },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** As prom-client's Histogram.get(): the series' labels merged into each value's. */
  async get(): Promise<RenderedMetric> {
    const metric = this.getForPromString();
    return {
      ...metric,
      values: metric.values.map(({ sharedLabels, labels, ...value }) => ({
        ...value,
        labels: { ...labels, ...sharedLabels },
      })),
    };
  }

  reset(): void {
    this.table.clear();
  }

  /** For prom-client's `Registry.registerMetric`, which is typed for its own metric classes. */
  asRegistered(): Histogram {
    return this as unknown as Histogram;
  }
}

/**
 * `bugzilla_http_requests_total` and `bugzilla_http_request_duration_seconds`, by route template,
 * method and status, over one table of series that each answered request updates.
 */
export function registerRequestSeries(registry: Registry): RequestSeriesTable {
  const series = new RequestSeriesTable(REQUEST_DURATION_BUCKETS);
  new Counter({
    name: 'bugzilla_http_requests_total',
    help: "Requests answered, by route template (or '(unmatched)'), method and status.",
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, count } of series.all) this.inc(labels, count);
    },
  });
  const duration = new RequestDurationMetric(
    'bugzilla_http_request_duration_seconds',
    'Time from receiving a request to the end of its answer, by route template, method and status.',
    series,
  );
  registry.registerMetric(duration.asRegistered());
  return series;
}
