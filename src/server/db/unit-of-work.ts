import { AsyncLocalStorage } from 'node:async_hooks';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { SqlState, sqlStateOf } from './sql-state.js';

const RETRYABLE = new Set<string>([SqlState.serializationFailure, SqlState.deadlockDetected]);
/** How often a transaction aborted for a deadlock or serialization failure is run in all. */
export const TRANSACTION_ATTEMPTS = 3;

export const isTransaction = (db: Db) => (db as unknown) instanceof PgTransaction;

/**
 * A short random pause before the next attempt. Run again at once, the aborted one of two writers that
 * took the same rows in opposite orders could take its first row back before the other (woken by the
 * abort) got it, and meet it again: the same deadlock three times over failed a test on a busy machine
 * (unit-of-work.test.ts, CI 2026-12-06). Up to 20 ms times the attempt, so two retries seldom collide.
 */
const pauseBeforeRetry = (attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));

/** Runs `attempt` again, after pauseBeforeRetry, while PostgreSQL aborts it for a deadlock or serialization failure, TRANSACTION_ATTEMPTS times in all. */
export async function retryingAborts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryable(error) || n >= TRANSACTION_ATTEMPTS) throw error;
      await pauseBeforeRetry(n);
    }
  }
}

// Marks the async context of a transaction's work, so a query sent to the pool from inside it (the
// outer Db used by mistake) is caught: it needs a second connection while the first holds locks,
// and with every pooled connection held by such work the pool and the locks wait on each other forever.
const transactionScope = new AsyncLocalStorage<boolean>();
export const insideTransactionWork = () => transactionScope.getStore() === true;

/**
 * The one way to run work that must happen whole. Inside a transaction already (a Db that is a
 * drizzle transaction), the work joins it, so a use case and the ledger move together. Otherwise a
 * transaction is opened, and retried when PostgreSQL aborted it for a deadlock or a serialization
 * failure: two bookings that overlap can each wait on the other inside the exclusion constraint,
 * and the retry then sees the slot taken. Errors are rethrown as they are; the central error
 * handler maps database errors to HTTP once (src/server/errors.ts).
 */
export async function unitOfWork<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return work(db);
  return retryingAborts(() => transaction(db, work));
}

/** A deadlock or serialization failure: PostgreSQL aborted the transaction, and running it again may succeed. */
export function isRetryable(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && RETRYABLE.has(state);
}

/**
 * One transaction on the pool, not retried: for a caller that decides itself whether its work may
 * run again (an idempotent request's handler, plugins/idempotency.ts). Its work is marked as a
 * transaction's, as unitOfWork's is.
 */
export function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => transactionScope.run(true, () => work(tx as unknown as Db)));
}

/**
 * Runs work that may be refused so that the transaction it joins stays usable: inside a transaction
 * (an idempotent request's) it runs in a savepoint, which a failed statement rolls back to, so the
 * caller can still read, for instance to say why it was refused; outside one it runs as it is. A
 * failed statement would otherwise abort the whole transaction, and every read after it.
 */
export function recoverable<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (!isTransaction(db)) return work(db);
  return db.transaction((savepoint) => work(savepoint as unknown as Db));
}

/**
 * Runs one statement that does a whole use case (our SQL functions): outside a
 * transaction it is its own, so no BEGIN/COMMIT round trips, and PostgreSQL's deadlock or
 * serialization aborts are retried like unitOfWork's; inside one it simply joins it.
 */
export async function singleStatement<T>(db: Db, run: () => Promise<T>): Promise<T> {
  return isTransaction(db) ? run() : retryingAborts(run);
}
