import { defineConfig } from 'vitest/config';

// Suites: fast unit/api/sync tests, the db suite (SQLite and PostgreSQL), the
// API suite again on PostgreSQL when DATABASE_URL_TEST is set (scripts/test.mjs
// sets it when a server answers; CI always has one), and the browser (e2e)
// suite, which needs the built PWA and Debian's Chromium (tests/e2e/global-setup.ts).
const pgUrl = process.env.DATABASE_URL_TEST;
// The Redis counter test, where a Redis answers (scripts/test.mjs sets this then; CI always has one).
const redisUrl = process.env.REDIS_URL_TEST;
// No test holds the machine to a wall-clock goal (a time, a rate, a percentile):
// those are figures of `npm run bench` (tests/bench/), where a noisy machine shows
// as a noisy figure instead of a failed test command.

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'sync/**/*.test.ts', 'db/**/*.test.ts', 'edge-api/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/sync/**/*.test.ts', 'tests/bench/**/*.test.ts'],
          // Two API processes on one PostgreSQL: only in the api-pg project.
          exclude: ['tests/api/scale-out-pg.test.ts', ...(redisUrl ? [] : ['edge-api/lib/counters-redis.test.ts']), '**/node_modules/**'],
          environment: 'node',
          globalSetup: ['tests/api/server-bundle-setup.ts'],
          // The files of a worker share one module graph: each of them imported the whole app
          // again (about 2 s a file on two cores), which took half the project's time. A test that
          // changes something global (a registry, fake timers, the environment) puts it back.
          isolate: false,
          testTimeout: 30_000,
          // Seeding a test database takes seconds on a busy two-core machine.
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The browser app's tests (jsdom and node). The files of a worker share the libraries' modules
          // (React, Mantine, TanStack, Hono: importing them again took each file about 1.5 s of CPU); the
          // setup file puts back, before each file, what a screen leaves behind: the app's own modules
          // evaluated afresh (the XSRF token, the floor's sync engine and its timers), Node's fetch, an
          // empty page, no queued notice, empty storage and no device database. Checked with shuffled
          // file orders (--sequence.shuffle.files). Shuffling the tests inside a file fails with or without
          // this: some files' tests build on the one before (a GSTIN added, then removed).
          name: 'screens',
          include: ['web/**/*.test.{ts,tsx}', 'tests/screens/**/*.test.tsx'],
          environment: 'node',
          isolate: false,
          setupFiles: ['web/test/fresh-app-modules.ts'],
          // The libraries a screen loads (React, Mantine, TanStack, Dexie...) bundled once into one file each
          // by vitest's optimizer instead of some thousands of modules per file: about 15% of the project's CPU.
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime', '@testing-library/react', '@testing-library/dom', '@mantine/core', '@mantine/hooks', '@mantine/dates', '@mantine/notifications', '@mantine/modals', '@mantine/form', '@mantine/dropzone', '@mantine/charts', '@tabler/icons-react', '@tanstack/react-router', '@tanstack/react-query', 'dexie', 'dayjs'],
              },
            },
          },
          // A screen test renders the app in jsdom against the real API: on a two-core machine
          // busy with the browser suite one took 31 s. The limit stops a hung test, not a slow one.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      ...(pgUrl
        ? [
            {
              test: {
                name: 'api-pg',
                include: ['tests/api/**/*.test.ts'],
                // These start whole server processes on their own SQLite files;
                // the unit project runs them once already.
                exclude: ['tests/api/security-burst.test.ts', 'tests/api/security-production.test.ts', '**/node_modules/**'],
                environment: 'node',
                env: { API_TEST_PG: pgUrl },
                // As the unit project: one module graph per worker.
                isolate: false,
                globalSetup: ['tests/api/pg-setup.ts'],
                setupFiles: ['tests/api/close-test-apps.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // An `expect.poll` waits up to 30 s unless it says otherwise (vitest's default is 1 s): on a busy
          // two-core machine a new tab's address or a re-rendered cell can take longer than a second. The
          // ceiling only stops a hung test.
          expect: { poll: { timeout: 30_000 } },
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Files run side by side (scripts/test.mjs gives two workers): each starts its own server and
          // browser, or only reads the suite's server; a file mostly waits on Chromium, and a second one
          // uses that time.
          // Each file in its own module graph (vitest's default). Sharing one per worker took the suite's
          // import time from 56 s to 12 s, but one whole run of four failed two browser tests that pass
          // alone (2026-11-28: a nav link's URL never reached, a panel never shown), as one of five had
          // the day before; whether sharing or the machine's load is the cause is not known.
        },
      },
    ],
  },
});
