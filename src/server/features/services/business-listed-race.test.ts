import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../../db/unit-of-work.js';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';

// businesses.listed under concurrency (PostgreSQL only: PGlite is one connection): two transactions
// each delete one of a business's last two services. Each sees the other's service still there when
// it starts; the trigger locks the business row first, so the second reads the first's committed
// delete and the business ends unlisted. The order is steered, both ways: the first holds its
// transaction open until the second is seen waiting for the lock.

let ctx: TestContext;
beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return;
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false, EARLIEST_REFRESH: false });
});
afterAll(() => ctx?.close());

async function shopWithTwoServices() {
  const owner = await signUp(ctx.app, 'business');
  const id = (await owner.post('/api/businesses', { businessName: `Race ${owner.user.id}`, category: 'Other' })).json().id as number;
  const services: number[] = [];
  for (const name of ['One', 'Two']) services.push((await owner.post(`/api/businesses/${id}/services`, { name, duration: 30, price: '10.00' })).json().id);
  return { id, services };
}

const listed = async (id: number) => (await queryRows<{ listed: boolean }>(ctx.database, `select listed from businesses where id = ${id}`))[0].listed;
const waitingForLocks = async () =>
  (await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0].n;

describe.runIf(process.env.TEST_DB === 'postgres')('two transactions deleting the last two services at once', () => {
  it.each([[0, 1], [1, 0]])('end unlisted whichever deletes first (service %i first)', async (first, second) => {
    const shop = await shopWithTwoServices();
    expect(await listed(shop.id)).toBe(true);
    const del = (serviceId: number) => sql`update services set deleted_at = now() where id = ${serviceId}`;
    let deleted!: () => void;
    let release!: () => void;
    const firstDeleted = new Promise<void>((resolve) => (deleted = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const a = unitOfWork(ctx.database.db, async (tx) => {
      await tx.execute(del(shop.services[first]));
      deleted();
      await released;
    });
    await firstDeleted;
    const b = unitOfWork(ctx.database.db, async (tx) => {
      await tx.execute(del(shop.services[second]));
    });
    // The second waits on the business row the first's trigger locked.
    await expect.poll(waitingForLocks, { timeout: 10_000 }).toBeGreaterThan(0);
    release();
    await Promise.all([a, b]);
    expect(await listed(shop.id)).toBe(false);
  });
});
