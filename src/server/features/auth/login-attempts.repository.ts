import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export type AttemptKind = 'ip' | 'userIp' | 'user';
export interface AttemptCount {
  kind: AttemptKind;
  key: string;
  /** Failed logins on the key in its current window. */
  failures: number;
  /** When that window ends (now, when the key has none). */
  windowEndsAt: Date;
  /** Logins on the key being verified now, this one included. */
  inFlight: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// Distinct prefixes; in `user-ip:` the address comes first because it cannot contain '|'.
const kindOf = (key: string): AttemptKind => (key.startsWith('ip:') ? 'ip' : key.startsWith('user-ip:') ? 'userIp' : 'user');

/**
 * A login's keys are counted twice in login_attempts: failures on the key itself ('ip:…') in a
 * fixed window, and logins being verified now on `flight|` + key. A reservation in flight is kept
 * FLIGHT_SECONDS after the key's last login began, so one a stopped process never handed back
 * frees itself.
 */
const FLIGHT = 'flight|';
const FLIGHT_SECONDS = 60;

function keysOf(username: string, ip: string) {
  const name = sql`lower(${username}::text)`;
  return [sql`${`ip:${ip}`}::text`, sql`${`user-ip:${ip}|`} || ${name}`, sql`'user:' || ${name}`];
}

/**
 * Reserves one login in flight on each key of a login and returns, per key, the failures in its
 * window and the logins in flight (this one included), in one atomic statement: concurrent logins
 * queue on the flight rows, so N parallel logins count N in flight. Usernames are lower-cased by
 * the database's own lower(), the function the user lookup uses, so every spelling that signs in
 * as one user shares its keys.
 */
export async function reserveAttempt(db: Db, username: string, ip: string): Promise<AttemptCount[]> {
  const [ipKey, userIpKey, userKey] = keysOf(username, ip);
  // Every login locks its flight rows in this order (ip, user+ip, user), so two logins cannot deadlock.
  const result = await db.execute(sql`
    with flight as (
      insert into login_attempts as a (key, count, window_ends_at)
      values (${FLIGHT} || ${ipKey}, 1, now() + make_interval(secs => ${FLIGHT_SECONDS})),
             (${FLIGHT} || ${userIpKey}, 1, now() + make_interval(secs => ${FLIGHT_SECONDS})),
             (${FLIGHT} || ${userKey}, 1, now() + make_interval(secs => ${FLIGHT_SECONDS}))
      on conflict (key) do update set
        count = case when a.window_ends_at <= now() then 1 else a.count + 1 end,
        window_ends_at = excluded.window_ends_at
      returning key, count)
    select substr(flight.key, ${FLIGHT.length + 1}) as key, flight.count as in_flight,
           coalesce(failed.count, 0) as failures, coalesce(failed.window_ends_at, now()) as window_ends_at
      from flight left join login_attempts failed on failed.key = substr(flight.key, ${FLIGHT.length + 1}) and failed.window_ends_at > now()`);
  return rowsOf<{ key: string; in_flight: number; failures: number; window_ends_at: string | Date }>(result).map((row) => ({
    kind: kindOf(row.key),
    key: row.key,
    failures: Number(row.failures),
    windowEndsAt: new Date(row.window_ends_at),
    inFlight: Number(row.in_flight),
  }));
}

/**
 * Hands back a reservation. One row per statement: a statement holding one row's lock while waiting
 * for another's could close a deadlock cycle with reserveAttempt's ordered locking.
 */
export async function releaseAttempt(db: Db, counted: AttemptCount[]) {
  for (const { key } of counted) {
    await db.execute(sql`update login_attempts set count = greatest(count - 1, 0) where key = ${FLIGHT + key}`);
  }
}

/**
 * Counts a failed login on each of its keys, in the order reserveAttempt locks them; a key whose
 * window has ended starts a new one of windowSeconds.
 */
export async function countFailure(db: Db, counted: AttemptCount[], windowSeconds: number) {
  // Whole milliseconds, so the end read back into a JS Date is the row's.
  const end = sql`date_trunc('milliseconds', now() + make_interval(secs => ${windowSeconds}))`;
  const [ip, userIp, user] = (['ip', 'userIp', 'user'] as const).map((kind) => counted.find((c) => c.kind === kind)!.key);
  await db.execute(sql`
    insert into login_attempts as a (key, count, window_ends_at)
    values (${ip}, 1, ${end}), (${userIp}, 1, ${end}), (${user}, 1, ${end})
    on conflict (key) do update set
      count = case when a.window_ends_at <= now() then 1 else a.count + 1 end,
      window_ends_at = case when a.window_ends_at <= now() then excluded.window_ends_at else a.window_ends_at end`);
}

/** Keeps the table bounded: a row whose window has ended counts nothing. */
export async function deleteEndedWindows(db: Db) {
  await db.execute(sql`delete from login_attempts where window_ends_at <= now()`);
}
