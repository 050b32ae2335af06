import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Logger, type LogLevel, runMigrations as migrateJobSchema } from 'graphile-worker';
import pg from 'pg';
import { writeAppRules } from './app-rules.js';
import { applyFunctionFiles, type SqlRunner } from './function-files.js';
import { readTimesAsText, withoutQueryParsers } from './pglite-parsers.js';
import { pglitePool } from './pglite-pool.js';
import * as schema from './schema.js';
import { insideTransactionWork, retryingAborts } from './unit-of-work.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, gzipped unless told 'none' (test templates). */
  dumpDataDir?: (compression?: 'gzip' | 'none') => Promise<Blob>;
  /**
   * LISTENs on a channel and calls onPayload for every NOTIFY committed on it, from any process.
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * A pg.Pool for the job queue's runner (graphile-worker, decision 0028): on PostgreSQL its own
   * small pool (the runner keeps one connection for LISTEN), on PGlite the embedded session.
   */
  jobPool(connections: number): pg.Pool;
  /** PostgreSQL only: pooled connections open, idle, and queries waiting for one (pool saturation). */
  poolCounts?: () => { total: number; idle: number; waiting: number };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/** The contrib extensions the migrations create (PostgreSQL ships them; PGlite must load them). */
export const pgliteExtensions = { btree_gist, pg_trgm, unaccent, cube, earthdistance };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** How long a query waits for a pooled connection (or a new one) before failing: a 503, not a hang. */
      connectionTimeoutMs?: number;
      /** Longest a statement may run (PostgreSQL cancels it, 57014): a 503, not a hang. 0 or unset: no limit. */
      statementTimeoutMs?: number;
      /** Tests: a pool query sent from inside a transaction's work throws (see unit-of-work.ts). */
      refusePoolQueriesInTransactions?: boolean;
      /**
       * Tests only, false: commits do not wait for the WAL to reach the disk (synchronous_commit off).
       * Test databases are thrown away, and on a machine busy creating and dropping them, 50 parallel
       * bookings each waiting for a flush (notifying commits take turns) took longer than a test may.
       */
      durableCommits?: boolean;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

/** How long a pooled connection may sit idle before it is closed (five minutes). */
export const IDLE_CONNECTION_MS = 5 * 60_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // JIT compiling costs more than our short OLTP statements ever save (2.7 s on the earliest-slots query).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      options: options.durableCommits === false ? '-c jit=off -c synchronous_commit=off' : '-c jit=off',
      // Named, so pg_stat_activity tells the app's connections apart (docs/operations.md: pool saturation).
      application_name: 'que',
      connectionTimeoutMillis: options.connectionTimeoutMs,
      statement_timeout: options.statementTimeoutMs || undefined,
      // pg-pool closes a connection idle for 10 s by default. A new backend compiles the PL/pgSQL hot
      // paths and re-plans their statements on first use (measured: 3-30 ms on the first slot list
      // after a lull, against about 2 ms warm), and loses the named statements; so a quiet minute
      // would make the next customers pay it again. Connections stay open through lulls instead.
      idleTimeoutMillis: IDLE_CONNECTION_MS,
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // Nor one dropped while checked out (a transaction): pg-pool listens only to idle clients, and an
    // 'error' nobody listens to is an uncaught exception. The query in flight still fails (a 503), and
    // the pool discards the dead client when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    wrapPoolQuery(pool, { refuseInTransactions: options.refusePoolQueriesInTransactions ?? false });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // One process migrates at a time when several start together.
        const client = await pool.connect();
        try {
          // Migrations (and waiting for another process's) may take longer than any request may.
          await client.query('set statement_timeout = 0');
          await client.query('select pg_advisory_lock(727274)');
          // The job queue's schema first: versioned migrations and function files may add jobs in SQL.
          // Its migrator reads its own migrations table only, so start-up does no work that grows with data.
          const single = new pg.Pool({ connectionString: options.url, max: 1, application_name: 'que-migrate-jobs' });
          try {
            await migrateJobSchema({ pgPool: single, logger: quietJobLogger });
          } finally {
            await single.end();
          }
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
          const runner: SqlRunner = {
            exec: async (text) => void (await client.query(text)),
            rows: async (text, params) => (await client.query(text, params)).rows,
          };
          await applyFunctionFiles(runner);
          await writeAppRules(runner);
        } finally {
          await client.query('select pg_advisory_unlock(727274)').catch(() => {});
          await client.query('reset statement_timeout').catch(() => {});
          client.release();
        }
      },
      listen: (channel, onPayload) => listenPostgres(options.url, channel, onPayload),
      jobPool: (connections) => {
        // The queue's own bookkeeping (take, complete, fail a job) does not wait for the disk: a crash
        // that loses a completion runs the job again, which every task allows for (each follow-up is
        // marked done in its own transaction, committed before the completion), and a lost take frees the job.
        const jobs = new pg.Pool({ connectionString: options.url, max: connections, application_name: 'que-jobs', options: '-c jit=off -c synchronous_commit=off' });
        jobs.on('error', () => {});
        return jobs;
      },
      poolCounts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      // Closing twice (a shutdown racing a test's teardown) is harmless.
      close: once(() => pool.end()),
    };
  }
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
    relaxedDurability: false,
  });
  readTimesAsText(client);
  const db = drizzlePglite(withoutQueryParsers(client), { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migrateJobSchema({ pgPool: pglitePool(client), logger: quietJobLogger });
      await migratePglite(drizzlePglite(withoutQueryParsers(client), { schema }), { migrationsFolder });
      const runner: SqlRunner = {
        exec: async (text) => void (await client.exec(text)),
        rows: async <T>(text: string, params: unknown[]) => (await client.query<T>(text, params)).rows,
      };
      await applyFunctionFiles(runner);
      await writeAppRules(runner);
    },
    // The embedded database is this process: its notifications need no connection of their own.
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    jobPool: () => pglitePool(client),
    close: once(() => client.close()),
    dumpDataDir: (compression = 'gzip') => client.dumpDataDir(compression),
  };
}

/**
 * pool.query, the one wrapper around it:
 * - A statement sent on the pool is a transaction of its own: when PostgreSQL aborts it for a deadlock
 *   or a serialization failure nothing of it was kept, so it is simply run again, as unitOfWork runs a
 *   transaction again (issue 26: a writer of one statement outside any unit of work answered the
 *   generic "conflicted, try again"). Transactions go through pool.connect(), not here; their unit of
 *   work retries them whole.
 * - Tests (refuseInTransactions): a pool query sent from inside a transaction's work fails, as it
 *   would run outside that transaction (unit-of-work.ts).
 */
export function wrapPoolQuery(pool: pg.Pool, options: { refuseInTransactions: boolean }) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (options.refuseInTransactions && insideTransactionWork()) {
      const error = new Error(`a pool query inside a transaction's work (use the transaction): ${JSON.stringify(args[0]).slice(0, 200)}`);
      // Background work logs its failures to a logger tests silence: say it where a test run shows it.
      console.error(error.stack);
      throw error;
    }
    // A callback or a submittable (a cursor, a stream) is the caller's to handle.
    const submittable = typeof (args[0] as { submit?: unknown } | null)?.submit === 'function';
    if (submittable || typeof args.at(-1) === 'function') return query(...args);
    return retryingAborts(() => query(...args) as Promise<unknown>);
  };
}

/** The job queue's migrator says each step at info level; start-up logs say enough. */
const quietJobLogger = new Logger(() => (level: LogLevel, message: string) => {
  if (level === 'error') console.error(`job queue migration: ${message}`);
});

/**
 * A dedicated connection outside the pool (a pooled one would be handed to queries and lose its
 * LISTEN), re-opened with backoff when it drops: live events sent while it is down are missed,
 * never fatal.
 */
async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let backoffMs = 100;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: 'que-listen' });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    const reconnect = () => {
      if (stopped || client !== next) return;
      client = undefined;
      next.end().catch(() => {});
      retry = setTimeout(() => void connect().catch(() => {}), backoffMs);
      backoffMs = Math.min(backoffMs * 2, 5_000);
    };
    next.on('error', reconnect);
    next.on('end', reconnect);
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      backoffMs = 100;
    } catch (error) {
      reconnect();
      throw error;
    }
  };
  const stop = async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
  // The first connection must work: a wrong URL fails start-up instead of retrying forever.
  await connect().catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return stop;
}
