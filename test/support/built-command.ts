import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** What a command did: its exit code and output. */
export interface CommandOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a built command (`dist/...`, built once by the e2e global setup, as `npm run ...` runs it) with
 * `env` over the test's environment and a silent log, and collects its exit code and output.
 */
export async function runBuiltCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<CommandOutcome> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [script, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
