import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { appointments } from '../../db/schema.js';
import { signUp } from '../../test/test-app.js';
import { addDays, dayOfWeek, minutesToTime, timeToMinutes } from '../../../contract/time.js';
import { listAvailableSlots } from './available-slots.js';
import { businessNow, wallClock } from './business-clock.js';

type Client = Awaited<ReturnType<typeof signUp>>;

/** A business owner with a service business (default hours Mon-Fri 09:00-17:00) and one service. */
export async function serviceBusiness(app: FastifyInstance, opts: { timeZone?: string; duration?: number } = {}) {
  const owner = await signUp(app, 'business');
  const res = await owner.post('/api/businesses', { businessName: 'Clinic', category: 'Healthcare', timeZone: opts.timeZone ?? 'America/New_York' });
  if (res.statusCode !== 201) throw new Error(`business: ${res.statusCode} ${res.body}`);
  const business = res.json() as { id: number; timeZone: string };
  const svc = await owner.post(`/api/businesses/${business.id}/services`, { name: 'Checkup', duration: opts.duration ?? 30, price: '40.00' });
  if (svc.statusCode !== 201) throw new Error(`service: ${svc.statusCode} ${svc.body}`);
  return { owner, business, service: svc.json() as { id: number; duration: number } };
}

/** A restaurant (default time slots every day 17:00-23:00 every 30 min) and its table service. */
export async function restaurant(app: FastifyInstance, opts: { seatingCapacity?: number; maxPartySize?: number; reservationDuration?: number; timeZone?: string } = {}) {
  const owner = await signUp(app, 'business');
  const res = await owner.post('/api/restaurants', {
    businessName: 'Trattoria', cuisineType: 'Italian', priceRange: '$$', timeZone: opts.timeZone ?? 'America/New_York',
    seatingCapacity: opts.seatingCapacity ?? 10, maxPartySize: opts.maxPartySize ?? 8, reservationDuration: opts.reservationDuration ?? 120,
  });
  if (res.statusCode !== 201) throw new Error(`restaurant: ${res.statusCode} ${res.body}`);
  const business = res.json() as { id: number; timeZone: string };
  const services = (await owner.get(`/api/businesses/${business.id}/services`)).json() as { id: number }[];
  return { owner, business, service: services[0] };
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

/** Inserts an appointment row directly: availability only reads them. */
export async function book(
  db: Db,
  a: { businessId: number; serviceId: number; customerId: number; date: string; time: string; duration: number; partySize?: number; status?: 'confirmed' | 'pending' | 'cancelled' | 'completed'; exclusive?: boolean },
) {
  const start = timeToMinutes(a.time);
  const [row] = await db
    .insert(appointments)
    .values({
      businessId: a.businessId,
      serviceId: a.serviceId,
      customerId: a.customerId,
      startsAt: wallClock(a.date, start),
      endsAt: wallClock(a.date, start + a.duration),
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
    const [first] = await listAvailableSlots(db, { businessId, serviceId, date, now });
    if (first) return { date, time: first };
  }
  return null;
}
