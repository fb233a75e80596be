import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';

/** Clients of a service that speaks HTTPS (SPEC §18), trusting the test's own CA. */

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** One request on a connection of its own (the test certificates name 127.0.0.1 as well as localhost). */
export function httpsRequest(
  port: number,
  caFile: string,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {},
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: '127.0.0.1', port, method, path, ca: readFileSync(caFile), agent: false, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const whole = Buffer.concat(chunks);
          resolve({ status: res.statusCode!, headers: res.headers, body: whole, text: whole.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** What a TLS handshake with the service settled on, and the serial of the certificate it showed. */
export function handshake(
  port: number,
  caFile: string,
  options: tls.ConnectionOptions = {},
): Promise<{ protocol: string | null; serial: string; alpn: string | false | null }> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect(
      { host: '127.0.0.1', servername: 'localhost', port, ca: readFileSync(caFile), ...options },
      () => {
        const answer = {
          protocol: socket.getProtocol(),
          serial: socket.getPeerCertificate().serialNumber.toUpperCase(),
          alpn: socket.alpnProtocol,
        };
        socket.end();
        resolve(answer);
      },
    );
    socket.on('error', reject);
  });
}

/** `openssl s_client`'s handshake with extra arguments (`-tls1_1`, `-cipher ...`): its whole output, and its exit status. */
export function opensslClient(port: number, caFile: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      'openssl',
      ['s_client', '-connect', `127.0.0.1:${port}`, '-servername', 'localhost', '-CAfile', caFile, ...args],
      { timeout: 30_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: stdout + stderr }),
    );
    // An empty request: s_client ends once the handshake is done and its input is closed.
    child.stdin?.end();
  });
}
