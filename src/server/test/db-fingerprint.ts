import type { Database } from '../db/client.js';
import { queryRows } from './test-app.js';

// Tables a refused request may still write by design: signing in creates sessions, failed sign-ins are
// counted, an idempotent request's refusal is kept so that its retry gets the same answer, and any
// read of the earliest slots brings the kept earliest free starts up to date (derived data, decision 15).
const WRITTEN_BY_DESIGN = new Set(['sessions', 'login_attempts', 'idempotency_keys', 'earliest_free_starts']);

let tablesCache = new WeakMap<Database, string[]>();

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
export async function fingerprint(database: Database): Promise<Record<string, string>> {
  const names = await tables(database);
  const sql = names
    .map((n) => `select '${n}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${n}" t`)
    .join(' union all ');
  const rows = await queryRows<{ name: string; hash: string }>(database, sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

export function resetFingerprintCache() {
  tablesCache = new WeakMap();
}
