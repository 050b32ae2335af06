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
  close(): Promise<void>;
}

/** PostgreSQL pool settings a test may change (the database-outage tests); PGlite ignores them. */
export type PoolOptions = Omit<Extract<DatabaseOptions, { kind: 'postgres' }>, 'kind' | 'url'>;

/** A fresh, migrated database for one test file: a PGlite copy of the template, or a PostgreSQL clone. */
export async function createTestDatabase(pool: PoolOptions = {}): Promise<{ database: Database; drop(): Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `que_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 20, refusePoolQueriesInTransactions: true, durableCommits: false, ...pool });
    return {
      database,
      async drop() {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const database = await openDatabase({ kind: 'pglite', loadDataDir: template });
  return { database, drop: () => database.close() };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-0000', SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
    RATE_LIMIT_PER_MINUTE: 100_000,
    // Background work with its own timing; earliest-refresher.test.ts turns it on where it is the subject.
    EARLIEST_REFRESH: false,
    ...overrides,
  };
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const { database, drop } = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false, serveWeb: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** A signed-in client: keeps the session cookie like a browser would. */
export class TestClient {
  cookie = '';
  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
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
