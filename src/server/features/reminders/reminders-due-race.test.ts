import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { Db } from '../../db/client.js';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';

// The reminders' one send job against a planner in flight (decision 0038; PostgreSQL only: PGlite is
// one connection). A planner that finds the job due early enough writes nothing; if the job then
// ran and chose its next time without the planner's reminder, that reminder would have no job. The
// planner holds reminders:due's advisory lock shared until it commits and the job tries to take it
// exclusively before it looks: taken, it sees every planner before it; not taken, it looks again within
// a second. Whichever goes first, the job ends due by the planned reminder. The order is steered both
// ways: the planner held open while the job looks, and the job's look held open while the planner waits.

let ctx: TestContext;
beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return;
  // No runner: the test plays the runner's part, and no follow job plans reminders beside it.
  ctx = await createTestApp({ JOB_RUNNER: false, PAYMENT_WORKER: false, OFFER_SWEEPS: false, EARLIEST_REFRESH: false });
});
afterAll(() => ctx?.close());

const waitingForLocks = async () =>
  (await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0].n;
const waitingJob = async () =>
  (await queryRows<{ run_at: Date }>(ctx.database, `select run_at from graphile_worker._private_jobs where key = 'reminders:due' and locked_at is null`)).map((r) => new Date(r.run_at).getTime());

describe.runIf(process.env.TEST_DB === 'postgres')('a reminder planned while the send job chooses its next time', () => {
  it.each([['the planner', 'the job'], ['the job', 'the planner']])('leaves the job due by that reminder when %s goes first', async (first) => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(3), time: '10:00' });
    expect(res.statusCode, res.body).toBe(201);
    const appointmentId = res.json().id as number;
    await ctx.database.db.execute(sql`delete from reminders`);
    await ctx.database.db.execute(sql`delete from graphile_worker._private_jobs where key = 'reminders:due'`);
    // The job, due in an hour, already taken by a runner (the job's part runs below).
    await ctx.database.db.execute(sql`select que_add_job_unannounced('reminders_send', '{}'::json, null, now() + interval '1 hour', 'reminders:due', true, 10)`);
    const [{ due }] = await queryRows<{ due: string }>(ctx.database, `select (now() + interval '2 hours')::text as due`);
    const planner = (tx: Db) =>
      tx.execute(sql`with r as (insert into reminders (appointment_id, offset_minutes, starts_at, due_at) select id, 60, starts_at, ${due}::timestamptz from appointments where id = ${appointmentId})
        select que_reminders_due_by(${due}::timestamptz)`);
    const job = async (tx: Db) => tx.execute(sql`select que_reminders_plan_next(false)`);
    // The planner, going first, finds the job due by its reminder and writes nothing; then the runner takes it.
    const takeJob = () => ctx.database.db.execute(sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'race' where key = 'reminders:due'`);
    if (first === 'the job') await takeJob();

    let started!: () => void;
    let release!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const a = unitOfWork(ctx.database.db, async (tx) => {
      await (first === 'the planner' ? planner(tx) : job(tx));
      started();
      await released;
    });
    await firstStarted;
    if (first === 'the planner') await takeJob();
    if (first === 'the planner') {
      // The job does not wait for the planner in flight (it could be waiting for rows the job holds):
      // it runs again within a second, and then, no planner in flight, sees the planned reminder.
      const before = Date.now();
      await unitOfWork(ctx.database.db, job);
      const [again] = await waitingJob();
      expect(again).toBeGreaterThanOrEqual(before - 5_000);
      expect(again).toBeLessThanOrEqual(Date.now() + 1_000);
      release();
      await a;
      await ctx.database.db.execute(sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'race' where key = 'reminders:due'`);
      await unitOfWork(ctx.database.db, job);
    } else {
      const b = unitOfWork(ctx.database.db, planner);
      // The planner waits on reminders:due's advisory lock the job holds.
      await expect.poll(waitingForLocks, { timeout: 10_000 }).toBeGreaterThan(0);
      release();
      await Promise.all([a, b]);
    }
    expect(await waitingJob()).toEqual([new Date(due).getTime()]);
  });
});
