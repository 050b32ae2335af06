import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../../contract/rules.js';
import type { Database } from '../../db/client.js';
import { createTestDatabase, queryRows } from '../../test/test-app.js';
import type { PaymentProcessor } from './payment-processor.js';
import { paymentJobs, STRIPE_EVENTS_PURGE_JOB } from './payment-jobs.js';

// Stripe webhook events are kept by id so a redelivery does nothing (sql/stripe-events.sql). The hourly
// purge removes handled events older than RULES.stripeEventRetentionDays, and never one not yet handled.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop());

let counter = 0;
/** An event received `daysAgo` days before now, handled or not (no job: this test runs the purge alone). */
async function event(daysAgo: number, handled: boolean): Promise<string> {
  const id = `evt_retention_${++counter}`;
  await queryRows(database, `insert into stripe_events (id, type, payload, received_at, handled_at)
    values ('${id}', 'payment_intent.succeeded', '{}', now() - interval '${daysAgo} days', ${handled ? `now() - interval '${daysAgo} days'` : 'null'})`);
  return id;
}

const left = async (ids: string[]) =>
  (await queryRows<{ id: string }>(database, `select id from stripe_events where id in (${ids.map((id) => `'${id}'`).join(', ')}) order by id`)).map((r) => r.id);

describe('the Stripe events retention', () => {
  it('is a recurring job of the one queue, hourly, beside the release of unclaimed card holds', () => {
    const feature = paymentJobs(database.db, {} as PaymentProcessor);
    expect(feature.recurring).toContainEqual({ task: STRIPE_EVENTS_PURGE_JOB, match: '41 * * * *' });
    expect(Object.keys(feature.tasks)).toContain(STRIPE_EVENTS_PURGE_JOB);
  });

  it('purges handled events older than the retention, and never one not yet handled', async () => {
    const past = RULES.stripeEventRetentionDays + 1;
    const oldHandled = await event(past, true);
    const oldWaiting = await event(past + 30, false);
    const recentHandled = await event(RULES.stripeEventRetentionDays - 1, true);
    const recentWaiting = await event(0, false);
    const all = [oldHandled, oldWaiting, recentHandled, recentWaiting];
    const purge = paymentJobs(database.db, {} as PaymentProcessor).tasks[STRIPE_EVENTS_PURGE_JOB] as (payload: unknown, helpers: JobHelpers) => Promise<void>;
    await purge({}, {} as JobHelpers);
    expect(await left(all)).toEqual([oldWaiting, recentHandled, recentWaiting].sort());

    // Once its job has handled it, the old event goes at the next run; a second run changes nothing more.
    await queryRows(database, `update stripe_events set handled_at = now() where id = '${oldWaiting}'`);
    await purge({}, {} as JobHelpers);
    await purge({}, {} as JobHelpers);
    expect(await left(all)).toEqual([recentHandled, recentWaiting].sort());
  });
});
