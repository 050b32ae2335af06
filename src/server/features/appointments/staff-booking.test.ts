import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesFollowed, createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { cardOffer } from '../offers/test-fixtures.js';
import { book, serviceBusiness, upcomingWeekday } from './test-fixtures.js';

// Staff members (DESIGN section 9) in the booking call: slots over members, the "anyone" pick,
// a member asked for by name, and reschedules and swaps that keep or trade members. Members are
// added straight into the table here (the owner's routes have their own tests in features/staff).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A shop (Mon-Fri 09:00-17:00, 30-minute service) whose first member is renamed Marco, then Sam and Priya. */
async function threeChairs() {
  const shop = await serviceBusiness(ctx.app);
  const [first] = await rows<{ id: number }>(sql`update staff_members set name = 'Marco' where business_id = ${shop.businessId} returning id`);
  const more = await rows<{ id: number; name: string }>(sql`insert into staff_members (business_id, name, position)
    values (${shop.businessId}, 'Sam', 2), (${shop.businessId}, 'Priya', 3) returning id, name`);
  return { ...shop, marco: first.id, sam: more[0].id, priya: more[1].id };
}

const slotsOf = async (shop: { businessId: number; serviceId: number }, date: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/available-slots?businessId=${shop.businessId}&serviceId=${shop.serviceId}&date=${date}` })).json() as string[];

describe('a shop with three members', () => {
  it('takes three customers at 10:00 and tells the fourth the time is taken; the slot stays offered until the third', async () => {
    const shop = await threeChairs();
    const date = upcomingWeekday();
    const staffIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect(await slotsOf(shop, date)).toContain('10:00');
      const res = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ staffRequested: false });
      staffIds.push(res.json().staffId);
    }
    // The pick: fewest that day first; all at none, so the never-booked ones before the booked, then the owner's order.
    expect(staffIds).toEqual([shop.marco, shop.sam, shop.priya]);
    expect(await slotsOf(shop, date)).not.toContain('10:00');
    const fourth = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('SLOT_TAKEN');
  });

  it('books the member asked for, never another; a taken member is refused by name', async () => {
    const shop = await threeChairs();
    const date = upcomingWeekday();
    const first = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, staffId: shop.sam, date, time: '11:00' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ staffId: shop.sam, staffName: 'Sam', staffRequested: true });
    await changesFollowed(ctx.database);
    const [mail] = await rows<{ text: string }>(sql`select text from email_outbox where appointment_id = ${first.json().id}`);
    expect(mail.text).toContain('With: Sam (as you asked)');
    const again = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, staffId: shop.sam, date, time: '11:00' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SLOT_TAKEN', message: 'Sam is not free at that time' });
    // Anyone at 11:00 is not Sam: the pick skips the member who is taken.
    const anyone = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '11:00' });
    expect(anyone.json().staffId).not.toBe(shop.sam);
    const stranger = (await serviceBusiness(ctx.app)).businessId;
    const [other] = await rows<{ id: number }>(sql`select id from staff_members where business_id = ${stranger}`);
    const wrong = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, staffId: other.id, date, time: '12:00' });
    expect(wrong.statusCode).toBe(400);
  });

  it('the pick prefers whoever has the fewest bookings that day', async () => {
    const shop = await threeChairs();
    const date = upcomingWeekday();
    for (const time of ['09:00', '09:30']) {
      expect((await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, staffId: shop.marco, date, time })).statusCode).toBe(201);
    }
    expect((await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, staffId: shop.sam, date, time: '09:00' })).statusCode).toBe(201);
    const picked = await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '14:00' });
    expect(picked.json().staffId).toBe(shop.priya);
  });

  it('a row written without a member (a seed, an import) goes where the "anyone" pick puts it first, not to the first member', async () => {
    const shop = await threeChairs();
    const date = upcomingWeekday();
    expect((await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, staffId: shop.marco, date, time: '09:00' })).statusCode).toBe(201);
    const customer = await signUp(ctx.app);
    // Marco has a booking that day, Sam and Priya none: the pick (que_pick_order) puts Sam first.
    const [row] = await rows<{ staff_id: number }>(sql`insert into appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, customer_name, customer_email, customer_phone)
      values (${shop.businessId}, ${shop.serviceId}, ${customer.user.id}, ${date}::timestamp + interval '15 hours', ${date}::timestamp + interval '15 hours 30 minutes', 30, 0, 'confirmed', true, 'C', 'c@example.com', '555')
      returning staff_id`);
    expect(row.staff_id).toBe(shop.sam);
  });

  it('a member who does not give the service, is inactive or on time off is never offered', async () => {
    const shop = await threeChairs();
    const date = upcomingWeekday();
    await ctx.database.db.execute(sql`update staff_members set service_ids = ${`{${shop.serviceId + 1000}}`}::int[] where id = ${shop.sam}`);
    await ctx.database.db.execute(sql`update staff_members set active = false where id = ${shop.priya}`);
    expect((await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' })).json().staffId).toBe(shop.marco);
    expect(await slotsOf(shop, date)).not.toContain('10:00');
    await ctx.database.db.execute(sql`insert into staff_time_off (staff_id, start_date, end_date) values (${shop.marco}, ${date}, ${date})`);
    expect(await slotsOf(shop, date)).toEqual([]);
  });

  it('own hours with a lunch break: no start inside it, and none whose visit would run into it', async () => {
    const shop = await threeChairs();
    const date = upcomingWeekday();
    await ctx.database.db.execute(sql`update staff_members set active = false where id in (${shop.sam}, ${shop.priya})`);
    const dow = new Date(`${date}T12:00:00Z`).getUTCDay();
    await ctx.database.db.execute(sql`update staff_members set own_hours = true where id = ${shop.marco}`);
    await ctx.database.db.execute(sql`insert into staff_hours (staff_id, day_of_week, open_time, close_time)
      values (${shop.marco}, ${dow}, '09:00', '12:15'), (${shop.marco}, ${dow}, '13:00', '15:00')`);
    expect(await slotsOf(shop, date)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:00', '13:30', '14:00', '14:30']);
  });

  it('a reschedule keeps the member when free, else moves to a free one; a member chosen by name is kept or the move refused', async () => {
    const shop = await threeChairs();
    const date = upcomingWeekday();
    const ann = await signUp(ctx.app);
    const mine = await book(ann, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' });
    expect(mine.json().staffId).toBe(shop.marco);
    const moved = await ann.patch(`/api/appointments/${mine.json().id}`, { date, time: '10:00' });
    expect(moved.json().staffId).toBe(shop.marco);
    expect((await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, staffId: shop.marco, date, time: '11:00' })).statusCode).toBe(201);
    const away = await ann.patch(`/api/appointments/${mine.json().id}`, { date, time: '11:00' });
    expect(away.statusCode, away.body).toBe(200);
    expect(away.json().staffId).not.toBe(shop.marco);

    const ben = await signUp(ctx.app);
    const chosen = await book(ben, { businessId: shop.businessId, serviceId: shop.serviceId, staffId: shop.priya, date, time: '15:00' });
    expect((await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, staffId: shop.priya, date, time: '16:00' })).statusCode).toBe(201);
    const refused = await ben.patch(`/api/appointments/${chosen.json().id}`, { date, time: '16:00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Priya is not free at that time');
  });

  it('a reschedule may choose again (issue 27): another member by name, or anyone; a member who is not the shop\'s is a 400', async () => {
    const shop = await threeChairs();
    const date = upcomingWeekday();
    const cara = await signUp(ctx.app);
    const mine = await book(cara, { businessId: shop.businessId, serviceId: shop.serviceId, staffId: shop.priya, date, time: '09:00' });
    expect(mine.json()).toMatchObject({ staffId: shop.priya, staffRequested: true });
    const id = mine.json().id as number;
    // Priya is taken at 13:00: by name, the move to Sam at 13:00 is Sam's (and asked for by name)
    expect((await book(await signUp(ctx.app), { businessId: shop.businessId, serviceId: shop.serviceId, staffId: shop.priya, date, time: '13:00' })).statusCode).toBe(201);
    expect((await cara.patch(`/api/appointments/${id}`, { date, time: '13:00' })).statusCode).toBe(409);
    const toSam = await cara.patch(`/api/appointments/${id}`, { date, time: '13:00', staffId: shop.sam });
    expect(toSam.statusCode, toSam.body).toBe(200);
    expect(toSam.json()).toMatchObject({ time: '13:00', staffId: shop.sam, staffName: 'Sam', staffRequested: true });
    // anyone: Sam kept while free, and no longer asked for by name
    const anyone = await cara.patch(`/api/appointments/${id}`, { date, time: '14:00', staffId: null });
    expect(anyone.json()).toMatchObject({ time: '14:00', staffId: shop.sam, staffRequested: false });
    // a member of another shop, or none at all: refused, nothing moved
    const other = await threeChairs();
    for (const staffId of [other.marco, 2_000_000]) {
      const bad = await cara.patch(`/api/appointments/${id}`, { date, time: '15:00', staffId });
      expect(bad.statusCode, bad.body).toBe(400);
    }
    expect(await rows(sql`select to_char(starts_at, 'HH24:MI') as time, staff_id from appointments where id = ${id}`)).toEqual([{ time: '14:00', staff_id: shop.sam }]);
  });

  it('a swap trades the members with the times; an appointment whose member was chosen by name swaps only with one of the same member', async () => {
    const shop = await threeChairs();
    const date = upcomingWeekday();
    const [payer, payee] = [await signUp(ctx.app), await signUp(ctx.app)];
    const later = await book(payer, { businessId: shop.businessId, serviceId: shop.serviceId, staffId: shop.sam, date, time: '15:00' });
    const earlier = await book(payee, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' });
    expect(earlier.json().staffId).toBe(shop.marco);
    const parties = { ...shop, payer, payee, date, payerAppointmentId: later.json().id as number, payeeAppointmentId: earlier.json().id as number };
    // The payer chose Sam by name: Marco's 9:00 is not a swap for that appointment.
    const refused = await cardOffer(parties);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("You chose Sam for your appointment, so it can only swap with another of Sam's appointments");

    const carl = await signUp(ctx.app);
    const anyone = await book(carl, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '15:00' });
    await ctx.database.db.execute(sql`update appointments set status = 'cancelled' where id = ${later.json().id}`);
    const offer = await cardOffer({ ...parties, payer: carl, payerAppointmentId: anyone.json().id });
    expect(offer.statusCode, offer.body).toBe(201);
    const accepted = await payee.post(`/api/queue-jump-offers/${offer.json().id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await rows<{ id: number; time: string; staff_id: number }>(sql`select id, to_char(starts_at, 'HH24:MI') as time, staff_id from appointments
      where id in (${anyone.json().id}, ${earlier.json().id}) order by id`);
    expect(after).toEqual([
      { id: earlier.json().id, time: '15:00', staff_id: anyone.json().staffId },
      { id: anyone.json().id, time: '09:00', staff_id: shop.marco },
    ]);
  });

  it("a change of staff makes the earliest-start cache of the business stale; a booking's touch of the member does not", async () => {
    const shop = await threeChairs();
    const version = async () => Number((await rows<{ v: number }>(sql`select version as v from earliest_free_starts where service_id = ${shop.serviceId}`))[0].v);
    const start = await version();
    await ctx.database.db.execute(sql`insert into staff_time_off (staff_id, start_date, end_date) values (${shop.sam}, ${upcomingWeekday()}, ${upcomingWeekday()})`);
    expect(await version()).toBe(start + 1);
    await ctx.database.db.execute(sql`insert into staff_hours (staff_id, day_of_week, open_time, close_time) values (${shop.sam}, 1, '09:00', '12:00')`);
    await ctx.database.db.execute(sql`update staff_members set own_hours = true where id = ${shop.sam}`);
    expect(await version()).toBe(start + 3);
    await ctx.database.db.execute(sql`update staff_members set last_booked_at = now() where id = ${shop.sam}`);
    expect(await version()).toBe(start + 3);
  });
});

