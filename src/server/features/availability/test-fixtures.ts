import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EarliestAppointment } from '../../../contract/appointments.js';
import type { Db } from '../../db/client.js';
import { appointments, users } from '../../db/schema.js';
import { signUp, testConfig } from '../../test/test-app.js';
import { restaurant as bookableRestaurant, serviceBusiness as bookableBusiness } from '../appointments/test-fixtures.js';
import { addDays, dayOfWeek, minutesToTime, timeToMinutes } from '../../../contract/time.js';
import { listAvailableSlots, slotRules } from './available-slots.js';
import { businessNow, wallClock } from './business-clock.js';
import { earliestPageJson } from './earliest-page.js';

type Client = Awaited<ReturnType<typeof signUp>>;

/** A business owner with a service business (default hours Mon-Fri 09:00-17:00) and one service, as availability's tests read them. */
export async function serviceBusiness(app: FastifyInstance, opts: { timeZone?: string; duration?: number } = {}) {
  const shop = await bookableBusiness(app, { duration: opts.duration ?? 30 }, { businessName: 'Clinic', timeZone: opts.timeZone ?? 'America/New_York' });
  return { owner: shop.owner, business: { id: shop.businessId, timeZone: opts.timeZone ?? 'America/New_York' }, service: { id: shop.serviceId, duration: opts.duration ?? 30 } };
}

/** A restaurant (default time slots every day 17:00-23:00 every 30 min) and its table service. */
export async function restaurant(app: FastifyInstance, opts: { seatingCapacity?: number; maxPartySize?: number; reservationDuration?: number; timeZone?: string } = {}) {
  const timeZone = opts.timeZone ?? 'America/New_York';
  const created = await bookableRestaurant(app, { businessName: 'Trattoria', timeZone, seatingCapacity: opts.seatingCapacity ?? 10, maxPartySize: opts.maxPartySize ?? 8, reservationDuration: opts.reservationDuration ?? 120 });
  return { owner: created.owner, business: { id: created.businessId, timeZone }, service: { id: created.serviceId } };
}

/** The first date on or after `from` that falls on `dow` (0 = Sunday). */
export function nextWeekday(from: string, dow: number): string {
  return addDays(from, (dow - dayOfWeek(from) + 7) % 7);
}

/** A Monday at least a week ahead in the zone: a date no "now" check can touch. */
export function futureMonday(timeZone = 'America/New_York'): string {
  return nextWeekday(addDays(businessNow(timeZone).date, 7), 1);
}

export const customer = (app: FastifyInstance): Promise<Client> => signUp(app, 'customer');

let guests = 0;

/**
 * Inserts an appointment row directly: availability only reads them. Each row is a booking of a
 * customer of its own unless one is given: one person cannot hold two confirmed bookings at once
 * (appointments_one_place), and whose booking it is does not change what is free.
 */
export async function book(
  db: Db,
  a: { businessId: number; serviceId: number; customerId?: number; date: string; time: string; duration: number; partySize?: number; status?: 'confirmed' | 'pending' | 'cancelled' | 'completed'; exclusive?: boolean },
) {
  const start = timeToMinutes(a.time);
  const customerId = a.customerId ?? (await guest(db));
  const [row] = await db
    .insert(appointments)
    .values({
      businessId: a.businessId,
      serviceId: a.serviceId,
      customerId,
      startsAt: wallClock(a.date, start),
      endsAt: wallClock(a.date, start + a.duration),
      // The instants are the trigger's to set (appointments/sql/one-place.sql), from the business's zone.
      startsInstant: sql`null`,
      endsInstant: sql`null`,
      // So is the blocked period (appointments/sql/blocked-period.sql): the visit, without buffers.
      blockedStartsAt: sql`null`,
      blockedEndsAt: sql`null`,
      duration: a.duration,
      priceCents: 0,
      status: a.status ?? 'confirmed',
      exclusive: a.exclusive ?? true,
      partySize: a.partySize ?? 1,
      customerName: 'Test Customer',
      customerEmail: 'test@example.com',
      customerPhone: '555-0100',
    })
    .returning({ id: appointments.id });
  // A row written around the booking function records its change as an owner does (decision 0029),
  // so the change's followers (the earliest free starts among them) follow it.
  await db.execute(sql`select que_record_change('booked', ${row.id}::int, null, ${a.businessId}::int, null, '{}'::jsonb)`);
  return row.id;
}

async function guest(db: Db): Promise<number> {
  const name = `guest_${process.pid}_${++guests}_${Date.now()}`;
  const [row] = await db.insert(users).values({ username: name, email: `${name}@example.com`, passwordHash: 'x', userType: 'customer' }).returning({ id: users.id });
  return row.id;
}

export const times = (from: string, to: string, step: number) => {
  const out: string[] = [];
  for (let t = timeToMinutes(from); t <= timeToMinutes(to); t += step) out.push(minutesToTime(t));
  return out;
};

/** The reference for the earliest-slot answers: que_day_slots (through listAvailableSlots) day by day over the business's coming week. */
export async function earliestBySlots(db: Db, businessId: number, serviceId: number, timeZone: string, now: Date) {
  const today = businessNow(timeZone, now).date;
  for (let d = 0; d < 7; d++) {
    const date = addDays(today, d);
    const [first] = await listAvailableSlots(db, { businessId, serviceId, date, now, rules: slotRules(testConfig()) });
    if (first) return { date, time: first };
  }
  return null;
}

/** Every page of GET /api/earliest-appointments as the route cuts them (no filters), parsed and joined, without the page's rating fields. */
export async function listEarliestAppointments(db: Db, now: Date = new Date()): Promise<EarliestAppointment[]> {
  const all: EarliestAppointment[] = [];
  for (let cursor: string | undefined; ; ) {
    const page = await earliestPageJson(db, { limit: 100, cursor }, now);
    // the stored items as a business's own listing has them: the page adds the rating and the times to each
    for (const item of JSON.parse(page.json) as (EarliestAppointment & { business: { ratingAverage?: unknown; ratingCount?: unknown } })[]) {
      delete item.business.ratingAverage;
      delete item.business.ratingCount;
      expect(item.times?.[0]).toBe(item.time);
      delete item.times;
      all.push(item);
    }
    if (!page.next) return all;
    cursor = page.next;
  }
}
