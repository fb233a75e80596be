// Types of bench/binlog-server.mjs, for the e2e suite's TypeScript (test/support/binlog-mariadb.ts).
import type { ChildProcess } from 'node:child_process';

export declare const BINLOG_OPTIONS: string[];
export declare const GRANT_BINLOG_READER: string[];

export interface BinlogMariaDbOptions {
  /** The folder to keep its data in, reused when it holds a server made before and kept by `stop()`. */
  dir?: string;
  /** `--server-id` (1). */
  serverId?: number;
  /** More mariadbd options, after the others (so they win). */
  options?: string[];
}

export declare class BinlogMariaDb {
  private constructor();
  static start(options?: BinlogMariaDbOptions): Promise<BinlogMariaDb>;
  /** The folder holding `data/`, the socket, the pid file and `server.err`. */
  readonly dir: string;
  readonly port: number;
  readonly process: ChildProcess | undefined;
  readonly pid: number | undefined;
  url(database: string): string;
  rootUrl(database: string): string;
  sqlAsRoot(statements: string[]): Promise<any>;
  counters(names: string[]): Promise<Record<string, number>>;
  cpuSeconds(): number;
  restart(): Promise<void>;
  kill(): Promise<void>;
  stop(): Promise<void>;
}
