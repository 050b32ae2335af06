import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueEntry, ServerMessage } from '../../../contract/live.js';
import { changesFollowed, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { todayIn } from '../../time/business-time.js';
import { book, type Client, restaurant, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { everythingDelivered, LiveClient, portOf, sessionHeaders } from '../live/live-test-support.js';

// DESIGN section 9: at a shop of several staff members each member serves their own line, so a
// queue entry's position and wait count only the same member's entries ("2nd in line for Marco"),
// Call next may call the next customer of one member, and a change moves only that member's line.

let ctx: TestContext;
let port: number;
const sockets: LiveClient[] = [];
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = portOf(ctx.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx?.close();
});

type Shop = Awaited<ReturnType<typeof serviceBusiness>>;

/** A shop whose first member (made with the business) is renamed Marco, with Anna and Tom added. */
async function threeMemberShop(fields: { timeZone?: string } = {}) {
  const shop = await serviceBusiness(ctx.app, {}, fields);
  const [first] = await queryRows<{ id: number }>(ctx.database, `update staff_members set name = 'Marco' where business_id = ${shop.businessId} returning id`);
  const added = await queryRows<{ id: number; name: string }>(
    ctx.database,
    `insert into staff_members (business_id, name, position) values (${shop.businessId}, 'Anna', 2), (${shop.businessId}, 'Tom', 3) returning id, name`,
  );
  return { ...shop, marco: first.id, anna: added.find((m) => m.name === 'Anna')!.id, tom: added.find((m) => m.name === 'Tom')!.id };
}

async function bookWith(shop: Shop, staffId: number, date: string, time: string) {
  const customer = await signUp(ctx.app);
  const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time, staffId });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().staffId).toBe(staffId);
  return { customer, appointmentId: res.json().id as number };
}

const ownEntry = async (client: Client) => {
  const res = await client.get(`/api/queue/customer/${client.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as QueueEntry[])[0];
};

const slotQueue = async (shop: Shop, date: string, viewer: Client) =>
  (await viewer.get(`/api/queue/${shop.businessId}/${shop.serviceId}/${date}/10:00`)).json() as QueueEntry[];

/** Each member's line, as [time, position] pairs, read from the public slot view. */
const lines = (entries: QueueEntry[]) => {
  const byName: Record<string, [string, number | null][]> = {};
  for (const e of entries) (byName[e.staffName ?? '-'] ??= []).push([e.time, e.queuePosition]);
  return byName;
};

describe('a shop of three members', () => {
  it('ranks each entry among its own member’s entries, and names the member', async () => {
    const shop = await threeMemberShop();
    const date = upcomingWeekday(3);
    const marco10 = await bookWith(shop, shop.marco, date, '10:00');
    await bookWith(shop, shop.anna, date, '10:30');
    const marco11 = await bookWith(shop, shop.marco, date, '11:00');
    await bookWith(shop, shop.anna, date, '11:00');
    await bookWith(shop, shop.tom, date, '09:00');
    await bookWith(shop, shop.marco, date, '12:00');

    expect(lines(await slotQueue(shop, date, shop.owner))).toEqual({
      Tom: [['09:00', 1]],
      Marco: [['10:00', 1], ['11:00', 2], ['12:00', 3]],
      Anna: [['10:30', 1], ['11:00', 2]],
    });
    expect(await ownEntry(marco11.customer)).toMatchObject({ staffId: shop.marco, staffName: 'Marco', staffCount: 3, queuePosition: 2, isMine: true });
    // The wait is counted from the member's own line: on a future day, the minutes until the start.
    const wait = (await ownEntry(marco11.customer)).estimatedWaitMinutes!;
    expect((await ownEntry(marco10.customer)).estimatedWaitMinutes!).toBeLessThan(wait);

    // Marco's 10:00 cancels: Marco's line moves up, Anna's and Tom's do not.
    expect((await marco10.customer.patch(`/api/appointments/${marco10.appointmentId}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect(lines(await slotQueue(shop, date, shop.owner))).toEqual({
      Tom: [['09:00', 1]],
      Marco: [['11:00', 1], ['12:00', 2]],
      Anna: [['10:30', 1], ['11:00', 2]],
    });
  });

  it('pushes a booking or a cancellation to the entries of that member’s line only', async () => {
    const shop = await threeMemberShop();
    const date = upcomingWeekday(4);
    const marco10 = await bookWith(shop, shop.marco, date, '10:00');
    const marco11 = await bookWith(shop, shop.marco, date, '11:00');
    const anna11 = await bookWith(shop, shop.anna, date, '11:00');
    const anna12 = await bookWith(shop, shop.anna, date, '12:00');
    const [m11, a11, a12] = [await ownEntry(marco11.customer), await ownEntry(anna11.customer), await ownEntry(anna12.customer)];

    const board = await LiveClient.open(port, sessionHeaders(shop.owner));
    sockets.push(board);
    await board.subscribe({ businessId: shop.businessId, date });
    type Pushed = Extract<ServerMessage, { type: 'queue_update' | 'queue_status_update' }>;
    const pushedSince = (from: number) =>
      board.messages.slice(from).filter((m): m is Pushed => m.type === 'queue_update' || m.type === 'queue_status_update').map((m) => m.queueEntry);
    const settle = async (from: number, ids: number[]) => {
      await expect.poll(() => new Set(pushedSince(from).map((e) => e.id)), { timeout: 2_000 }).toEqual(new Set(ids));
      await everythingDelivered(ctx.database, board, shop.owner.user.id);
      return pushedSince(from);
    };

    // Anna gets a 10:30: her 11:00 and 12:00 move back; Marco's line is not touched.
    let from = board.messages.length;
    const anna1030 = await bookWith(shop, shop.anna, date, '10:30');
    const newEntry = await ownEntry(anna1030.customer);
    const afterBooking = await settle(from, [newEntry.id, a11.id, a12.id]);
    expect(afterBooking.find((e) => e.id === a11.id)).toMatchObject({ queuePosition: 2, staffName: 'Anna' });
    expect(afterBooking.find((e) => e.id === a12.id)).toMatchObject({ queuePosition: 3 });

    // Marco's 10:00 cancels: only Marco's 11:00 moves up.
    from = board.messages.length;
    expect((await marco10.customer.patch(`/api/appointments/${marco10.appointmentId}`, { status: 'cancelled' })).statusCode).toBe(200);
    const m10 = (await marco10.customer.get(`/api/queue/customer/${marco10.customer.user.id}`)).json()[0] as QueueEntry;
    const afterCancel = await settle(from, [m10.id, m11.id]);
    expect(afterCancel.find((e) => e.id === m11.id)).toMatchObject({ queuePosition: 1, staffName: 'Marco' });
    expect(await ownEntry(anna11.customer)).toMatchObject({ queuePosition: 2 });
  });

  it('keeps one line at a one-member shop and at a restaurant, with no member named for a table', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingWeekday(3);
    const [ann, ben] = [await signUp(ctx.app), await signUp(ctx.app)];
    expect((await book(ann, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' })).statusCode).toBe(201);
    expect((await book(ben, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '11:00' })).statusCode).toBe(201);
    expect(await ownEntry(ben)).toMatchObject({ queuePosition: 2, staffName: shop.businessName, staffCount: 1 });

    const dining = await restaurant(ctx.app);
    const guest = await signUp(ctx.app);
    const reserved = await book(guest, { businessId: dining.businessId, serviceId: dining.serviceId, date, time: '18:00', partySize: 2 });
    expect(reserved.statusCode, reserved.body).toBe(201);
    expect(await ownEntry(guest)).toMatchObject({ queuePosition: 1, staffId: null, staffName: null, staffCount: 0 });
  });
});

// Today's line needs free times later today: a shop open all day, in a zone where it is early enough.
const ZONES = ['Pacific/Kiritimati', 'Asia/Tokyo', 'Asia/Kolkata', 'Europe/London', 'America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu'];
const localHour = (timeZone: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
const earlyZone = () => ZONES.find((zone) => localHour(zone) < 20)!;

describe("the owner's Call next", () => {
  it('calls the next customer of a chosen member, or of the business when none is chosen', async () => {
    const timeZone = earlyZone();
    const shop = await threeMemberShop({ timeZone });
    const hours = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openTime: '00:00', closeTime: '23:30' }));
    expect((await shop.owner.put(`/api/businesses/${shop.businessId}/hours`, { hours })).statusCode).toBe(200);
    const today = todayIn(timeZone);
    const slots = (await shop.owner.get(`/api/available-slots?businessId=${shop.businessId}&serviceId=${shop.serviceId}&date=${today}`)).json() as string[];
    expect(slots.length, `free slots today in ${timeZone}`).toBeGreaterThanOrEqual(3);
    const [t1, t2, t3] = slots.slice(-3);
    const annaFirst = await bookWith(shop, shop.anna, today, t1);
    const marcoFirst = await bookWith(shop, shop.marco, today, t2);
    const marcoSecond = await bookWith(shop, shop.marco, today, t3);
    const callNext = (body?: object) => shop.owner.post(`/api/queue/business/${shop.businessId}/call-next`, body);
    // A booking joins its day's line when its change is followed (issue 28), within a second of its commit.
    await changesFollowed(ctx.database);

    const marcos = await callNext({ staffId: shop.marco });
    expect(marcos.statusCode, marcos.body).toBe(200);
    expect(marcos.json()).toMatchObject({ status: 'called', staffId: shop.marco, staffName: 'Marco', customerId: marcoFirst.customer.user.id, queuePosition: 1 });
    const told = await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from notifications where user_id = ${marcoFirst.customer.user.id} and kind = 'called'`);
    expect(told[0].n).toBe(1);

    // Without a member: the business's first waiting customer, whoever serves them.
    const anyone = await callNext();
    expect(anyone.json()).toMatchObject({ status: 'called', customerId: annaFirst.customer.user.id, staffName: 'Anna' });
    expect((await callNext({ staffId: shop.marco })).json()).toMatchObject({ customerId: marcoSecond.customer.user.id, queuePosition: 2 });

    // Nobody left for Tom, nor anyone at all; the owner's day shows each member's line.
    const none = await callNext({ staffId: shop.tom });
    expect([none.statusCode, none.json().code, none.json().message]).toEqual([409, 'INVALID_STATE', 'Nobody is waiting for this staff member today']);
    expect((await callNext({})).json().message).toBe('Nobody is waiting today');
    const day = (await shop.owner.get(`/api/queue/business/${shop.businessId}/today`)).json() as QueueEntry[];
    expect(day.map((e) => [e.staffName, e.queuePosition, e.status])).toEqual([['Anna', 1, 'called'], ['Marco', 1, 'called'], ['Marco', 2, 'called']]);

    // Refusals name the problem.
    const other = await threeMemberShop();
    expect((await callNext({ staffId: other.marco })).statusCode).toBe(404);
    const bad = await callNext({ staffId: 'marco' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, expect.stringContaining('staffId')]);
    expect((await marcoFirst.customer.post(`/api/queue/business/${shop.businessId}/call-next`, {})).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/queue/business/${shop.businessId}/call-next`, payload: {} })).statusCode).toBe(401);
  });
});
