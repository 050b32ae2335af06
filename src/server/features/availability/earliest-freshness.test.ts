import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarliestAppointment } from '../../../contract/appointments.js';
import { ErrorCode } from '../../../contract/errors.js';
import { AppError } from '../../errors.js';
import { sql } from 'drizzle-orm';
import { changesFollowed, createTestApp, queryRows, TestClient, type TestContext } from '../../test/test-app.js';
import { getEarliestAppointment } from './earliest.service.js';
import { customer, earliestBySlots, listEarliestAppointments, restaurant, serviceBusiness } from './test-fixtures.js';

// The stored earliest starts can never be stale: every change that moves a free
// slot, and time passing, changes the answer exactly as the slot rules (que_day_slots) say.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;


/** The service's item in the full listing and the business's own answer, which must agree. */
async function answer(businessId: number, serviceId: number, now: Date) {
  // A change's followers, the earliest rows among them, run in its job just after it (decision 0029).
  await changesFollowed(ctx.database);
  const item = (await listEarliestAppointments(db(), now)).find((i) => i.service.id === serviceId);
  const own = await getEarliestAppointment(db(), businessId, now).catch((error: unknown) => {
    if (error instanceof AppError && error.code === ErrorCode.NOT_FOUND) return null;
    throw error;
  });
  if (own?.service.id === serviceId) expect(own).toEqual(item);
  return item ? { date: item.date, time: item.time } : null;
}

async function agrees(businessId: number, serviceId: number, timeZone: string, now: Date) {
  const got = await answer(businessId, serviceId, now);
  expect(got, `at ${now.toISOString()}`).toEqual(await earliestBySlots(db(), businessId, serviceId, timeZone, now));
  return got;
}

describe('the stored earliest starts follow every change', () => {
  it('booking the earliest slot moves the answer, cancelling brings it back, a reschedule moves it again', async () => {
    const shop = await serviceBusiness(ctx.app, { timeZone: 'UTC', duration: 30 });
    const guest = await customer(ctx.app);
    const first = (await agrees(shop.business.id, shop.service.id, 'UTC', new Date()))!;
    expect(first).not.toBeNull();

    const booked = await guest.post('/api/appointments', { businessId: shop.business.id, serviceId: shop.service.id, ...first, customerName: 'Ann', customerEmail: 'ann@example.com', customerPhone: '(212) 555-0100' });
    expect(booked.statusCode, booked.body).toBe(201);
    const second = (await agrees(shop.business.id, shop.service.id, 'UTC', new Date()))!;
    expect(`${second.date} ${second.time}`> `${first.date} ${first.time}`).toBe(true);

    const cancelled = await guest.patch(`/api/appointments/${booked.json().id}`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await agrees(shop.business.id, shop.service.id, 'UTC', new Date())).toEqual(first);

    const again = await guest.post('/api/appointments', { businessId: shop.business.id, serviceId: shop.service.id, ...second, customerName: 'Ann', customerEmail: 'ann@example.com', customerPhone: '(212) 555-0100' });
    expect(again.statusCode, again.body).toBe(201);
    const moved = await guest.patch(`/api/appointments/${again.json().id}`, first);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await agrees(shop.business.id, shop.service.id, 'UTC', new Date())).toEqual(second);
  });

  it('a booking leaves the stored rows to its change\'s follow job: its own transaction does not touch them', async () => {
    const shop = await serviceBusiness(ctx.app, { timeZone: 'UTC', duration: 30 });
    const guest = await customer(ctx.app);
    const first = (await agrees(shop.business.id, shop.service.id, 'UTC', new Date()))!;
    const versions = async (on = db()) =>
      ((await on.execute(sql`select version from earliest_free_starts where business_id = ${shop.business.id} order by service_id`)) as unknown as { rows: { version: number }[] }).rows.map((r) => r.version);
    const before = await versions();
    await db().transaction(async (tx) => {
      await tx.execute(sql`select que_book_returning_events(${guest.user.id}::int, ${shop.business.id}::int, ${shop.service.id}::int, ${first.date}::date, ${first.time}::text,
        null::int, ''::text, false, 'Ann'::text, 'ann@example.com'::text, '(212) 555-0100'::text, null::text, null::text, null::text, 365::int, null::timestamptz, null::text, null::int)`);
      // no write to the cache, so no lock on the business's rows, in the booking's transaction
      expect(await versions(tx as never)).toEqual(before);
    });
    // the change's follow job raised them, and the answer moved on
    const second = (await agrees(shop.business.id, shop.service.id, 'UTC', new Date()))!;
    expect((await versions()).every((v, i) => v > before[i])).toBe(true);
    expect(`${second.date} ${second.time}` > `${first.date} ${first.time}`).toBe(true);
  });

  it('changing hours, blocked dates, restaurant time slots and the business itself changes the answer', async () => {
    // 2030-01-01 is a Tuesday; 10:00 UTC
    const now = new Date('2030-01-01T10:00:00Z');
    const shop = await serviceBusiness(ctx.app, { timeZone: 'UTC', duration: 60 });
    const hours = (open: string) => ({ hours: [3, 4].map((dayOfWeek) => ({ dayOfWeek, openTime: open, closeTime: '17:00' })) });
    expect((await shop.owner.put(`/api/businesses/${shop.business.id}/hours`, hours('09:00'))).statusCode).toBe(200);
    expect(await agrees(shop.business.id, shop.service.id, 'UTC', now)).toEqual({ date: '2030-01-02', time: '09:00' });

    expect((await shop.owner.put(`/api/businesses/${shop.business.id}/hours`, hours('11:30'))).statusCode).toBe(200);
    expect(await agrees(shop.business.id, shop.service.id, 'UTC', now)).toEqual({ date: '2030-01-02', time: '11:30' });

    const blocked = await shop.owner.post('/api/business-availability', { businessId: shop.business.id, date: '2030-01-02' });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(await agrees(shop.business.id, shop.service.id, 'UTC', now)).toEqual({ date: '2030-01-03', time: '11:30' });
    expect((await shop.owner.delete(`/api/business-availability/${blocked.json().id}`)).statusCode).toBe(204);
    expect(await agrees(shop.business.id, shop.service.id, 'UTC', now)).toEqual({ date: '2030-01-02', time: '11:30' });

    // The business moves to Tokyo: its week and its clock are Tokyo's now, and its items say so.
    const zoneOf = async () => (await listEarliestAppointments(db(), now)).find((i) => i.service.id === shop.service.id)?.business.timeZone;
    expect(await zoneOf()).toBe('UTC');
    await queryRows(ctx.database, `update businesses set time_zone = 'Asia/Tokyo' where id = ${shop.business.id}`);
    expect(await agrees(shop.business.id, shop.service.id, 'Asia/Tokyo', now)).toEqual({ date: '2030-01-02', time: '11:30' });
    expect(await zoneOf()).toBe('Asia/Tokyo');

    // A restaurant's answer follows its time slots.
    const dining = await restaurant(ctx.app, { timeZone: 'UTC' });
    await queryRows(ctx.database, `update restaurant_time_slots set is_active = false where business_id = ${dining.business.id}`);
    expect(await agrees(dining.business.id, dining.service.id, 'UTC', now)).toBeNull();
    const slot = await dining.owner.post('/api/restaurant-time-slots', { businessId: dining.business.id, dayOfWeek: 2, startTime: '12:00', endTime: '14:00', intervalMinutes: 60 });
    expect(slot.statusCode, slot.body).toBe(201);
    expect(await agrees(dining.business.id, dining.service.id, 'UTC', now)).toEqual({ date: '2030-01-01', time: '12:00' });
  });

  it('services renamed, repriced, added or deleted show up in the items at once', async () => {
    const shop = await serviceBusiness(ctx.app, { timeZone: 'UTC' });
    const now = new Date('2030-01-01T10:00:00Z');
    const mine = async () => (await listEarliestAppointments(db(), now)).filter((i) => i.business.id === shop.business.id);
    expect((await mine()).map((i) => i.service.serviceName)).toEqual(['Checkup']);
    expect((await shop.owner.put(`/api/services/${shop.service.id}`, { name: 'Full "check" ✓', duration: 45, price: '0.05' })).statusCode).toBe(200);
    const extra = await shop.owner.post(`/api/businesses/${shop.business.id}/services`, { name: 'Extra', duration: 30, price: '1234.5' });
    expect(extra.statusCode).toBe(201);
    const items = await mine();
    expect(items.find((i) => i.service.id === shop.service.id)!.service).toEqual({ id: shop.service.id, serviceName: 'Full "check" ✓', duration: 45, price: '0.05' });
    expect(items.find((i) => i.service.id === extra.json().id)!.service.price).toBe('1234.50');
    expect((await shop.owner.delete(`/api/services/${shop.service.id}`)).statusCode).toBe(204);
    expect((await mine()).map((i) => i.service.id)).toEqual([extra.json().id]);

    // A service moved to another business (behind the API's back) is that business's at once.
    const other = await serviceBusiness(ctx.app, { timeZone: 'UTC' });
    await queryRows(ctx.database, `delete from services where id = ${other.service.id}`);
    expect(await getEarliestAppointment(db(), other.business.id, now).catch(() => null)).toBeNull();
    await queryRows(ctx.database, `update services set business_id = ${other.business.id} where id = ${extra.json().id}`);
    expect(await getEarliestAppointment(db(), other.business.id, now)).toMatchObject({ business: { id: other.business.id }, service: { id: extra.json().id } });
    expect(await mine()).toEqual([]);
  });
});

describe('time passing', () => {
  it('past the stored start the next free one is the answer, then the next day, and an earlier "now" is answered for itself', async () => {
    const shop = await serviceBusiness(ctx.app, { timeZone: 'UTC', duration: 60 });
    // Tuesdays and Wednesdays 09:00-12:00
    const week = { hours: [2, 3].map((dayOfWeek) => ({ dayOfWeek, openTime: '09:00', closeTime: '12:00' })) };
    expect((await shop.owner.put(`/api/businesses/${shop.business.id}/hours`, week)).statusCode).toBe(200);
    const check = (iso: string) => agrees(shop.business.id, shop.service.id, 'UTC', new Date(iso));
    expect(await check('2030-01-01T08:00:00Z')).toEqual({ date: '2030-01-01', time: '09:00' });
    expect(await check('2030-01-01T09:00:00Z')).toEqual({ date: '2030-01-01', time: '09:30' }); // 09:00 has begun
    expect(await check('2030-01-01T09:29:59Z')).toEqual({ date: '2030-01-01', time: '09:30' });
    expect(await check('2030-01-01T10:45:00Z')).toEqual({ date: '2030-01-01', time: '11:00' });
    expect(await check('2030-01-01T11:00:00Z')).toEqual({ date: '2030-01-02', time: '09:00' });
    expect(await check('2030-01-01T08:59:00Z')).toEqual({ date: '2030-01-01', time: '09:00' }); // earlier than it was computed for
    expect(await check('2030-01-02T11:00:01Z')).toEqual({ date: '2030-01-08', time: '09:00' }); // next Tuesday is inside the week
  });

  it('a week with nothing free gains a day at midnight', async () => {
    const shop = await serviceBusiness(ctx.app, { timeZone: 'Asia/Tokyo', duration: 60 });
    // Tuesdays only; 2030-01-01 is a Tuesday, and its slots are over at 12:00 Tokyo time (03:00 UTC)
    const week = { hours: [{ dayOfWeek: 2, openTime: '09:00', closeTime: '10:00' }] };
    expect((await shop.owner.put(`/api/businesses/${shop.business.id}/hours`, week)).statusCode).toBe(200);
    const check = (iso: string) => agrees(shop.business.id, shop.service.id, 'Asia/Tokyo', new Date(iso));
    expect(await check('2030-01-01T03:00:00Z')).toBeNull();
    expect(await check('2030-01-01T14:59:59Z')).toBeNull(); // 23:59:59 in Tokyo
    expect(await check('2030-01-01T15:00:00Z')).toEqual({ date: '2030-01-08', time: '09:00' }); // Wednesday: next Tuesday is in the week
  });

  it('on the days the clocks change, agrees with que_day_slots at every quarter hour of the night', async () => {
    const dining = await restaurant(ctx.app, { timeZone: 'America/New_York', seatingCapacity: 2, reservationDuration: 60 });
    await queryRows(ctx.database, `update restaurant_time_slots set is_active = false where business_id = ${dining.business.id}`);
    const night = await dining.owner.post('/api/restaurant-time-slots', { businessId: dining.business.id, dayOfWeek: 0, startTime: '00:00', endTime: '05:00', intervalMinutes: 30 });
    expect(night.statusCode, night.body).toBe(201);
    const guest = await customer(ctx.app);
    const answers = new Set<string>();
    // 2027-03-14: 01:59 EST is followed by 03:00 EDT; 2027-11-07: 01:00-01:59 happens twice.
    for (const [date, fromUtc] of [['2027-03-14', '2027-03-14T04:00:00Z'], ['2027-11-07', '2027-11-07T03:00:00Z']] as const) {
      // a full table at 03:00 local on both nights (party of 2 at capacity 2)
      await queryRows(ctx.database, `insert into appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, party_size, customer_name, customer_email, customer_phone)
        values (${dining.business.id}, ${dining.service.id}, ${guest.user.id}, '${date} 03:00', '${date} 04:00', 60, 0, 'confirmed', false, 2, 'G', 'g@example.com', '1')`);
      for (let quarter = 0; quarter < 24; quarter++) {
        const now = new Date(Date.parse(fromUtc) + quarter * 15 * 60_000 + 7_000);
        const got = await agrees(dining.business.id, dining.service.id, 'America/New_York', now);
        answers.add(`${got?.date} ${got?.time}`);
      }
    }
    // 02:00 and 02:30 never happen, the table is full from 03:00 to 04:00, and an hour from 01:30 ends
    // at 03:30 on the clock: after 01:00 comes 04:00
    expect([...answers].filter((a) => a.startsWith('2027-03-14'))).toEqual(['2027-03-14 00:00', '2027-03-14 00:30', '2027-03-14 01:00', '2027-03-14 04:00', '2027-03-14 04:30']);
    // 01:00 and 01:30 mean their first pass; 02:30 would last until 03:30, into the full hour
    expect([...answers].filter((a) => a.startsWith('2027-11-07'))).toEqual(['2027-11-07 00:00', '2027-11-07 00:30', '2027-11-07 01:00', '2027-11-07 01:30', '2027-11-07 02:00', '2027-11-07 04:00']);
  });
});

describe('the listing as sent', () => {
  it('rebuilds items stored before they carried the zone (migration 0010 marks them no longer fresh), reusing their day and starts', async () => {
    const now = new Date('2030-01-01T10:00:00Z');
    const shop = await serviceBusiness(ctx.app, { timeZone: 'Europe/Berlin' });
    const [before] = (await listEarliestAppointments(db(), now)).filter((i) => i.service.id === shop.service.id);
    // As an item built before 0010 was: no zone, still fresh.
    await queryRows(ctx.database, `update earliest_free_starts set item = replace(item, ',"timeZone":"Europe/Berlin"', '') where service_id = ${shop.service.id}`);
    expect((await listEarliestAppointments(db(), now)).find((i) => i.service.id === shop.service.id)?.business.timeZone).toBeUndefined();
    await queryRows(ctx.database, `update earliest_free_starts set fresh_until = '-infinity'`);
    const [after] = (await listEarliestAppointments(db(), now)).filter((i) => i.service.id === shop.service.id);
    expect(after).toEqual(before);
    expect(after.business.timeZone).toBe('Europe/Berlin');
  });

  it('is compact JSON, byte for byte what JSON.stringify makes of it, with names that need escaping', async () => {
    const shop = await serviceBusiness(ctx.app, { timeZone: 'UTC' });
    await queryRows(ctx.database, `update businesses set business_name = E'Caf\\u00e9 "Q" \\\\ \\t\\u0001 </script> 🎉' where id = ${shop.business.id}`);
    const res = await new TestClient(ctx.app).get('/api/earliest-appointments');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify(JSON.parse(res.body)));
    const item = (res.json() as EarliestAppointment[]).find((i) => i.business.id === shop.business.id)!;
    expect(item.business.businessName).toBe('Café "Q" \\ \t\u0001 </script> 🎉');
    expect(Object.keys(item)).toEqual(['business', 'service', 'date', 'time', 'duration', 'times']);
    // the listing adds the business's rating and the day's first free starts to the stored item (earliest-page.repository.ts)
    expect(Object.keys(item.business)).toEqual(['id', 'businessName', 'businessType', 'category', 'timeZone', 'ratingAverage', 'ratingCount']);
  });
});
