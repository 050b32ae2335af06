import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { LIVE_CHANNEL } from '../../live-events.js';
import { book, serviceBusiness, upcomingWeekday } from './test-fixtures.js';

// A booking's commit takes no notify lock; its live events go out after it commits, from its follow job.
let ctx: TestContext;
let heard: { type: string; queueEntryId?: number; notificationId?: number }[] = [];
let stop: () => Promise<void>;
beforeAll(async () => {
  ctx = await createTestApp();
  stop = await ctx.database.listen(LIVE_CHANNEL, (payload) => heard.push(JSON.parse(payload) as (typeof heard)[number]));
});
afterAll(async () => {
  await stop();
  await ctx.close();
});

/**
 * Everything published on the channel before this call: a marker notified now is delivered after every
 * notification committed before it (one listening connection hears them in commit order), so once the
 * marker is heard nothing sent earlier is still on its way. Waits for that signal, not a fixed time.
 */
async function heardSoFar() {
  const marker = `marker-${Math.random()}`;
  await queryRows(ctx.database, `select pg_notify('${LIVE_CHANNEL}', '${JSON.stringify({ type: marker })}')`);
  await expect.poll(() => heard.some((e) => e.type === marker), { timeout: 10_000 }).toBe(true);
  return heard.filter((e) => !e.type.startsWith('marker-'));
}

describe('a booking’s live events', () => {
  it('are published once it has committed: the queue entry, then the customer’s notification', async () => {
    const { businessId, serviceId } = await serviceBusiness(ctx.app);
    const alice = await signUp(ctx.app);
    heard = [];
    const res = await book(alice, { businessId, serviceId, date: upcomingWeekday(), time: '11:00' });
    expect(res.statusCode).toBe(201);
    // The notification is the booking change's follow-up (decision 0029), pushed once its job committed.
    await expect.poll(() => heard.some((e) => e.type === 'notification'), { timeout: 10_000 }).toBe(true);
    const events = await heardSoFar();
    const [entry] = await queryRows<{ id: number }>(ctx.database, `select id from queue_entries where appointment_id = ${res.json().id}`);
    const [note] = await queryRows<{ id: number }>(ctx.database, `select id from notifications where appointment_id = ${res.json().id}`);
    expect(events).toMatchObject([
      { type: 'queue_update', queueEntryId: entry.id },
      { type: 'notification', notificationId: note.id },
    ]);
  });

  it('are none of the booking call itself: its queue entry and notification follow the change', async () => {
    const { businessId, serviceId } = await serviceBusiness(ctx.app);
    const bob = await signUp(ctx.app);
    heard = [];
    const [row] = await queryRows<{ booked: { appointment: { id: number }; events: { type: string }[] } }>(
      ctx.database,
      `select que_book_returning_events(${bob.user.id}, ${businessId}, ${serviceId}, '${upcomingWeekday()}', '12:00', null, '', false, 'Bob', 'bob@example.com',
         '555', null, null, null, 365, null, null, null) as booked`,
    );
    // Issue 28: the booking's transaction writes no queue entry and returns no push; the queue and the
    // notices follow its change (decision 0029), pushed by its job once that has committed, in that order.
    expect(row.booked.events).toEqual([]);
    await expect.poll(() => heard.map((e) => e.type), { timeout: 10_000 }).toEqual(['queue_update', 'notification']);
    const [entry] = await queryRows<{ id: number; status: string }>(ctx.database, `select id, status from queue_entries where appointment_id = ${row.booked.appointment.id}`);
    expect(entry.status).toBe('waiting');
    expect(await heardSoFar()).toMatchObject([{ type: 'queue_update', queueEntryId: entry.id }, { type: 'notification' }]);
  });
});
