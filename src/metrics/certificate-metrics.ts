import { Gauge, type Registry } from 'prom-client';
import { type CertificatePair, daysLeft } from '../config/certificate-pair.js';

/**
 * SPEC §18 in the metrics: when the certificate this process serves expires, as a timestamp (for an alert
 * such as `bugzilla_tls_certificate_not_after_timestamp_seconds - time() < 14 * 86400`) and as whole days
 * left, labelled with its serial so that a renewal taking over shows as a new series. A reload's new workers
 * register the renewed certificate's.
 */
export function registerCertificateMetrics(registry: Registry, pair: CertificatePair): void {
  new Gauge({
    name: 'bugzilla_tls_certificate_not_after_timestamp_seconds',
    help: "When the served TLS certificate (TLS_CERT_FILE's first) expires, Unix time; labelled with its serial.",
    labelNames: ['serial'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.set({ serial: pair.serial }, pair.notAfter.getTime() / 1000);
    },
  });
  new Gauge({
    name: 'bugzilla_tls_certificate_days_left',
    help: 'Whole days until the served TLS certificate expires (negative once it has); labelled with its serial.',
    labelNames: ['serial'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.set({ serial: pair.serial }, daysLeft(pair));
    },
  });
}
