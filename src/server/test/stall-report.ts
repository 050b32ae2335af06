import pg from 'pg';
import type { Database } from '../db/client.js';

/**
 * Awaits `work`; if it has not settled after `afterMs`, prints once what PostgreSQL is doing for the
 * test databases (who waits on what) and the pool's counts, so a hang in CI leaves evidence behind.
 * It reads through a connection of its own: a saturated pool could not answer.
 */
export async function reportIfStalled<T>(database: Database, label: string, work: Promise<T>, afterMs = 10_000): Promise<T> {
  const url = process.env.TEST_DATABASE_URL;
  if (database.kind !== 'postgres' || !url) return work;
  const timer = setTimeout(() => void report(url, database, label, afterMs), afterMs);
  try {
    return await work;
  } finally {
    clearTimeout(timer);
  }
}

async function report(url: string, database: Database, label: string, afterMs: number) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query(`
      select a.datname, a.pid, a.application_name, a.state, a.wait_event_type, a.wait_event, now() - a.query_start as running_for,
             pg_blocking_pids(a.pid) as blocked_by, left(a.query, 160) as query
        from pg_stat_activity a
       where a.pid <> pg_backend_pid() and a.backend_type = 'client backend' and a.state <> 'idle'
       order by a.query_start`);
    console.error(`${label}: not settled after ${afterMs} ms; pool ${JSON.stringify(database.poolCounts?.())}; busy backends:\n${JSON.stringify(rows, null, 1)}`);
  } catch (error) {
    console.error(`${label}: not settled after ${afterMs} ms; could not read pg_stat_activity: ${String(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
}
