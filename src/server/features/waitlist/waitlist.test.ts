import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsDone } from '../../jobs/jobs-test-support.js';
import { changesFollowed, clockOf, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, type Client, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';

// The waitlist (DESIGN section 11) through the real app and its job runner: join rules, freed time
// offered oldest first as a hold nobody else can book, claim, claim after the hold, the lapse passing
// it on, leaving, and a release that counts on time when claimed and late when not.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

interface Entry {
  id: number;
  status: string;
  offer: { appointmentId: number; date: string; time: string; expiresAt: string } | null;
  appointmentId: number | null;
}
const myWaitlist = async (c: Client) => (await c.get('/api/waitlist')).json() as Entry[];
const entry = async (c: Client, id: number) => (await myWaitlist(c)).find((e) => e.id === id)!;

/** A shop whose 09:00-10:00 on `date` is full (two 30-minute visits, by two customers). */
async function fullMorning() {
  const shop = await serviceBusiness(ctx.app);
  const date = upcomingWeekday(2);
  const [a, b] = [await signUp(ctx.app), await signUp(ctx.app)];
  const first = await book(a, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' });
  const second = await book(b, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:30' });
  expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
  return { ...shop, date, a, b, first: first.json().id as number, second: second.json().id as number };
}

const join = (c: Client, shop: { businessId: number; serviceId: number; date: string }, window = { fromTime: '09:00', toTime: '10:00' }) =>
  c.post('/api/waitlist', { businessId: shop.businessId, serviceId: shop.serviceId, date: shop.date, ...window });

/** Runs a scheduled job now (a hold's lapse, a release's start) by its key, with the app's clock at `at`. */
async function runJobNow(key: string, at: string) {
  clockOf(ctx.app).advanceTo(at);
  await queryRows(ctx.database, `update graphile_worker._private_jobs set run_at = now() where key = '${key}'`);
  await jobsDone(ctx.database, ['waitlist_hold_lapse', 'waitlist_release_due']);
  await changesFollowed(ctx.database);
}

const after = (iso: string, seconds = 1) => new Date(new Date(iso).getTime() + seconds * 1000).toISOString();

describe('joining the waitlist', () => {
  it('takes one active entry per customer, business and date, and refuses bad windows with the reason', async () => {
    const shop = await fullMorning();
    const w = await signUp(ctx.app);
    const joined = await join(w, shop);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ status: 'waiting', offer: null, date: shop.date, fromTime: '09:00', toTime: '10:00' });
    const again = await join(w, shop, { fromTime: '09:00', toTime: '09:30' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already on the waitlist/);

    const bad = await join(await signUp(ctx.app), shop, { fromTime: '10:00', toTime: '09:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Until must be after From/);
    expect((await join(await signUp(ctx.app), shop, { fromTime: '9', toTime: '10:00' })).statusCode).toBe(400);
    const past = await join(await signUp(ctx.app), { ...shop, date: '2020-01-06' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/already passed/);
    // A window with a free time now is booked, not waited for.
    const free = await join(await signUp(ctx.app), shop, { fromTime: '10:00', toTime: '12:00' });
    expect(free.statusCode).toBe(409);
    expect(free.json().message).toMatch(/10:00 is free/);
    expect((await join(shop.owner, shop)).statusCode).toBe(403);
    const anonymous = { businessId: shop.businessId, serviceId: shop.serviceId, date: shop.date, fromTime: '09:00', toTime: '10:00' };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/waitlist', payload: anonymous })).statusCode).toBe(401);

    // Left, the entry no longer counts: the customer may join that day again.
    expect((await w.delete(`/api/waitlist/${joined.json().id}`)).statusCode).toBe(204);
    expect((await entry(w, joined.json().id)).status).toBe('cancelled');
    expect((await join(w, shop)).statusCode).toBe(201);
  });
});

describe('a freed slot', () => {
  it('is held for the oldest matching entry, nobody else can book it, and the claim makes it a booking', async () => {
    const shop = await fullMorning();
    const [w1, w2, w3] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const late = await join(w3, shop, { fromTime: '09:30', toTime: '10:00' }); // fits only 09:30
    const e1 = (await join(w1, shop)).json().id as number;
    const e2 = (await join(w2, shop)).json().id as number;
    expect(late.statusCode).toBe(201);

    expect((await shop.a.patch(`/api/appointments/${shop.first}`, { status: 'cancelled' })).statusCode).toBe(200);
    const offered = await entry(w1, e1);
    expect(offered.status).toBe('offered');
    expect(offered.offer).toMatchObject({ date: shop.date, time: '09:00' });
    // 10 minutes (the start is days away)
    expect(new Date(offered.offer!.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect((await entry(w2, e2)).status).toBe('waiting');
    expect((await entry(w3, late.json().id)).status).toBe('waiting');

    // The held slot: taken for everyone else, and not in the day's free times.
    const other = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, date: shop.date, time: '09:00' });
    expect(other.statusCode).toBe(409);
    const slots = (await w2.get(`/api/businesses/${shop.businessId}/available-slots?date=${shop.date}&serviceId=${shop.serviceId}`)).json();
    expect(JSON.stringify(slots)).not.toContain('"09:00"');

    // In My Appointments as held, with its end; told in the bell and by e-mail.
    const mine = (await w1.get('/api/appointments')).json() as { id: number; status: string; heldUntil: string | null }[];
    expect(mine.find((x) => x.id === offered.offer!.appointmentId)).toMatchObject({ status: 'held', heldUntil: offered.offer!.expiresAt });
    const bell = (await w1.get('/api/notifications')).json().notifications as { kind: string; appointmentId: number }[];
    expect(bell[0]).toMatchObject({ kind: 'waitlist_offered', appointmentId: offered.offer!.appointmentId });
    const mail = await queryRows<{ kind: string; subject: string }>(ctx.database, `select kind, subject from email_outbox where appointment_id = ${offered.offer!.appointmentId}`);
    expect(mail).toEqual([expect.objectContaining({ kind: 'waitlist_offer', subject: expect.stringMatching(/^A time opened: Checkup at Shop/) })]);
    // Not a booking yet: no booking credit, no queue entry.
    expect(await queryRows(ctx.database, `select 1 from ledger_transfers where appointment_id = ${offered.offer!.appointmentId}`)).toEqual([]);
    expect(await queryRows(ctx.database, `select 1 from queue_entries where appointment_id = ${offered.offer!.appointmentId}`)).toEqual([]);

    // Someone else's entry cannot be claimed.
    expect((await w2.post(`/api/waitlist/${e1}/claim`)).statusCode).toBe(403);
    const claimed = await w1.post(`/api/waitlist/${e1}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ status: 'claimed', offer: null, appointmentId: offered.offer!.appointmentId });
    const booking = (await w1.get('/api/appointments')).json().find((x: { id: number }) => x.id === offered.offer!.appointmentId);
    expect(booking).toMatchObject({ status: 'confirmed', time: '09:00', heldUntil: null });
    expect(await queryRows(ctx.database, `select 1 from queue_entries where appointment_id = ${offered.offer!.appointmentId}`)).toHaveLength(1);
    expect((await w1.post(`/api/waitlist/${e1}/claim`)).json().message).toMatch(/already claimed/);
  });

  it('refuses a claim after the hold with a clear message, and the lapse passes it to the next entry', async () => {
    const shop = await fullMorning();
    const [w1, w2] = [await signUp(ctx.app), await signUp(ctx.app)];
    const e1 = (await join(w1, shop)).json().id as number;
    const e2 = (await join(w2, shop)).json().id as number;
    await shop.b.patch(`/api/appointments/${shop.second}`, { status: 'cancelled' });
    const offer = (await entry(w1, e1)).offer!;
    expect(offer.time).toBe('09:30');

    clockOf(ctx.app).advanceTo(after(offer.expiresAt));
    const late = await w1.post(`/api/waitlist/${e1}/claim`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/held for you until \d\d:\d\d .*passed to the next person/);

    await runJobNow(`waitlist:hold:${offer.appointmentId}`, after(offer.expiresAt));
    expect((await entry(w1, e1)).status).toBe('expired');
    expect((await w1.post(`/api/waitlist/${e1}/claim`)).json().message).toMatch(/not claimed in time/);
    const next = await entry(w2, e2);
    expect(next).toMatchObject({ status: 'offered', offer: { time: '09:30' } });
    expect(next.offer!.appointmentId).not.toBe(offer.appointmentId);
    // The lapsed hold is nobody's appointment.
    const mine = (await w1.get('/api/appointments')).json() as { id: number }[];
    expect(mine.map((x) => x.id)).not.toContain(offer.appointmentId);
    expect((await w1.get('/api/notifications')).json().notifications[0].kind).toBe('waitlist_expired');
    expect((await w2.post(`/api/waitlist/${e2}/claim`)).statusCode).toBe(200);
  });

  it('passes on at once when the offered customer leaves the waitlist', async () => {
    const shop = await fullMorning();
    const [w1, w2] = [await signUp(ctx.app), await signUp(ctx.app)];
    const e1 = (await join(w1, shop)).json().id as number;
    const e2 = (await join(w2, shop)).json().id as number;
    await shop.a.patch(`/api/appointments/${shop.first}`, { status: 'cancelled' });
    expect((await entry(w1, e1)).status).toBe('offered');
    expect((await w1.delete(`/api/waitlist/${e1}`)).statusCode).toBe(204);
    expect((await entry(w1, e1)).status).toBe('cancelled');
    expect((await entry(w2, e2)).status).toBe('offered');
    expect((await w1.delete(`/api/waitlist/${e1}`)).statusCode).toBe(409);
  });

  it('follows a move away from the window', async () => {
    const shop = await fullMorning();
    const w = await signUp(ctx.app);
    const e = (await join(w, shop)).json().id as number;
    const moved = await shop.a.patch(`/api/appointments/${shop.first}`, { date: shop.date, time: '14:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await entry(w, e)).offer).toMatchObject({ time: '09:00' });
  });

  it('gets no reminders while held; its claim (the change booked) plans them', async () => {
    const shop = await fullMorning();
    const w = await signUp(ctx.app);
    const e = (await join(w, shop)).json().id as number;
    await shop.a.patch(`/api/appointments/${shop.first}`, { status: 'cancelled' });
    const held = (await entry(w, e)).offer!.appointmentId;
    await changesFollowed(ctx.database);
    const reminders = () => queryRows<{ status: string }>(ctx.database, `select status from reminders where appointment_id = ${held} order by offset_minutes`);
    expect(await reminders()).toEqual([]);
    expect((await w.post(`/api/waitlist/${e}/claim`)).statusCode).toBe(200);
    await changesFollowed(ctx.database);
    // The default rules: 2 h and 24 h before (the start is days away, so both are planned).
    expect(await reminders()).toEqual([{ status: 'planned' }, { status: 'planned' }]);
  });
});

describe('how long a hold lasts', () => {
  it('is 10 minutes, or 5 when the start is under 2 hours away (RULES.waitlistHoldMinutes, waitlistHoldNearMinutes)', async () => {
    const shop = await fullMorning();
    const c = await signUp(ctx.app);
    const holdAt = async (localNow: string, from: string) => {
      const [row] = await queryRows<{ hold: { heldUntil: string; time: string } }>(ctx.database,
        `select que_appointment_hold(${c.user.id}, ${shop.businessId}, ${shop.serviceId}, '${shop.date}', '${from}', '17:00', 1, NULL, 365,
                (timestamp '${shop.date} ${localNow}' at time zone 'America/New_York')) as hold`);
      const now = (await queryRows<{ at: Date }>(ctx.database, `select (timestamp '${shop.date} ${localNow}' at time zone 'America/New_York') as at`))[0].at;
      return { ...row.hold, minutes: (new Date(row.hold.heldUntil).getTime() - new Date(now).getTime()) / 60_000 };
    };
    // 10:00 is free: held from 08:30 (90 minutes before) for 5 minutes; 14:00 from 11:00 (3 hours before) for 10.
    expect(await holdAt('08:30', '10:00')).toMatchObject({ time: '10:00', minutes: 5 });
    expect(await holdAt('11:00', '14:00')).toMatchObject({ time: '14:00', minutes: 10 });
  });
});

describe('release to the waitlist', () => {
  async function insideCutoff() {
    const shop = await fullMorning();
    // a week's cut-off: the bookings two days ahead are inside it
    expect((await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { cancelCutoffMinutes: 10_080 } })).statusCode).toBe(200);
    const c = await signUp(ctx.app);
    const booked = await book(c, { businessId: shop.businessId, serviceId: shop.serviceId, date: shop.date, time: '10:00' });
    expect(booked.statusCode).toBe(201);
    return { ...shop, c, id: booked.json().id as number };
  }
  // The change fees follow (a deposit kept or refunded, a late-cancel fee): recorded once, when decided.
  const settled = async (id: number) =>
    (await queryRows<{ data: { outcome: string } }>(ctx.database, `select data from changes where kind = 'release_settled' and appointment_id = ${id}`)).map((r) => r.data);
  const outcome = async (id: number) =>
    (await queryRows<{ release_outcome: string | null }>(ctx.database, `select release_outcome from appointments where id = ${id}`))[0].release_outcome;

  it('counts the cancellation on time when a waiter claims the slot', async () => {
    const shop = await insideCutoff();
    expect((await shop.c.patch(`/api/appointments/${shop.id}`, { status: 'cancelled' })).statusCode).toBe(409);
    const w = await signUp(ctx.app);
    const e = (await join(w, shop, { fromTime: '10:00', toTime: '10:30' })).json();
    expect(e.status).toBe('waiting');
    const released = await shop.c.post(`/api/appointments/${shop.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().status).toBe('cancelled');
    expect(await outcome(shop.id)).toBe('pending');
    expect((await entry(w, e.id)).offer).toMatchObject({ time: '10:00' });
    expect((await w.post(`/api/waitlist/${e.id}/claim`)).statusCode).toBe(200);
    expect(await outcome(shop.id)).toBe('on_time');
    expect(await settled(shop.id)).toEqual([{ outcome: 'on_time' }]);
    // Its start passing changes nothing now.
    await runJobNow(`waitlist:release:${shop.id}`, new Date().toISOString());
    expect(await outcome(shop.id)).toBe('on_time');
  });

  it('counts it late when nobody claims the slot before the start, and is refused outside the cut-off or for others', async () => {
    const shop = await insideCutoff();
    expect((await shop.a.post(`/api/appointments/${shop.id}/release`)).statusCode).toBe(403);
    expect((await shop.c.post(`/api/appointments/${shop.id}/release`)).statusCode).toBe(200);
    expect((await shop.c.post(`/api/appointments/${shop.id}/release`)).statusCode).toBe(409);
    await runJobNow(`waitlist:release:${shop.id}`, new Date().toISOString());
    expect(await outcome(shop.id)).toBe('late');
    expect(await settled(shop.id)).toEqual([{ outcome: 'late' }]);

    const free = await fullMorning();
    const early = await free.a.post(`/api/appointments/${free.first}/release`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/cancelled free of charge/);
  });
});
