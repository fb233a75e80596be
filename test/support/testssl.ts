import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** testssl.sh (Debian's `testssl.sh`, installed by scripts/ensure-testssl.sh), as its JSON file reports a scan. */

export const TESTSSL = '/usr/bin/testssl';

export interface TestsslFinding {
  id: string;
  severity: 'OK' | 'INFO' | 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL' | 'WARN' | 'DEBUG';
  finding: string;
}

/** Runs testssl.sh with `checks` (its options: `--protocols`, `--vulnerable` ...) against `url`: its findings. */
export function testssl(url: string, checks: string[]): Promise<TestsslFinding[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bzp-testssl-'));
  const jsonFile = join(dir, 'scan.json');
  return new Promise<TestsslFinding[]>((resolve, reject) => {
    execFile(
      TESTSSL,
      ['--quiet', '--warnings', 'off', '--color', '0', ...checks, '--jsonfile', jsonFile, url],
      { timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
      // Its exit status counts findings of its own reckoning: the JSON file is the verdict read here.
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(readFileSync(jsonFile, 'utf8')) as TestsslFinding[]);
        } catch {
          reject(new Error(`testssl.sh wrote no report (${error?.message ?? 'exit 0'}):\n${stdout}${stderr}`));
        }
      },
    );
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
}
