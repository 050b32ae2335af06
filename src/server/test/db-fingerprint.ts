import type { Database } from '../db/client.js';
import { changesFollowed, queryRows } from './test-app.js';

// Tables a refused request may still write by design: signing in creates sessions, failed sign-ins are
// counted, an idempotent request's refusal is kept so that its retry gets the same answer, and any
// read of the earliest slots brings the kept earliest free starts up to date (derived data, decision 15);
// the job runners beat all the time, whatever the requests do (decision 0028).
const WRITTEN_BY_DESIGN = new Set(['sessions', 'login_attempts', 'idempotency_keys', 'earliest_free_starts', 'job_runner_beats']);

type Hashes = Record<string, string>;

const tablesCache = new WeakMap<Database, string[]>();

/**
 * The last fingerprint taken of each database, with the snapshot its statement read in. Rows change only
 * in transactions that get a transaction id, and any such transaction ending changes what
 * pg_current_snapshot() says, so while the snapshot reads the same the data is the same: the kept hashes
 * are the answer and no table is read again. Most refused requests write nothing, and hashing every
 * table after each of them was most of the route fuzzing's and the authorization matrix's time.
 */
const lastTaken = new WeakMap<Database, { snapshot: string; hashes: Hashes }>();

async function tables(database: Database): Promise<string[]> {
  const cached = tablesCache.get(database);
  if (cached) return cached;
  const rows = await queryRows<{ name: string }>(
    database,
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const names = rows.map((r) => r.name).filter((n) => !WRITTEN_BY_DESIGN.has(n));
  tablesCache.set(database, names);
  return names;
}

/** One hash per table of everything it holds: equal fingerprints mean nothing was written. */
export async function fingerprint(database: Database): Promise<Hashes> {
  // What follows a change (notices, e-mail, caches) is written by its job after the change commits:
  // the set-up's changes are followed first, so their follow-ups are not taken for a request's writes.
  await changesFollowed(database);
  const names = await tables(database);
  const last = lastTaken.get(database);
  if (last) {
    const [{ snapshot }] = await queryRows<{ snapshot: string }>(database, 'select pg_current_snapshot()::text as snapshot');
    if (snapshot === last.snapshot) return { ...last.hashes };
  }
  // The snapshot is read by the same statement as the tables, so it is the one the hashes describe.
  const sql = names
    .map((n) => `select '${n}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${n}" t`)
    .concat(`select '' as name, pg_current_snapshot()::text as hash`)
    .join(' union all ');
  const rows = await queryRows<{ name: string; hash: string }>(database, sql);
  const hashes = Object.fromEntries(rows.filter((r) => r.name !== '').map((r) => [r.name, r.hash]));
  lastTaken.set(database, { snapshot: rows.find((r) => r.name === '')!.hash, hashes });
  return { ...hashes };
}
