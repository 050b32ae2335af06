import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export type AttemptKind = 'ip' | 'userIp' | 'user';
export interface AttemptCount {
  kind: AttemptKind;
  key: string;
  count: number;
  windowEndsAt: Date;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// Distinct prefixes; in `user-ip:` the address comes first because it cannot contain '|'.
const kindOf = (key: string): AttemptKind => (key.startsWith('ip:') ? 'ip' : key.startsWith('user-ip:') ? 'userIp' : 'user');

/**
 * Counts one attempt on each key of a login and returns the counts including it, in one atomic
 * statement: concurrent logins queue on the rows, so N parallel attempts count as N. A key whose
 * window has ended starts a new one. Usernames are lower-cased by the database's own lower(), the
 * function the user lookup uses, so every spelling that signs in as one user shares its keys.
 */
export async function countAttempt(db: Db, username: string, ip: string, windowSeconds: number): Promise<AttemptCount[]> {
  const name = sql`lower(${username}::text)`;
  // Whole milliseconds, so the end read back into a JS Date still matches the row (uncountAttempt).
  const end = sql`date_trunc('milliseconds', now() + make_interval(secs => ${windowSeconds}))`;
  // Every login locks its rows in this order (ip, user+ip, user), so two logins cannot deadlock.
  const result = await db.execute(sql`
    insert into login_attempts as a (key, count, window_ends_at)
    values (${`ip:${ip}`}, 1, ${end}),
           (${`user-ip:${ip}|`} || ${name}, 1, ${end}),
           ('user:' || ${name}, 1, ${end})
    on conflict (key) do update set
      count = case when a.window_ends_at <= now() then 1 else a.count + 1 end,
      window_ends_at = case when a.window_ends_at <= now() then excluded.window_ends_at else a.window_ends_at end
    returning key, count, window_ends_at`);
  return rowsOf<{ key: string; count: number; window_ends_at: string | Date }>(result).map((row) => ({
    kind: kindOf(row.key),
    key: row.key,
    count: Number(row.count),
    windowEndsAt: new Date(row.window_ends_at),
  }));
}

/**
 * Takes back attempts counted by countAttempt, unless their window has since been restarted. One
 * row per statement: a statement holding one row's lock while waiting for another's could close a
 * deadlock cycle with countAttempt's ordered locking.
 */
export async function uncountAttempt(db: Db, counted: AttemptCount[]) {
  for (const { key, windowEndsAt } of counted) {
    await db.execute(sql`
      update login_attempts set count = greatest(count - 1, 0)
      where key = ${key} and window_ends_at = ${windowEndsAt.toISOString()}::timestamptz`);
  }
}

/** Keeps the table bounded: a row whose window has ended counts nothing. */
export async function deleteEndedWindows(db: Db) {
  await db.execute(sql`delete from login_attempts where window_ends_at <= now()`);
}
