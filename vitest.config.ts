import { defineConfig } from 'vitest/config';

// Every API test runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, which on this 2-core machine ran every file
    // in turn; the API tests spend much of their time waiting on PostgreSQL, so two overlap well.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/contract/**/*.test.ts', 'src/web/**/*.test.ts', 'src/server/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      ...databases.map((db) => ({
        test: {
          name: db,
          include: ['src/server/**/*.test.ts'],
          exclude: ['src/server/**/*.unit.test.ts'],
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
