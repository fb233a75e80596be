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
    // Every answer of a test app is checked against its OpenAPI document (test/support/openapi-check.ts).
    setupFiles: ['test/support/openapi-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
