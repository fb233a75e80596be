import { defineConfig } from 'vitest/config';
import DurationSequencer from './test/support/duration-sequencer.js';

/**
 * End-to-end tests: the real AppModule on Fastify against real databases.
 * Each file creates (and drops) its own MariaDB database and SQLite file.
 */
export default defineConfig({
  test: {
    globals: true,
    root: './',
    include: ['test/**/*.e2e-spec.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Every answer of a test app is checked against its OpenAPI document (test/support/openapi-check.ts).
    setupFiles: ['test/support/openapi-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for what a page or the service shows next: a second (its default) is less than a
    // save takes through Chromium on a loaded two-core machine (a full run once missed it); Playwright's
    // own waits allow 30 s.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    maxWorkers: 2,
    // Each worker keeps the modules it imported (Nest, TypeORM, the service) from one file to the next:
    // importing them again for each of 76 files cost 212 s of a 876 s run. No file leaves state behind
    // in a module (each makes its own apps, databases and servers, and restores its spies).
    isolate: false,
    // Longest files first, by measured durations (test/durations.json), so both workers end together.
    sequence: { sequencer: DurationSequencer },
  },
});
