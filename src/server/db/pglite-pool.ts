import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { withDefaultTimeParsing } from './pglite-parsers.js';

type QueryConfig = string | { text: string; values?: unknown[] };
interface Result {
  rows: unknown[];
  rowCount: number;
}

/**
 * What graphile-worker needs of a pg.Pool, over the embedded database (decision 0028). PGlite is one
 * session that runs one statement at a time and queues the rest (also while the app's drizzle
 * transactions hold it), so every "client" is the same session: the worker's statements are single
 * statements (get, complete and fail a job), which is safe to interleave. The one place the library
 * opens a transaction of its own is its migrator, which runs at start-up before anything else uses
 * the database (migrateJobSchema). LISTEN "jobs:insert" is PGlite's own listen, so a job added in
 * SQL wakes a runner without polling, as on PostgreSQL.
 */
class PgliteClient extends EventEmitter {
  private unlistens = new Map<string, () => Promise<void>>();
  constructor(private readonly pglite: PGlite) {
    super();
  }

  async query(config: QueryConfig, values?: unknown[]): Promise<Result> {
    const text = typeof config === 'string' ? config : config.text;
    const params = values ?? (typeof config === 'string' ? undefined : config.values);
    const listening = text.match(/^\s*(UN)?LISTEN\s/i);
    if (listening) return this.listenTo(text);
    if (!params || params.length === 0) {
      // Possibly several statements (the migrator's files): the simple protocol, last result counts.
      const results = await this.pglite.exec(text);
      const last = results.length ? withDefaultTimeParsing(results.at(-1)!) : undefined;
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
    }
    const result = withDefaultTimeParsing(await this.pglite.query(text, params));
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
  }

  /** `LISTEN "a"; LISTEN "b";` or the UNLISTENs, as PGlite subscriptions that emit pg's 'notification'. */
  private async listenTo(text: string): Promise<Result> {
    for (const statement of text.split(';').map((s) => s.trim()).filter(Boolean)) {
      const [verb, channel] = statement.split(/\s+/, 2);
      if (verb.toUpperCase() === 'LISTEN') {
        const name = channel.replace(/^"|"$/g, '');
        const unlisten = await this.pglite.listen(channel, (payload) => this.emit('notification', { channel: name, payload }));
        this.unlistens.set(channel, unlisten);
      } else {
        const unlisten = this.unlistens.get(channel);
        this.unlistens.delete(channel);
        if (unlisten && !this.pglite.closed) await unlisten();
      }
    }
    return { rows: [], rowCount: 0 };
  }

  release() {}
}

/** A pg.Pool-shaped handle on the embedded database, for graphile-worker's `pgPool` option. */
export function pglitePool(pglite: PGlite): Pool {
  const pool = new EventEmitter() as EventEmitter & Record<string, unknown>;
  const connect = (callback?: (err: Error | undefined, client: PgliteClient, release: () => void) => void) => {
    const client = new PgliteClient(pglite);
    if (callback) {
      queueMicrotask(() => callback(undefined, client, () => client.release()));
      return undefined;
    }
    return Promise.resolve(client);
  };
  Object.assign(pool, {
    connect,
    query: (config: QueryConfig, values?: unknown[]) => new PgliteClient(pglite).query(config, values),
    // The database belongs to the app, which closes it after the runner stops.
    end: async () => {},
    totalCount: 1,
    idleCount: 1,
    waitingCount: 0,
  });
  return pool as unknown as Pool;
}
