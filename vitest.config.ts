import { defineConfig } from 'vitest/config';

// Three kinds of suites: fast unit/api/db tests, and the browser (e2e) suite,
// which needs the built PWA and Debian's Chromium (see tests/e2e/setup.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'sync/**/*.test.ts', 'db/**/*.test.ts', 'edge-api/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts', 'tests/sync/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
