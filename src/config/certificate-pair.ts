import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error.js';

/**
 * TLS_CERT_FILE and TLS_KEY_FILE (SPEC §18), read and checked at start and at every reload (a reload's
 * new workers read them again): a pair that cannot serve — a file missing or unreadable, no certificate or
 * no key in it, a key that is not the certificate's, a certificate expired or not valid yet — is a
 * ConfigError in one line, so the start stops (or the reload is not swapped in) before any client sees it.
 */

export interface CertificatePair {
  certFile: string;
  keyFile: string;
  /** The whole chain as read (the server's certificate first, then its issuers), for the TLS context. */
  cert: Buffer;
  key: Buffer;
  /** The server's certificate (the chain's first), as /health and the metrics describe it. */
  notBefore: Date;
  notAfter: Date;
  /** Hex, upper case, as `openssl x509 -serial` prints it. */
  serial: string;
  subject: string;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

function readPem(setting: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(`${setting} ${path} cannot be read (${code ?? (error as Error).message})`);
  }
}

/** The pair in the two files, checked; `now` decides what "expired" means (a test's clock). */
export function readCertificatePair(certFile: string, keyFile: string, now = new Date()): CertificatePair {
  const cert = readPem('TLS_CERT_FILE', certFile);
  const key = readPem('TLS_KEY_FILE', keyFile);
  const first = PEM_CERTIFICATE.exec(cert.toString('latin1'));
  let x509: X509Certificate;
  try {
    if (!first) throw new Error('none found');
    x509 = new X509Certificate(first[0]);
  } catch {
    throw new ConfigError(`TLS_CERT_FILE ${certFile} holds no PEM certificate`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    // An encrypted key lands here too: nobody would be there to type its passphrase at a reload.
    throw new ConfigError(`TLS_KEY_FILE ${keyFile} holds no PEM private key (or one protected by a passphrase)`);
  }
  if (!x509.checkPrivateKey(privateKey)) {
    throw new ConfigError(`TLS_KEY_FILE ${keyFile} is not the key of the certificate in TLS_CERT_FILE ${certFile}`);
  }
  const notBefore = new Date(x509.validFrom);
  const notAfter = new Date(x509.validTo);
  if (notAfter <= now) {
    throw new ConfigError(`TLS_CERT_FILE ${certFile}: the certificate expired on ${notAfter.toISOString()}`);
  }
  if (notBefore > now) {
    throw new ConfigError(`TLS_CERT_FILE ${certFile}: the certificate is not valid before ${notBefore.toISOString()}`);
  }
  return {
    certFile,
    keyFile,
    cert,
    key,
    notBefore,
    notAfter,
    serial: x509.serialNumber.toUpperCase(),
    subject: x509.subject.replace(/\n/g, ', '),
  };
}

/** Whole days until the certificate expires (negative once it has), as monitoring alerts on it. */
export function daysLeft(pair: Pick<CertificatePair, 'notAfter'>, now = Date.now()): number {
  return Math.floor((pair.notAfter.getTime() - now) / 86_400_000);
}
