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
          // Sized for a machine three times slower than an idle dev box (a passing test is not slower).
          testTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 360_000,
          hookTimeout: 360_000,
          fileParallelism: false,
        },
      },
    ],
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
