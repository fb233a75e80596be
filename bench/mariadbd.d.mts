// Types of bench/mariadbd.mjs, for the e2e suite's TypeScript (test/support/mariadbd.ts).
import type { ChildProcess } from 'node:child_process';

export declare const APP_USER: 'bzapp';
export declare const APP_PASSWORD: string;
export declare const SMALL_SERVER_OPTIONS: string[];
export declare const CREATE_APP_USER: string[];
export declare function installDataDir(datadir: string): Promise<void>;
export declare function serverArgs(dir: string, name: string, datadir: string, port: number): string[];
export declare function dieWithTestProcess(child: ChildProcess): void;
export declare function spawnServer(name: string, args: string[], port: number): Promise<ChildProcess>;
export declare function stopServerProcess(
  child: ChildProcess | undefined,
  signal: 'SIGTERM' | 'SIGKILL',
): Promise<void>;
export declare function sqlAsRoot(port: number, statements: string[]): Promise<any>;
export declare function statusCounters(port: number, names: string[]): Promise<Record<string, number>>;
