import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { type Db, wrapPoolQuery } from './client.js';
import { TRANSACTION_ATTEMPTS, transaction } from './unit-of-work.js';

// pool.query's one wrapper (client.ts): statements aborted for a deadlock run again; in tests, a pool
// query from inside a transaction's work is refused before it reaches the pool.

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
const poolAnswering = (...answers: (Error | string)[]) => {
  const query = vi.fn(async () => {
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return next;
  });
  return { pool: { query } as unknown as pg.Pool, query };
};
/** Runs work as a transaction's work (unit-of-work.ts marks it), on a stand-in for drizzle. */
const asTransactionWork = <T>(work: () => Promise<T>) => transaction({ transaction: (fn: (tx: unknown) => Promise<T>) => fn({}) } as unknown as Db, work);

describe('wrapPoolQuery', () => {
  it('runs a statement aborted by a deadlock again and answers with the run that succeeded', async () => {
    const { pool, query } = poolAnswering(deadlock(), 'second run');
    wrapPoolQuery(pool, { refuseInTransactions: false });
    await expect(pool.query('update t set x = 1')).resolves.toBe('second run');
    expect(query).toHaveBeenCalledTimes(2);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} runs and passes other errors on at once`, async () => {
    const { pool, query } = poolAnswering(...Array.from({ length: TRANSACTION_ATTEMPTS + 1 }, deadlock));
    wrapPoolQuery(pool, { refuseInTransactions: false });
    await expect(pool.query('update t set x = 1')).rejects.toThrow('deadlock detected');
    expect(query).toHaveBeenCalledTimes(TRANSACTION_ATTEMPTS);
    const other = poolAnswering(new Error('syntax error'));
    wrapPoolQuery(other.pool, { refuseInTransactions: false });
    await expect(other.pool.query('selec 1')).rejects.toThrow('syntax error');
    expect(other.query).toHaveBeenCalledTimes(1);
  });

  it('refuses a pool query from inside a transaction\'s work without sending it, and only there', async () => {
    const { pool, query } = poolAnswering('outside');
    wrapPoolQuery(pool, { refuseInTransactions: true });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(asTransactionWork(async () => pool.query('select 1'))).rejects.toThrow("a pool query inside a transaction's work");
    quiet.mockRestore();
    expect(query).not.toHaveBeenCalled();
    await expect(pool.query('select 1')).resolves.toBe('outside');
  });

  it('lets the same query through inside transaction work when not asked to refuse (production)', async () => {
    const { pool } = poolAnswering('answer');
    wrapPoolQuery(pool, { refuseInTransactions: false });
    await expect(asTransactionWork(async () => pool.query('select 1'))).resolves.toBe('answer');
  });
});
