// Preloaded into a command the bench runs (`node --import ./bench/max-rss.mjs ...`): when the process
// exits, its peak resident set size (KiB, from getrusage) is written to the file BENCH_MAX_RSS_FILE names.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_MAX_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, `${process.resourceUsage().maxRSS}\n`));
