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
