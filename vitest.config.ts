import { defineConfig } from 'vitest/config';

/** Unit tests: pure rules, beside the code. */
export default defineConfig({
  test: {
    globals: true,
    root: './',
    include: ['src/**/*.spec.ts'],
  },
});
