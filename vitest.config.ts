import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './tests/support/longest-first.js';
import { slotFiles } from './tests/support/slot-files.js';

// Every API test runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
// PGLITE_FILES=slots|not-slots: the PGlite project's files with or without those run at fake clocks (tests/support/slot-files.ts).
const pgliteFiles = process.env.PGLITE_FILES;
const serverTests = (db: string) => (db === 'pglite' && pgliteFiles === 'slots' ? slotFiles : ['src/server/**/*.test.ts']);
const serverExcluded = (db: string) => ['src/server/**/*.unit.test.ts', ...(db === 'pglite' && pgliteFiles === 'not-slots' ? slotFiles : [])];

const webAliases = { '@': path.resolve(import.meta.dirname, 'src/web'), '@contract': path.resolve(import.meta.dirname, 'src/contract') };

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, which on this 2-core machine ran every file
    // in turn; the API tests spend much of their time waiting (on PostgreSQL, on a job, on a timer): with
    // two workers the cores were idle a sixth of the time, and three took the suite from 337 to 318 s
    // (both databases, 2026-12-06, quiet machine).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // The web app's own imports (@/…, @contract/…) resolve here too, for the web's pure helpers.
        resolve: { alias: webAliases },
        test: {
          name: 'unit',
          include: ['src/contract/**/*.test.ts', 'src/web/**/*.test.ts', 'src/server/**/*.unit.test.ts'],
          environment: 'node',
          // Property tests run thousands of cases (2,000 time-zone round trips take 6.5 s while the two cores
          // are shared); Vitest's 5 s default failed them on a busy machine, not on a wrong answer.
          testTimeout: 30_000,
        },
      },
      {
        // Component tests: forms and dialogs of the web app rendered in happy-dom, the API answered by msw
        // (src/web/test/), so a form rule is checked without a browser or a server.
        resolve: { alias: webAliases },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.tsx'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost/' } },
          setupFiles: ['src/web/test/setup.ts'],
          // The visitor's browser is on the demo businesses' clock (the fixtures' America/New_York), so a
          // screen reads as it does for a local; the zone label from elsewhere has tests of its own
          // (src/web/lib/business-time.test.ts, tests/e2e/times-and-notifications.e2e.ts).
          env: { TZ: 'America/New_York' },
          // One module graph and one happy-dom per worker, file after file, as the API tests do: React,
          // Radix, msw and the screens are loaded once, not once per file. Each test renders afresh and is
          // cleaned up after (src/web/test/setup.ts), and its API answers are reset.
          isolate: false,
          // A whole flow clicked through in one test; the default 5 s is tight when the two cores are shared.
          testTimeout: 30_000,
        },
      },
      ...databases.map((db) => ({
        test: {
          name: db,
          include: serverTests(db),
          exclude: serverExcluded(db),
          environment: 'node',
          // A worker runs file after file in one module graph instead of a fresh process per file: Fastify,
          // Drizzle, zod and PGlite's WebAssembly are loaded once per worker, not once per file (about a
          // quarter of the API tests' time). Each file still gets a database of its own (test-app.ts), and
          // nothing the tests import keeps state between files that a file depends on.
          isolate: false,
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/cheap-password-hashing.ts'],
          env: { TEST_DB: db },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
