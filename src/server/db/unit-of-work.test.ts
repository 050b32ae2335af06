import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows } from '../test/test-app.js';
import type { Database } from './client.js';
import { unitOfWork } from './unit-of-work.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await database.db.execute('create table uow_probe (n int)');
});
afterAll(() => drop());

const count = async () => Number((await queryRows<{ c: number }>(database, 'select count(*)::int as c from uow_probe'))[0].c);
const dbError = (code: string) => Object.assign(new Error(`database said ${code}`), { code });

describe('unitOfWork', () => {
  it('joins the transaction it is given, so an inner unit rolls back with the outer one', async () => {
    await expect(
      unitOfWork(database.db, async (tx) => {
        await unitOfWork(tx, (inner) => inner.execute('insert into uow_probe values (1)'));
        throw new Error('outer fails after the inner unit ran');
      }),
    ).rejects.toThrow('outer fails');
    expect(await count()).toBe(0);
  });

  it('retries a transaction aborted for a deadlock or serialization failure, at most three times', async () => {
    let calls = 0;
    const result = await unitOfWork(database.db, async (tx) => {
      calls++;
      await tx.execute('insert into uow_probe values (2)');
      if (calls < 3) throw dbError(calls === 1 ? '40P01' : '40001');
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toBe(3);
    expect(await count()).toBe(1);

    let always = 0;
    await expect(unitOfWork(database.db, async () => { always++; throw dbError('40001'); })).rejects.toThrow('40001');
    expect(always).toBe(3);
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    await expect(unitOfWork(database.db, async () => { calls++; throw dbError('23505'); })).rejects.toThrow('23505');
    expect(calls).toBe(1);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a statement on the pool (PostgreSQL)', () => {
  it('aborted for a deadlock, is run again: two single-statement writers locking two rows in opposite orders both succeed', async () => {
    await database.db.execute(`create table uow_pair (id int primary key, n int not null default 0);
      insert into uow_pair values (1), (2);
      -- Locks row p_first, waits until the test lets go of advisory lock 7026, then locks p_second.
      create function uow_lock_two(p_first int, p_second int) returns void language plpgsql as $$
      begin
        update uow_pair set n = n + 1 where id = p_first;
        perform pg_advisory_xact_lock_shared(7026);
        update uow_pair set n = n + 1 where id = p_second;
      end $$;`);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const gate = database.db.transaction(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(7026)');
      held();
      await released;
    });
    await holding;
    const both = Promise.all([database.db.execute('select uow_lock_two(1, 2)'), database.db.execute('select uow_lock_two(2, 1)')]);
    // Both hold their first row and wait at the gate: then they meet each other's row.
    for (const deadline = Date.now() + 10_000; ; ) {
      const [row] = await queryRows<{ n: number }>(database, `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 7026 and not granted`);
      if (row.n >= 2) break;
      if (Date.now() > deadline) throw new Error('the two statements never reached the gate');
      await new Promise((resolve) => setImmediate(resolve));
    }
    release();
    await gate;
    await expect(both).resolves.toHaveLength(2);
    const rows = await queryRows<{ n: number }>(database, 'select n from uow_pair order by id');
    // Each row moved once by each call that was kept: the aborted attempt left nothing.
    expect(rows.map((r) => Number(r.n))).toEqual([2, 2]);
  });
});
