import { defineConfig } from 'vitest/config';

// Two projects: fast Node unit tests, and end-to-end tests that drive Debian's Chromium
// against the built app (`npm test` builds first).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
