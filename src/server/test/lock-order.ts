import type { Database } from '../db/client.js';
import { changesFollowed, queryRows } from './test-app.js';

/** Backends of this database waiting for a lock (PostgreSQL). */
async function lockWaiters(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database,
    `select count(distinct l.pid)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where not l.granted and a.datname = current_database()`,
  );
  return row.n;
}

/** A promise and whether it has settled yet. */
function tracked<T>(promise: Promise<T>) {
  const state = { promise, settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

/** Resolves once `waiters()` backends wait for a lock, or `running` has settled (it never needed the lock). */
async function untilWaiting(database: Database, waiters: () => number, running: { settled: boolean }) {
  const deadline = Date.now() + 20_000;
  while (!running.settled && (await lockWaiters(database)) < waiters()) {
    if (Date.now() > deadline) throw new Error(`no request waited for the held row within 20 s (${waiters()} waiter(s) expected)`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Runs two racing requests in a chosen order, both in flight at once (PostgreSQL only). A transaction
 * holds the row `table`.`id`; `first` starts and waits for it, then `second` starts and waits behind it;
 * then the row is let go. PostgreSQL hands a row to its waiters in the order they came, so `first` goes
 * ahead and `second` carries on after it commits, from wherever it was waiting. Each order of a race is
 * exercised on purpose (run it both ways), instead of hoping that rounds of chance include both: thirty
 * rounds of "create vs reschedule" all came out the same way.
 */
export async function inLockOrder<A, B>(database: Database, table: string, id: number, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
  if (database.kind !== 'postgres') throw new Error('inLockOrder needs PostgreSQL (PGlite runs one statement at a time)');
  // The set-up's follow jobs finish first: one of them waiting for the held row counted as `first`
  // waiting, and `second` went ahead (offers.concurrency.test.ts, four workers, 2026-12-06).
  await changesFollowed(database);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = database.db.transaction(async (tx) => {
    await tx.execute(`select 1 from "${table}" where id = ${Math.trunc(id)} for update`);
    locked();
    await released;
  });
  await Promise.race([isLocked, holder]);
  const before = await lockWaiters(database);
  try {
    const a = tracked(first());
    await untilWaiting(database, () => before + 1, a);
    const b = tracked(second());
    await untilWaiting(database, () => before + (a.settled ? 1 : 2), b);
    release();
    await holder;
    return await Promise.all([a.promise, b.promise]);
  } finally {
    release();
    await holder.catch(() => {});
  }
}
