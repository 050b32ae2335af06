import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, queryRows, testConfig, type TestContext } from '../../test/test-app.js';
import { refreshStaleEarliest } from './earliest.repository.js';
import { earliestBySlots, listEarliestAppointments, restaurant, serviceBusiness } from './test-fixtures.js';

// The refresher redoes, ahead of readers, the rows a reader could not use as stored; what readers get
// is decided by the slot rules either way (decision 15), so these tests check it does that work once
// and leaves answers exactly as que_day_slots gives them.

let ctx: TestContext;
const shops: { businessId: number; serviceId: number; timeZone: string }[] = [];
beforeAll(async () => {
  ctx = await createTestApp({ EARLIEST_REFRESH: false });
  for (const timeZone of ['UTC', 'Asia/Tokyo', 'America/New_York']) {
    const shop = await serviceBusiness(ctx.app, { timeZone, duration: 45 });
    shops.push({ businessId: shop.business.id, serviceId: shop.service.id, timeZone });
  }
  const table = await restaurant(ctx.app, { timeZone: 'Europe/Paris' });
  shops.push({ businessId: table.business.id, serviceId: table.service.id, timeZone: 'Europe/Paris' });
});
afterAll(() => ctx.close());

/** Rows a reader at `now` would have to recompute. */
async function staleRows(now: Date) {
  const [row] = await queryRows<{ n: number }>(
    ctx.database,
    `select count(*)::int as n from earliest_free_starts c
     where not coalesce(c.computed_version = c.version and c.computed_for <= '${now.toISOString()}' and '${now.toISOString()}' < c.fresh_until, false)`,
  );
  return row.n;
}

// as que_earliest_invalidate does: a moved version clears fresh_until (earliest_free_starts_stale_check)
const makeEveryRowStale = () => queryRows(ctx.database, 'update earliest_free_starts set version = version + 1, fresh_until = null');

async function answersFollowTheSlotRules(now: Date) {
  const listing = await listEarliestAppointments(ctx.database.db, now);
  for (const shop of shops) {
    const item = listing.find((i) => i.service.id === shop.serviceId);
    expect(item ? { date: item.date, time: item.time } : null).toEqual(await earliestBySlots(ctx.database.db, shop.businessId, shop.serviceId, shop.timeZone, now));
  }
}

describe('the earliest refresher', () => {
  it('recomputes every row a reader could not use, once, and the listing still follows the slot rules', async () => {
    const now = new Date();
    await makeEveryRowStale();
    const stale = await staleRows(now);
    expect(stale).toBeGreaterThanOrEqual(shops.length);
    // Two at once (two processes): the rows are redone once between them, never twice.
    const runs = await Promise.all([refreshStaleEarliest(ctx.database.db, now), refreshStaleEarliest(ctx.database.db, now)]);
    expect(runs.reduce((sum, run) => sum + run.saved, 0)).toBe(stale);
    expect(runs.every((run) => !run.more)).toBe(true);
    expect(await staleRows(now)).toBe(0);
    await answersFollowTheSlotRules(now);
    // nothing left: a second pass does nothing
    expect(await refreshStaleEarliest(ctx.database.db, now)).toEqual({ saved: 0, more: false });
  });

  it('a row computed ahead for a later "now" is not trusted by an earlier reader', async () => {
    const later = new Date(Date.now() + 6 * 3600_000);
    await makeEveryRowStale();
    await refreshStaleEarliest(ctx.database.db, later);
    expect(await staleRows(new Date())).toBeGreaterThanOrEqual(shops.length);
    await answersFollowTheSlotRules(new Date());
  });

  it('runs as a job when the app starts, so a cold table is filled before the first customer asks, then every ten seconds', async () => {
    await makeEveryRowStale();
    const app = await buildApp({ config: testConfig({ EARLIEST_REFRESH: true }), database: ctx.database, logger: false, serveWeb: false });
    try {
      await app.ready();
      const deadline = Date.now() + 15_000;
      while ((await staleRows(new Date())) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await staleRows(new Date())).toBe(0);
      // a job of the queue: the run scheduled the next one, about ten seconds on, and only one waits
      const next = async () =>
        queryRows<{ due_in: number }>(
          ctx.database,
          `select extract(epoch from j.run_at - now())::float8 as due_in from graphile_worker._private_jobs j
            join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'earliest_refresh' and j.locked_at is null`,
        );
      await expect.poll(async () => (await next()).length).toBe(1);
      expect((await next())[0].due_in).toBeGreaterThan(5);
    } finally {
      await app.close();
    }
    await answersFollowTheSlotRules(new Date());
  });
});
