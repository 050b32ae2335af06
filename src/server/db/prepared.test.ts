import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows } from '../test/test-app.js';
import type { Database } from './client.js';
import { cachedSql, preparesNamedStatements } from './prepared.js';
import { unitOfWork } from './unit-of-work.js';

// prepared.ts reaches into a drizzle internal (the session's client) to run a prepared statement
// on the caller's transaction. These tests fail if an upgrade breaks that: if the statement ran
// on another connection, its write would survive the rollback of the transaction it belongs to.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await database.db.execute('create table prepared_probe (n int)');
});
afterAll(() => drop());

const insertProbe = cachedSql<{ n: number }>('prepared_probe_insert', sql`insert into prepared_probe values (${sql.placeholder('n')})`);
const countProbe = async () => Number((await queryRows<{ c: number }>(database, 'select count(*)::int as c from prepared_probe'))[0].c);

describe('named prepared statements', () => {
  it('are still available from drizzle, on the pool and inside a transaction', async () => {
    expect(preparesNamedStatements(database.db)).toBe(true);
    await unitOfWork(database.db, async (tx) => expect(preparesNamedStatements(tx)).toBe(true));
  });

  it("run inside the caller's transaction: a rollback undoes them", async () => {
    await expect(
      unitOfWork(database.db, async (tx) => {
        await insertProbe(tx, { n: 1 });
        const seen = (await tx.execute('select count(*)::int as c from prepared_probe')) as unknown as { rows: { c: number }[] };
        expect(Number(seen.rows[0].c)).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await countProbe()).toBe(0);
    await insertProbe(database.db, { n: 2 });
    expect(await countProbe()).toBe(1);
  });
});
