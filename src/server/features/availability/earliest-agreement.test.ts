import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/errors.js';
import { addDays, minutesToTime, timeToMinutes } from '../../../contract/time.js';
import { blockedDates, restaurantTimeSlots } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { changesFollowed, createTestApp, type TestContext } from '../../test/test-app.js';
import { businessNow } from './business-clock.js';
import { getEarliestAppointment } from './earliest.service.js';
import { computeSlotsInSql } from './slot-engine-sql.js';
import { book, earliestBySlots, listEarliestAppointments, restaurant, serviceBusiness } from './test-fixtures.js';

// The earliest-slots query against the slot lists, at fixed instants in 2030: no part of it reads the
// clock, so it is not among the files run again at fake clocks (tests/support/slot-files.ts), where it
// was 27 s of each run (2026-12-06). earliest.test.ts keeps the HTTP listing, which reads the clock.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}

describe('the one-query earliest computation agrees with listAvailableSlots', () => {
  it('on random hours, time slots, blocked days and bookings across time zones and "now"s', async () => {
    const rand = rng(20260101);
    const base = new Date('2030-03-09T15:47:31Z'); // the weekend US clocks change, for good measure
    const zones = ['America/New_York', 'Asia/Tokyo', 'Australia/Sydney', 'Europe/London', 'Pacific/Kiritimati', 'America/Los_Angeles'];
    const ids: { businessId: number; services: number[]; timeZone: string }[] = [];
    const plans = new Map<number, { hours: { dayOfWeek: number; openTime: string; closeTime: string }[]; duration: number }>();

    for (let i = 0; i < 6; i++) {
      const timeZone = zones[i];
      const today = businessNow(timeZone, base).date;
      const { owner, business, service } = await serviceBusiness(ctx.app, { timeZone, duration: [5, 20, 30, 45, 60, 240][i] });
      const extra = (await owner.post(`/api/businesses/${business.id}/services`, { name: 'Extra', duration: 15 + rand(100), price: '10' })).json();
      const hours = [0, 1, 2, 3, 4, 5, 6].filter(() => rand(4) > 0).map((dayOfWeek) => {
        const open = 6 * 60 + 15 * rand(20);
        return { dayOfWeek, openTime: minutesToTime(open), closeTime: minutesToTime(Math.min(open + 60 + 15 * rand(40), 23 * 60 + 59)) };
      });
      expect((await owner.put(`/api/businesses/${business.id}/hours`, { hours })).statusCode).toBe(200);
      if (rand(2)) await db().insert(blockedDates).values({ businessId: business.id, date: addDays(today, rand(7)) });
      for (let k = 0; k < 40; k++) {
        const start = 6 * 60 + rand(1000); // any minute: periods that miss or touch a candidate by one
        const duration = [service.duration, extra.duration][rand(2)];
        await book(db(), {
          businessId: business.id, serviceId: service.id, date: addDays(today, rand(8) - 1), time: minutesToTime(start), duration,
          status: (['confirmed', 'pending', 'cancelled'] as const)[rand(3)],
        }).catch(() => undefined); // overlaps are refused by the exclusion constraint: fine
      }
      // Block each day's opening with odd-length bookings, so the answer must come after a booking ends.
      for (const h of hours) {
        const date = addDays(today, (h.dayOfWeek - new Date(`${today}T00:00:00Z`).getUTCDay() + 7) % 7);
        let start = timeToMinutes(h.openTime);
        for (let n = rand(3); n >= 0; n--) {
          const duration = 7 + rand(90);
          await book(db(), { businessId: business.id, serviceId: service.id, date, time: minutesToTime(start), duration }).catch(() => undefined);
          start += duration + rand(2) * 25;
        }
      }
      ids.push({ businessId: business.id, services: [service.id, extra.id], timeZone });
      plans.set(service.id, { hours, duration: service.duration });
      plans.set(extra.id, { hours, duration: extra.duration });
    }

    for (let i = 0; i < 4; i++) {
      const timeZone = zones[(i * 5) % zones.length];
      const today = businessNow(timeZone, base).date;
      const { business, service } = await restaurant(ctx.app, { timeZone, seatingCapacity: 2 + rand(6), reservationDuration: 60 + 15 * rand(8), maxPartySize: 8 });
      if (i % 2) {
        await db().insert(restaurantTimeSlots).values([
          { businessId: business.id, dayOfWeek: rand(7), startTime: '11:45', endTime: '14:00', intervalMinutes: 15, isActive: true },
          { businessId: business.id, dayOfWeek: rand(7), startTime: '18:00', endTime: '23:59', intervalMinutes: 60, isActive: true },
          { businessId: business.id, dayOfWeek: rand(7), startTime: '07:00', endTime: '10:00', intervalMinutes: 30, isActive: false },
        ]);
      }
      if (rand(2)) await db().insert(blockedDates).values({ businessId: business.id, date: addDays(today, rand(7)) });
      // full house at opening on most days, with ragged end times
      for (let day = 0; day < 7; day++) {
        if (rand(4) === 0) continue;
        for (let seats = 0; seats < 8; ) {
          const partySize = 1 + rand(4);
          await book(db(), {
            businessId: business.id, serviceId: service.id, date: addDays(today, day), time: '17:00',
            duration: 35 + rand(120), partySize, exclusive: false,
          });
          seats += partySize;
        }
      }
      for (let k = 0; k < 60; k++) {
        await book(db(), {
          businessId: business.id, serviceId: service.id, date: addDays(today, rand(8) - 1), time: minutesToTime(15 * 60 + 15 * rand(36)),
          duration: 60 + 15 * rand(8), partySize: 1 + rand(4), exclusive: false, status: (['confirmed', 'pending', 'cancelled'] as const)[rand(3)],
        });
      }
      ids.push({ businessId: business.id, services: [service.id], timeZone });
    }

    {
      // open one day of the week, and that day blocked: nothing in the window
      const { owner, business, service } = await serviceBusiness(ctx.app, { timeZone: 'UTC', duration: 30 });
      const day = addDays(businessNow('UTC', base).date, 2);
      await owner.put(`/api/businesses/${business.id}/hours`, { hours: [{ dayOfWeek: new Date(`${day}T00:00:00Z`).getUTCDay(), openTime: '09:00', closeTime: '12:00' }] });
      await db().insert(blockedDates).values({ businessId: business.id, date: day });
      ids.push({ businessId: business.id, services: [service.id], timeZone: 'UTC' });
    }

    {
      // periods that overlap a candidate by one minute at either end, or only touch it, on the one open day
      const day = addDays(businessNow('UTC', base).date, 5);
      const dayOfWeek = new Date(`${day}T00:00:00Z`).getUTCDay();
      const svc = await serviceBusiness(ctx.app, { timeZone: 'UTC', duration: 30 });
      await svc.owner.put(`/api/businesses/${svc.business.id}/hours`, { hours: [{ dayOfWeek, openTime: '09:00', closeTime: '11:00' }] });
      const visit = { businessId: svc.business.id, serviceId: svc.service.id, date: day };
      await book(db(), { ...visit, time: '08:31', duration: 30 }); // 09:00 taken by its last minute
      await book(db(), { ...visit, time: '09:59', duration: 31 }); // 09:30 taken by its first minute
      ids.push({ businessId: svc.business.id, services: [svc.service.id], timeZone: 'UTC' }); // 10:30, right as it ends
      const rest = await restaurant(ctx.app, { timeZone: 'UTC', seatingCapacity: 2, reservationDuration: 60 });
      await db().update(restaurantTimeSlots).set({ isActive: false }).where(eq(restaurantTimeSlots.businessId, rest.business.id));
      await db().insert(restaurantTimeSlots).values({ businessId: rest.business.id, dayOfWeek, startTime: '18:00', endTime: '20:30', intervalMinutes: 30, isActive: true });
      const table = { businessId: rest.business.id, serviceId: rest.service.id, date: day, exclusive: false };
      await book(db(), { ...table, time: '17:00', duration: 60, partySize: 2 }); // ends as 18:00 starts
      await book(db(), { ...table, time: '18:59', duration: 31 }); // full at 18:59: 18:00 taken
      await book(db(), { ...table, time: '18:59', duration: 32 });
      await book(db(), { ...table, time: '18:59', duration: 32 }); // still full at 19:30
      ids.push({ businessId: rest.business.id, services: [rest.service.id], timeZone: 'UTC' }); // 20:00
    }

    // the bookings' changes have raised the stored rows (their follow jobs, decision 0029)
    await changesFollowed(ctx.database, 60_000);
    const offsets = [0, 3 * 3600e3 + 7e3, 26 * 3600e3, 4 * 86400e3 + 5 * 3600e3];
    let compared = 0;
    let afterBooking = 0;
    const outcomes = new Set<string>();
    for (const offset of offsets) {
      const now = new Date(base.getTime() + offset);
      const rows = await listEarliestAppointments(db(), now);
      for (const { businessId, services, timeZone } of ids) {
        // the one-business statement agrees with the list: its soonest item, or none
        const one = await getEarliestAppointment(db(), businessId, now).catch((error: unknown) => {
          if (error instanceof AppError && error.code === ErrorCode.NOT_FOUND) return null;
          throw error;
        });
        expect(one, `business ${businessId} at ${now.toISOString()}`).toEqual(rows.find((r) => r.business.id === businessId) ?? null);
        for (const serviceId of services) {
          const expected = await earliestBySlots(db(), businessId, serviceId, timeZone, now);
          const row = rows.find((r) => r.business.id === businessId && r.service.id === serviceId);
          expect(row ? { date: row.date, time: row.time } : null, `business ${businessId} service ${serviceId} at ${now.toISOString()}`).toEqual(expected);
          compared++;
          outcomes.add(expected === null ? 'none' : expected.date === businessNow(timeZone, now).date ? 'today' : 'later');
          const plan = plans.get(serviceId);
          if (expected && plan) {
            const clock = businessNow(timeZone, now);
            const day = plan.hours.find((h) => h.dayOfWeek === new Date(`${expected.date}T00:00:00Z`).getUTCDay())!;
            const [unbooked] = await computeSlotsInSql(db(), {
              plan: { kind: 'service', hours: { open: timeToMinutes(day.openTime), close: timeToMinutes(day.closeTime) }, duration: plan.duration },
              date: expected.date, today: clock.date, nowMinutes: clock.minutes, blocked: false, restaurantHorizonDays: 365, booked: [],
            });
            if (unbooked !== expected.time) afterBooking++;
          }
        }
      }
    }
    expect(compared).toBe(offsets.length * 19);
    // the scenario must exercise each kind of answer, or it proves little
    expect([...outcomes].sort()).toEqual(['later', 'none', 'today']);
    expect(afterBooking).toBeGreaterThan(20);
    // hundreds of slot lists and SQL slot-engine calls: generous on a shared, loaded machine
  }, 120_000);
});
