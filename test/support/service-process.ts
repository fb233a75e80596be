import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { freePort } from '../../bench/processes.mjs';
import { checkServiceAnswer } from './openapi-check.js';
import { suiteEnv } from './suite-env.js';

/** Running the built service (`node dist/src/main.js`, built by the e2e global setup) as its own process. */

/** A TCP port nobody listens on at this moment (one copy, shared with the benchmark scripts). */
export { freePort };

export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * The services this file started that have not been stopped by stopService: when a test fails, the
 * tail of each one's output is added to the failure's message (test/support/openapi-setup.ts), so a
 * refused connection or a wrong answer comes with what the service said, or why it exited.
 */
export const startedServices = new Set<ServiceProcess>();

/** The last lines of each started service's output, with whether it still runs, for a failure's message. */
export function startedServicesTail(lines = 20): string {
  return [...startedServices]
    .map((service) => {
      const state = service.child.exitCode ?? service.child.signalCode;
      const text = service.output().trimEnd().split('\n').slice(-lines).join('\n');
      return `--- the service on port ${service.port} (${state === null ? 'running' : `exited with ${state}`}), last ${lines} lines ---\n${text}`;
    })
    .join('\n');
}

/** Starts the service (built in `dir`, by default here) and resolves once it listens. */
export async function startService(env: Record<string, string>, dir = '.'): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(dir, 'dist/src/main.js')], {
    cwd: dir,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ...suiteEnv(),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const service = {
    child,
    port,
    ...(await untilListening(child, (output) => output.includes('listening on'), 90_000)),
  };
  startedServices.add(service);
  return service;
}

/** Stops a started service, if it is still running, and waits for it to exit. */
export async function stopService(service: ServiceProcess | undefined): Promise<void> {
  if (service) startedServices.delete(service);
  if (!service || service.child.exitCode !== null) return;
  service.child.kill('SIGTERM');
  await service.exited;
}

/**
 * Collects a started process's output and resolves once `isListening(output)`; rejects, with the
 * output, when it exits first or has not listened within `timeoutMs` (then it is killed with
 * `kill`, by default SIGKILL to the process: a slow start on a loaded machine is not left behind).
 */
export async function untilListening(
  child: ChildProcess,
  isListening: (output: string) => boolean,
  timeoutMs: number,
  kill: () => void = () => child.kill('SIGKILL'),
): Promise<Pick<ServiceProcess, 'output' | 'exited'>> {
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      kill();
      reject(new Error(`service did not start:\n${output}`));
    }, timeoutMs);
    void exited.then((code) => reject(new Error(`service exited with ${code}:\n${output}`)));
    const poll = setInterval(() => {
      if (isListening(output)) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }
    }, 20);
  });
  return { output: () => output, exited };
}

export interface HttpOutcome {
  /** When the request was fully handed to the kernel (ms since the epoch), if it was. */
  writtenAt?: number;
  /** When the answer ended. */
  answeredAt?: number;
  status?: number;
  text?: string;
  /** Whole body received (the response ended normally). */
  complete: boolean;
  error?: string;
  headers?: http.IncomingHttpHeaders;
}

/** Reads an answer into `outcome` (status, whole text, whether it ended normally, or the error that cut it). */
function readAnswer(res: http.IncomingMessage, outcome: HttpOutcome, resolve: (outcome: HttpOutcome) => void): void {
  outcome.status = res.statusCode;
  outcome.headers = res.headers;
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => (text += chunk));
  res.on('end', () => {
    outcome.answeredAt = Date.now();
    outcome.text = text;
    outcome.complete = res.complete;
    resolve(outcome);
  });
  res.on('error', (error: NodeJS.ErrnoException) => {
    outcome.text = text;
    outcome.error = error.code ?? error.message;
    resolve(outcome);
  });
}

/** One request on a connection of its own (no keep-alive), recording how far it got. */
export function request(
  port: number,
  method: string,
  path: string,
  options: {
    headers?: Record<string, string>;
    body?: unknown;
    onWritten?: () => void;
    localAddress?: string;
    /** Give up after this long without the whole answer (error `TIMEOUT`). */
    timeoutMs?: number;
  } = {},
): Promise<HttpOutcome> {
  return new Promise((resolve) => {
    const outcome: HttpOutcome = { complete: false };
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        // Another loopback address (127.0.0.2) is another client IP for the service.
        localAddress: options.localAddress,
        headers: {
          connection: 'close',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
          ...options.headers,
        },
      },
      (res) =>
        readAnswer(res, outcome, (answered) => {
          // A whole answer of the built service is checked against the document it serves, as a test app's are.
          if (!answered.complete) return resolve(answered);
          void checkServiceAnswer(port, { method, url: path, requestBody: options.body }, answered).finally(() =>
            resolve(answered),
          );
        }),
    );
    // Written: connected, and the whole request handed to the kernel.
    let connected = false;
    let finished = false;
    const written = () => {
      if (!connected || !finished || outcome.writtenAt) return;
      outcome.writtenAt = Date.now();
      options.onWritten?.();
    };
    req.on('socket', (socket) =>
      socket.once('connect', () => {
        connected = true;
        written();
      }),
    );
    req.on('finish', () => {
      finished = true;
      written();
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error ??= error.code ?? error.message;
      resolve(outcome);
    });
    if (options.timeoutMs !== undefined) {
      const timer = setTimeout(() => {
        outcome.error = 'TIMEOUT';
        req.destroy();
        resolve(outcome);
      }, options.timeoutMs);
      req.on('close', () => clearTimeout(timer));
    }
    req.end(payload);
  });
}

/**
 * A POST whose body is sent in two parts: the first part now (resolves `started`
 * once it is on the wire), the rest when `finish()` is called — a request that is
 * provably in progress on the server for as long as the test wants.
 */
export function slowPost(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): { started: Promise<void>; finish: () => void; outcome: Promise<HttpOutcome> } {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  let started: () => void = () => undefined;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const outcome: HttpOutcome = { complete: false };
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    agent: false,
    headers: {
      connection: 'close',
      'content-type': 'application/json',
      'content-length': String(payload.length),
      ...headers,
    },
  });
  const done = new Promise<HttpOutcome>((resolve) => {
    req.on('response', (res) => readAnswer(res, outcome, resolve));
    req.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error = error.code ?? error.message;
      resolve(outcome);
    });
  });
  req.on('socket', (socket) => socket.once('connect', () => req.write(payload.subarray(0, half), () => started())));
  return {
    started: startedPromise,
    finish: () => {
      outcome.writtenAt = Date.now();
      req.end(payload.subarray(half));
    },
    outcome: done,
  };
}
