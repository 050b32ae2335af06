import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesFollowed, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';

// Issue 28: a new booking's queue entry follows its change (que_queue_follow_change), after the
// booking has committed, from the appointment as it is when the change is followed.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

const entryOf = async (appointmentId: number) =>
  (await queryRows<{ status: string; starts: string }>(ctx.database, `select status, to_char(starts_at, 'YYYY-MM-DD HH24:MI') as starts from queue_entries where appointment_id = ${appointmentId}`))[0];
const followBooked = async (appointmentId: number) =>
  (await queryRows<{ events: { type: string }[] }>(ctx.database, `select que_queue_follow_change(c) as events from changes c where c.appointment_id = ${appointmentId} and c.kind = 'booked'`))[0].events;

describe('a new booking joins its day’s queue when its change is followed', () => {
  it('as waiting, once; a booking cancelled before its change was followed joins as cancelled, with no push', async () => {
    const shop = await serviceBusiness(ctx.app);
    const alice = await signUp(ctx.app);
    const date = upcomingWeekday();
    const res = await book(alice, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    await changesFollowed(ctx.database);
    expect(await entryOf(id)).toEqual({ status: 'waiting', starts: `${date} 10:00` });
    // Followed again (a job run twice): the entry stays as it is, nothing pushed.
    expect(await followBooked(id)).toEqual([]);
    expect(await entryOf(id)).toEqual({ status: 'waiting', starts: `${date} 10:00` });

    // As if the cancel had committed before the booking's change was followed: no entry yet.
    const cancel = await alice.patch(`/api/appointments/${id}`, { status: 'cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await changesFollowed(ctx.database);
    await queryRows(ctx.database, `delete from queue_entries where appointment_id = ${id}`);
    expect(await followBooked(id)).toEqual([]);
    expect(await entryOf(id)).toEqual({ status: 'cancelled', starts: `${date} 10:00` });
  });
});
