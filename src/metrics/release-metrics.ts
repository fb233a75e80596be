import { Counter, Gauge, type Registry } from 'prom-client';
import { reloadReport, runningVersion } from '../supervisor/release.js';

/**
 * SPEC §17 in the metrics: the version that answers, when the last reload ended and how, and how many
 * reloads took over or failed — read from the supervisor's report when scraped.
 */
export function registerReleaseMetrics(registry: Registry): void {
  new Gauge({
    name: 'bugzilla_service_version_info',
    help: "The version of the code that answers (package.json's), as a label; always 1.",
    labelNames: ['version'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.set({ version: runningVersion() }, 1);
    },
  });
  new Counter({
    name: 'bugzilla_service_reloads_total',
    help: 'Reloads (SIGHUP) since the service started, by outcome: ok (the new workers took over) or failed (they could not start).',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const { counts } = reloadReport();
      this.inc({ outcome: 'ok' }, counts.ok);
      this.inc({ outcome: 'failed' }, counts.failed);
    },
  });
  new Gauge({
    name: 'bugzilla_service_last_reload_timestamp_seconds',
    help: 'When the last reload ended (Unix time), labelled with its outcome; absent before the first.',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const { last } = reloadReport();
      if (last) this.set({ outcome: last.outcome }, Date.parse(last.at) / 1000);
    },
  });
}
