import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueEntry } from '../../../contract/live.js';
import { LIVE_CHANNEL, type LiveEvent } from '../../live-events.js';
import { changesFollowed, completeVisit, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { instantOf } from '../../time/business-time.js';
import { book, type Client, serviceBusiness, TIME_ZONE, upcomingWeekday } from '../appointments/test-fixtures.js';
import { cardOffer, swapParties } from '../offers/test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

type Shop = Awaited<ReturnType<typeof serviceBusiness>>;

const slotQueue = async (client: Client | null, shop: Shop, date: string) => {
  const url = `/api/queue/${shop.businessId}/${shop.serviceId}/${date}/10:00`;
  // A new booking joins the queue when its change is followed (issue 28): a client's GET waits for
  // that (test-app.ts), an anonymous one here too.
  if (!client) await changesFollowed(ctx.database);
  return (client ? client.get(url) : ctx.app.inject({ method: 'GET', url })).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as QueueEntry[];
  });
};

/** Minutes from now until a wall clock of the shop (the future days here have no delay yet). */
const minutesUntil = (date: string, time: string) => Math.ceil((Number(instantOf(date, time, TIME_ZONE)!.epochMilliseconds) - Date.now()) / 60_000);

function expectLine(entries: QueueEntry[], line: { time: string; position: number }[], date: string) {
  expect(entries.map((e) => ({ time: e.time, position: e.queuePosition }))).toEqual(line);
  for (const e of entries) expect(Math.abs(e.estimatedWaitMinutes! - minutesUntil(date, e.time))).toBeLessThanOrEqual(1);
}

async function bookAt(client: Client, shop: Shop, date: string, time: string) {
  const res = await book(client, { businessId: shop.businessId, serviceId: shop.serviceId, date, time });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('the queue follows appointments', () => {
  it('ranks bookings by start time and re-ranks after a reschedule, a cancellation, a call and a completion', async () => {
    const shop = await serviceBusiness(ctx.app);
    const [ann, ben, cal] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const date = upcomingWeekday();
    const benId = await bookAt(ben, shop, date, '11:00');
    const annId = await bookAt(ann, shop, date, '10:00');
    const calId = await bookAt(cal, shop, date, '12:00');
    expectLine(await slotQueue(ann, shop, date), [{ time: '10:00', position: 1 }, { time: '11:00', position: 2 }, { time: '12:00', position: 3 }], date);

    // Cal moves ahead of everyone.
    expect((await cal.patch(`/api/appointments/${calId}`, { date, time: '09:00' })).statusCode).toBe(200);
    const line = await slotQueue(ann, shop, date);
    expectLine(line, [{ time: '09:00', position: 1 }, { time: '10:00', position: 2 }, { time: '11:00', position: 3 }], date);
    expect(line.map((e) => e.isMine)).toEqual([false, true, false]);

    // Ben cancels: gone from the line, cancelled in his own view.
    expect((await ben.patch(`/api/appointments/${benId}`, { status: 'cancelled' })).statusCode).toBe(200);
    expectLine(await slotQueue(ann, shop, date), [{ time: '09:00', position: 1 }, { time: '10:00', position: 2 }], date);
    const bens = (await ben.get(`/api/queue/customer/${ben.user.id}`)).json() as QueueEntry[];
    expect(bens).toMatchObject([{ appointmentId: benId, status: 'cancelled', queuePosition: null, estimatedWaitMinutes: null, isMine: true }]);

    // The owner calls Cal, who is told; calling again is a conflict.
    const calEntry = line[0];
    const called = await shop.owner.post(`/api/queue/${calEntry.id}/call`);
    expect(called.statusCode, called.body).toBe(200);
    expect(called.json()).toMatchObject({ id: calEntry.id, status: 'called', queuePosition: 1, customerId: cal.user.id });
    const again = await shop.owner.post(`/api/queue/${calEntry.id}/call`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_STATE');
    const told = await queryRows<{ kind: string; title: string; link: string; appointment_id: number }>(
      ctx.database,
      `select kind, title, link, appointment_id from notifications where user_id = ${cal.user.id} and kind = 'called'`,
    );
    expect(told).toEqual([{ kind: 'called', title: "It's your turn", link: '/queue-dashboard', appointment_id: calId }]);

    // Completing Cal serves the entry: Ann is next.
    expect((await completeVisit(shop.owner, calId)).statusCode).toBe(200);
    expectLine(await slotQueue(ann, shop, date), [{ time: '10:00', position: 1 }], date);
    const cals = (await cal.get(`/api/queue/customer/${cal.user.id}`)).json() as QueueEntry[];
    expect(cals).toMatchObject([{ status: 'served', queuePosition: null, time: '09:00' }]);
    expect((await ann.get(`/api/queue/customer/${ann.user.id}`)).json()).toMatchObject([{ appointmentId: annId, status: 'waiting', queuePosition: 1 }]);
  });

  it('a swap through an accepted offer trades the two entries’ places', async () => {
    const p = await swapParties(ctx.app);
    const offer = await cardOffer(p);
    expect(offer.statusCode, offer.body).toBe(201);
    const before = await slotQueue(p.payer, p, p.date);
    expect(before.map((e) => [e.time, e.queuePosition, e.isMine])).toEqual([['09:00', 1, false], ['15:00', 2, true]]);
    const accepted = await p.payee.post(`/api/queue-jump-offers/${offer.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await slotQueue(p.payer, p, p.date);
    expect(after.map((e) => [e.time, e.queuePosition, e.isMine])).toEqual([['09:00', 1, true], ['15:00', 2, false]]);
    expectLine(after, [{ time: '09:00', position: 1 }, { time: '15:00', position: 2 }], p.date);
  });

  it('shows others’ rows without personal data; the owner sees whose they are; the owner’s day is theirs alone', async () => {
    const shop = await serviceBusiness(ctx.app);
    const [ann, ben] = [await signUp(ctx.app), await signUp(ctx.app)];
    const date = upcomingWeekday();
    await bookAt(ann, shop, date, '10:00');
    await bookAt(ben, shop, date, '11:00');
    for (const viewer of [null, await signUp(ctx.app)]) {
      const line = await slotQueue(viewer, shop, date);
      expect(line.map((e) => [e.customerId, e.appointmentId, e.isMine, e.customerName])).toEqual([[null, null, false, null], [null, null, false, null]]);
    }
    // The customer's own views carry no name either; the owner calls people by the name they booked under.
    expect((await slotQueue(ann, shop, date)).map((e) => [e.customerId, e.customerName])).toEqual([[ann.user.id, null], [null, null]]);
    expect((await ann.get(`/api/queue/customer/${ann.user.id}`)).json().map((e: QueueEntry) => e.customerName)).toEqual([null]);
    expect((await slotQueue(shop.owner, shop, date)).map((e) => [e.customerId, e.customerName])).toEqual([[ann.user.id, 'Pat Doe'], [ben.user.id, 'Pat Doe']]);
    // Another service of the shop has its own slot view.
    expect((await ann.get(`/api/queue/${shop.businessId}/${shop.serviceId + 1000}/${date}/10:00`)).json()).toEqual([]);

    expect((await ann.get(`/api/queue/customer/${ben.user.id}`)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/queue/customer/${ann.user.id}` })).statusCode).toBe(401);
    expect((await ann.get(`/api/queue/business/${shop.businessId}/today`)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/queue/business/${shop.businessId}/today` })).statusCode).toBe(401);
    expect((await shop.owner.get(`/api/queue/business/${shop.businessId}/today`)).json()).toEqual([]);
    const entryId = (await slotQueue(ann, shop, date))[0].id;
    expect((await ann.post(`/api/queue/${entryId}/call`)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/queue/${entryId}/call`, payload: {} })).statusCode).toBe(401);
    expect((await shop.owner.post('/api/queue/999999/call')).statusCode).toBe(404);
    expect((await ann.get('/api/queue/customer/abc')).statusCode).toBe(400);
    expect((await ann.get(`/api/queue/${shop.businessId}/${shop.serviceId}/2026-02-30/10:00`)).statusCode).toBe(400);
  });
});

describe('live events', () => {
  it('are published with pg_notify only when the change commits', async () => {
    const events: LiveEvent[] = [];
    const stop = await ctx.database.listen(LIVE_CHANNEL, (payload) => events.push(JSON.parse(payload) as LiveEvent));
    try {
      const shop = await serviceBusiness(ctx.app);
      const ann = await signUp(ctx.app);
      const date = upcomingWeekday();
      const annId = await bookAt(ann, shop, date, '10:00');
      const entry = (await slotQueue(ann, shop, date))[0];
      const ours = () => events.filter((e) => e.businessId === shop.businessId);
      await expect.poll(ours).toHaveLength(1);
      expect(ours()[0]).toEqual({ type: 'queue_update', userIds: [ann.user.id, shop.owner.user.id], businessId: shop.businessId, date, queueEntryId: entry.id, line: { from: null, to: '10:00' } });

      expect((await shop.owner.post(`/api/queue/${entry.id}/call`)).statusCode).toBe(200);
      await expect.poll(() => ours().filter((e) => e.type === 'queue_status_update')).toHaveLength(1);
      expect(events.some((e) => e.type === 'notification' && e.userIds[0] === ann.user.id)).toBe(true);

      // A change that rolls back publishes nothing.
      const count = ours().length;
      const [appointment] = await queryRows<{ id: number }>(ctx.database, `select id from appointments where id = ${annId}`);
      await expect(
        ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`select que_appointment_cancel(${ann.user.id}::int, ${appointment.id}::int)`);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect((await ann.patch(`/api/appointments/${annId}`, { status: 'cancelled' })).statusCode).toBe(200);
      // A marker notified after the cancel is heard after anything committed before it: then nothing
      // from the rolled-back change (or a second copy of the cancel's) can still be on its way.
      await queryRows(ctx.database, `select pg_notify('${LIVE_CHANNEL}', '${JSON.stringify({ type: 'marker', businessId: -1 })}')`);
      await expect.poll(() => events.some((e) => e.businessId === -1)).toBe(true);
      expect(ours().slice(count)).toEqual([{ type: 'queue_status_update', userIds: [ann.user.id, shop.owner.user.id], businessId: shop.businessId, date, queueEntryId: entry.id, line: { from: '10:00', to: null } }]);
    } finally {
      await stop();
    }
  });
});
