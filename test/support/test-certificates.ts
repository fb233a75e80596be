import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A certificate authority of a test's own, made with the `openssl` command in a temporary directory, and the
 * server certificates it issues (SPEC §18's tests): for `localhost` and 127.0.0.1, valid from now or over
 * any period (`openssl ca -startdate/-enddate`: an expired one is as easy to make as a good one).
 */

export interface IssuedPair {
  /** The server certificate followed by the CA's (a full chain, as certbot's fullchain.pem). */
  chain: string;
  key: string;
  /** Hex, upper case (Node's X509Certificate.serialNumber). */
  serial: string;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** `openssl ca`'s dates: YYYYMMDDHHMMSSZ. */
function caDate(date: Date): string {
  return `${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

export class TestCertificateAuthority {
  readonly dir = mkdtempSync(join(tmpdir(), 'bzp-tls-'));
  /** The CA's certificate, for clients (`ca`, REQUESTS_CA_BUNDLE, openssl -CAfile). */
  readonly caFile = join(this.dir, 'ca.pem');
  private issued = 0;

  constructor() {
    mkdirSync(join(this.dir, 'issued'));
    writeFileSync(join(this.dir, 'index.txt'), '');
    writeFileSync(join(this.dir, 'serial'), '1000\n');
    writeFileSync(
      join(this.dir, 'ca.cnf'),
      [
        '[ca]',
        'default_ca = test',
        '[test]',
        `dir = ${this.dir}`,
        'database = $dir/index.txt',
        'new_certs_dir = $dir/issued',
        'serial = $dir/serial',
        'default_md = sha256',
        'policy = any',
        'unique_subject = no',
        '[any]',
        'commonName = supplied',
        '[server]',
        'basicConstraints = CA:FALSE',
        'keyUsage = digitalSignature',
        'extendedKeyUsage = serverAuth',
        'subjectAltName = DNS:localhost, IP:127.0.0.1',
        '',
      ].join('\n'),
    );
    openssl(
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat([
        '-keyout',
        'ca.key',
        '-out',
        'ca.pem',
        '-days',
        '30',
        '-subj',
        '/CN=bugzilla-products test CA',
      ]),
      this.dir,
    );
  }

  /** A new key and a certificate for it, valid from `from` to `to` (by default: from an hour ago, for 30 days). */
  issue(name: string, { from, to }: { from?: Date; to?: Date } = {}): IssuedPair {
    const start = from ?? new Date(Date.now() - 3_600_000);
    const end = to ?? new Date(Date.now() + 30 * 86_400_000);
    const base = `${name}-${++this.issued}`;
    openssl(
      ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat([
        '-keyout',
        `${base}.key`,
        '-out',
        `${base}.csr`,
        '-subj',
        '/CN=localhost',
      ]),
      this.dir,
    );
    openssl(
      ['ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.pem', '-keyfile', 'ca.key', '-in', `${base}.csr`].concat(
        ['-out', `${base}.pem`, '-notext', '-extensions', 'server', '-extfile', 'ca.cnf'],
        ['-startdate', caDate(start), '-enddate', caDate(end)],
      ),
      this.dir,
    );
    const leaf = readFileSync(join(this.dir, `${base}.pem`), 'utf8');
    const chain = join(this.dir, `${base}.chain.pem`);
    writeFileSync(chain, leaf + readFileSync(this.caFile, 'utf8'));
    return { chain, key: join(this.dir, `${base}.key`), serial: new X509Certificate(leaf).serialNumber.toUpperCase() };
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
