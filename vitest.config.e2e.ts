import { defineConfig } from 'vitest/config';

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
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
