import type { SecureContextOptions, TlsOptions } from 'node:tls';
import type { CertificatePair } from '../config/certificate-pair.js';

/**
 * How PORT speaks TLS (SPEC §18): Mozilla's "intermediate" server configuration (version 5.7 of its
 * guidelines, as its generator writes it for nginx, Apache and HAProxy) — TLS 1.2 and 1.3 only; for 1.2,
 * forward-secret AEAD suites only (ECDHE with AES-GCM or ChaCha20-Poly1305; the guideline's DHE suites are
 * left out, as Node has no DH parameters unless given some, so they could never be chosen); the client's
 * order of preference, since every suite offered is strong and a phone without AES hardware prefers
 * ChaCha20 — and session resumption by tickets, whose keys the supervisor shares among its workers.
 */

/** TLS 1.3's suites (all three of the guideline), then TLS 1.2's. */
export const TLS_CIPHERS = [
  'TLS_AES_128_GCM_SHA256',
  'TLS_AES_256_GCM_SHA384',
  'TLS_CHACHA20_POLY1305_SHA256',
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
].join(':');

/** The guideline's key-exchange groups. */
const GROUPS = 'X25519:prime256v1:secp384r1';

/** How long a resumed session may last: the guideline's day. */
const SESSION_SECONDS = 86_400;

/** The options of a TLS context serving `pair`; `ticketKeys` (48 bytes) when the supervisor shares them. */
export function tlsServerOptions(pair: CertificatePair, ticketKeys?: Buffer): TlsOptions & SecureContextOptions {
  return {
    cert: pair.cert,
    key: pair.key,
    minVersion: 'TLSv1.2',
    maxVersion: 'TLSv1.3',
    ciphers: TLS_CIPHERS,
    ecdhCurve: GROUPS,
    honorCipherOrder: false,
    sessionTimeout: SESSION_SECONDS,
    ...(ticketKeys && { ticketKeys }),
  };
}
