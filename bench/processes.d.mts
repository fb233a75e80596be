// Types of bench/processes.mjs, for the e2e suite's TypeScript.
import type { ChildProcess } from 'node:child_process';

export declare function waitForHealth(base: string, child: ChildProcess, name: string): Promise<void>;
export declare function processTicks(pid: number): number;
export declare function mainThreadTicks(pid: number): number;
export declare function workerPids(pid: number): number[];
export declare function servingPid(pid: number): number;
export declare function serviceTicks(pid: number): number;
export declare function freePort(): Promise<number>;
export declare function untilGone(pids: number[], timeoutMs?: number): Promise<void>;
export declare function runCommand(command: string, args: string[], env?: Record<string, string>): Promise<void>;
export declare function generateBenchData(options: {
  products: number;
  components: number;
  databaseUrl: string;
  fixtureFile: string;
}): Promise<void>;
export declare function logTail(file: string, lines?: number): string;
