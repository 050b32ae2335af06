import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, type DatabaseOptions, openDatabase } from '../db/client.js';
import { withDatabase } from './global-setup.js';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The app's clock (buildApp's `now`): real time until a test sets it. */
  clock: TestClock;
  close(): Promise<void>;
}

/** A clock a test can stop at a given time, move forward, and let run again. */
export class TestClock {
  private fixed: Date | null = null;
  readonly now = (): Date => this.fixed ?? new Date();
  set(at: Date | string | number) {
    this.fixed = new Date(at);
  }
  /** Stops the clock at `at` unless it already reads later: it only moves forward, as time does. */
  advanceTo(at: Date | string | number) {
    const to = new Date(at);
    if (to > this.now()) this.fixed = to;
  }
  reset() {
    this.fixed = null;
  }
}

const clocks = new WeakMap<FastifyInstance, TestClock>();

/** The clock of an app made by createTestApp. */
export function clockOf(app: FastifyInstance): TestClock {
  const clock = clocks.get(app);
  if (!clock) throw new Error('this app was not made by createTestApp, so it has no test clock');
  return clock;
}

/** PostgreSQL pool settings a test may change (the database-outage tests); PGlite ignores them. */
export type PoolOptions = Omit<Extract<DatabaseOptions, { kind: 'postgres' }>, 'kind' | 'url'>;

let templateBlob: Blob | undefined;
/** The template read once per worker (its files share a module graph): PGlite copies it, never changes it. */
const pgliteTemplate = () => (templateBlob ??= new Blob([readFileSync(inject('pgliteTemplate'))]));

/** A fresh, migrated database for one test file: a PGlite copy of the template, or a PostgreSQL clone. */
export async function createTestDatabase(pool: PoolOptions = {}): Promise<{ database: Database; drop(): Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = await takeClonedDatabase();
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 20, refusePoolQueriesInTransactions: true, durableCommits: false, ...pool });
    let dropped = false;
    return {
      database,
      async drop() {
        if (dropped) return;
        dropped = true;
        await database.close();
        // Not awaited: the next file starts while the server drops this one (global-setup.ts drops any a worker left).
        void adminQuery(`drop database if exists ${name} with (force)`).catch(() => {});
      },
    };
  }
  const database = spare ?? (await openDatabase({ kind: 'pglite', loadDataDir: pgliteTemplate() }));
  spare = undefined;
  templateCatalog ??= await catalogOf(database);
  let dropped = false;
  return {
    database,
    async drop() {
      if (dropped) return;
      dropped = true;
      if (spare || !(await resetToTemplate(database))) await database.close();
      else spare = database;
    },
  };
}

/**
 * PostgreSQL: the next file's clone of the template is made while this file runs (a clone costs about
 * 0.3 s and a drop 0.15 s of a worker's time, measured 2026-12-06, and a worker runs file after file), so
 * a file starts on a database made in the background. Names start with the template's, so the run's
 * teardown (global-setup.ts) drops whatever a worker made and did not use.
 */
let nextClone: Promise<string> | undefined;
let admin: pg.Client | undefined;
async function adminQuery(text: string) {
  if (!admin) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
    admin = client;
    await client.connect();
    client.on('error', () => (admin = undefined));
  }
  return admin.query(text);
}
async function cloneTemplate(): Promise<string> {
  const name = `${inject('postgresTemplate')}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`create database ${name} template ${inject('postgresTemplate')}`);
  return name;
}
async function takeClonedDatabase(): Promise<string> {
  const ready = nextClone?.catch(() => cloneTemplate());
  nextClone = undefined;
  const name = await (ready ?? cloneTemplate());
  // A failed clone is made again when taken (above), not reported twice.
  nextClone = cloneTemplate();
  nextClone.catch(() => {});
  return name;
}

/**
 * A worker's PGlite, kept from one file to the next and reset to the template's state in between instead
 * of loaded again: opening a copy of the template costs about 1 s of CPU, emptying the tables about 0.08 s
 * (measured 2026-12-04, medians of 4), and a worker runs file after file (isolate: false).
 */
let spare: Database | undefined;
/** What the template's catalog and its own rows read: a database that no longer matches is not reused. */
let templateCatalog: string | undefined;

// Catalog rows a change of schema adds or rewrites (count and newest xmin of each), the two tables the
// migrations fill, and database-wide settings. Emptying tables rewrites only pg_class rows, counted here.
const CATALOG = `select md5(concat_ws('|',
  (select count(*) || ':' || max(xmin::text::bigint) from pg_proc),
  (select count(*) || ':' || max(xmin::text::bigint) from pg_trigger),
  (select count(*) || ':' || max(xmin::text::bigint) from pg_attribute),
  (select count(*) || ':' || max(xmin::text::bigint) from pg_attrdef),
  (select count(*) || ':' || max(xmin::text::bigint) from pg_constraint),
  (select count(*) || ':' || max(xmin::text::bigint) from pg_type),
  (select count(*) || ':' || max(xmin::text::bigint) from pg_index),
  (select count(*) || ':' || max(xmin::text::bigint) from pg_namespace),
  (select count(*) || ':' || max(xmin::text::bigint) from pg_extension),
  (select count(*) || ':' || max(xmin::text::bigint) from pg_policy),
  (select count(*) || ':' || max(xmin::text::bigint) from pg_rewrite),
  (select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from pg_db_role_setting),
  (select count(*) from pg_class), (select count(*) from pg_authid),
  (select md5(string_agg(t::text, '|' order by t::text)) from app_rules t),
  (select md5(string_agg(t::text, '|' order by t::text)) from function_files t))) as catalog`;

const catalogOf = async (database: Database) => (await queryRows<{ catalog: string }>(database, CATALOG))[0].catalog;

/**
 * The tables the template left empty, and what empties them: a look at which of them hold rows now (one
 * statement), and the sequences their ids come from. Read once per worker, from the template's catalog.
 */
let emptied: { nonEmpty: string; resetSequences: string } | undefined;

const quote = (name: string) => `'${name.replace(/'/g, "''")}'`;

async function tablesToEmpty(database: Database) {
  if (emptied) return emptied;
  const tables = (await queryRows<{ name: string }>(
    database,
    // The job queue's jobs too (not its task names, which a runner caches): a file's leftover job must
    // not run in the next file, whose ids start again from the template's.
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and (
        (table_schema = 'public' and table_name not in ('app_rules', 'function_files'))
        or (table_schema = 'graphile_worker' and table_name in ('_private_jobs', '_private_job_queues')))
      order by 1`,
  )).map((r) => r.name);
  const sequences = (await queryRows<{ name: string }>(
    database,
    `select distinct pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as name
       from information_schema.columns where format('%I.%I', table_schema, table_name) = any(array[${tables.map(quote).join(', ')}])`,
  )).map((r) => r.name).filter(Boolean);
  emptied = {
    nonEmpty: `select unnest(array_remove(array[${tables.map((t) => `case when exists (select 1 from ${t}) then ${quote(t)} end`).join(', ')}]::text[], null)) as name`,
    resetSequences: `select setval(format('%I.%I', schemaname, sequencename), start_value, false) from pg_sequences
      where last_value is not null and format('%I.%I', schemaname, sequencename)::regclass = any(array[${sequences.map(quote).join(', ')}]::regclass[])`,
  };
  return emptied;
}

/**
 * Empties every table the template left empty; false when the database cannot be reused (closed, or its
 * schema changed). Only the tables a file wrote to are truncated, and only the sequences it drew from are
 * set back to their start (as RESTART IDENTITY would): truncating all 60 of them every time cost 95 ms a
 * file on PGlite, each one given new files (10.6 s of one PGlite run of the suite, 2026-12-06).
 */
async function resetToTemplate(database: Database): Promise<boolean> {
  try {
    // Session state a file may have left: settings, prepared statements, LISTENs, temporary tables.
    await database.db.execute('discard all');
    if ((await catalogOf(database)) !== templateCatalog) return false;
    const { nonEmpty, resetSequences } = await tablesToEmpty(database);
    const written = (await queryRows<{ name: string }>(database, nonEmpty)).map((r) => r.name);
    if (written.length) await database.db.execute(`truncate ${written.join(', ')} cascade`);
    // ids start where the template's do, as in a fresh copy (a sequence is drawn from by a refused insert too).
    await queryRows(database, resetSequences);
    return true;
  } catch {
    return false;
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-0000', SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
    RATE_LIMIT_PER_MINUTE: 100_000,
    // Background work with its own timing; earliest-refresher.test.ts turns it on where it is the subject.
    EARLIEST_REFRESH: false,
    // The hourly purge, by the app's clock: a test that moved that clock days ahead (completeVisit) had
    // its followed changes purged at minute 23, which a fingerprint took for a refused request's write
    // (fuzz-routes, 2026-12-06 18:23 UTC). change-retention.test.ts runs the purge's task itself.
    CHANGE_LOG_PURGE: false,
    // One job at a time in a test app's runner: its pool then holds at most three PostgreSQL
    // connections, and test files share one server with every other file running at once.
    JOB_CONCURRENCY: 1,
    ...overrides,
  };
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const { database, drop } = await createTestDatabase();
  const clock = new TestClock();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false, serveWeb: false, now: clock.now });
  clocks.set(app, clock);
  await app.ready();
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** A signed-in client: keeps the session cookie like a browser would. */
export class TestClient {
  cookie = '';
  constructor(readonly app: FastifyInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    // A reader after a change sees its follow-ups (notices, e-mail), as a person does a moment later.
    // An app without a job runner never follows: its reads do not wait.
    if (options.method === 'GET') await changesFollowed(this.app.database, this.app.config.JOB_RUNNER ? undefined : 0);
    const res = await this.app.inject({ ...options, headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...options.headers } });
    const setCookie = res.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first?.startsWith('sid=')) this.cookie = first.split(';')[0];
    return res;
  }
  get = (url: string) => this.request({ method: 'GET', url });
  post = (url: string, payload?: object) => this.request({ method: 'POST', url, payload: payload ?? {} });
  put = (url: string, payload?: object) => this.request({ method: 'PUT', url, payload: payload ?? {} });
  patch = (url: string, payload?: object) => this.request({ method: 'PATCH', url, payload: payload ?? {} });
  delete = (url: string) => this.request({ method: 'DELETE', url });
}

/**
 * Waits until every change recorded so far has been followed (decision 0029: notices, e-mail to the
 * outbox, live pushes follow within a second) and the follow jobs are done. The signal is no change
 * left to follow (changes_unfollowed: que_record_change puts each there in its transaction, and the
 * follow transaction takes it out as it marks it followed) and no follow job running (its live events
 * are published after that commit, before the job completes). Gives up after `timeoutMs` (an app
 * without a job runner never follows), leaving the caller's assertions to say what is missing. 15 s,
 * not 5: it returns as soon as all is followed, and on PostgreSQL beside two other workers a swap's
 * follow-ups once took longer than 5 s (reminders.test.ts, 2026-12-05). It looks again after 2 ms,
 * then half as often each time, up to every 40 ms: on PGlite the look runs on the thread the runner
 * needs, and looking every 5 ms was 11,784 looks and 11 s of PGlite's 157 s in one run of the suite
 * (2026-12-06).
 */
export async function changesFollowed(database: Database, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (let pause = 2; ; pause = Math.min(40, pause * 1.5)) {
    const [row] = await queryRows<{ waiting: boolean }>(database,
      `select exists (select 1 from changes_unfollowed)
           or exists (select 1 from graphile_worker._private_jobs j
                       where j.locked_at is not null
                         and j.task_id in (select id from graphile_worker._private_tasks where identifier in ('follow_changes', 'follow_change'))) as waiting`);
    if (!row?.waiting) return;
    if (Date.now() > until) {
      if (timeoutMs > 0 && process.env.QUE_TEST_DEBUG_FOLLOW) {
        const jobs = await queryRows(database, `select j.payload, j.attempts, j.last_error, j.run_at, j.locked_at from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier in ('follow_changes', 'follow_change')`);
        const changes = await queryRows(database, `select c.id, c.kind, c.appointment_id, c.offer_id, u.attempts, u.retry_at, u.last_error from changes c join changes_unfollowed u on u.change_id = c.id`);
        console.warn('changesFollowed gave up:', JSON.stringify({ jobs, changes }).slice(0, 2000));
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

let counter = 0;
/** Registers a fresh user and returns a client signed in as them. */
export async function signUp(app: FastifyInstance, userType: 'customer' | 'business' = 'customer', name?: string) {
  const client = new TestClient(app);
  const username = name ?? `${userType}${process.pid}x${++counter}`;
  const res = await client.post('/api/register', { username, email: `${username}@example.com`, password: 'plum-orchard-42', userType });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return Object.assign(client, { user: res.json() as { id: number; username: string } });
}

/** Raw SQL for assertions about what the database holds (both drivers answer with `rows`). */
export async function queryRows<T = Record<string, unknown>>(database: Database, text: string): Promise<T[]> {
  const result = (await database.db.execute(text)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The business's owner marks an appointment completed once it has started, as a shop does on the
 * day (the rule allows it from 60 minutes before the start): the app's clock is moved forward to the
 * appointment's start, never back, so calls made side by side (parallel test worlds) cannot undo
 * each other's. The answer is the route's, whatever it is (a missing id still gets 404).
 */
export async function completeVisit(client: TestClient, id: number, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const [start] = await queryRows<{ at: Date | string }>(
    client.app.database,
    `select coalesce(que_instant(a.starts_at, b.time_zone), a.starts_at at time zone b.time_zone) as at
       from appointments a join businesses b on b.id = a.business_id where a.id = ${Math.trunc(id)}`,
  );
  if (start?.at) clockOf(client.app).advanceTo(start.at);
  return client.request({ method: 'POST', url: `/api/appointments/${id}/complete`, payload: {}, headers });
}
