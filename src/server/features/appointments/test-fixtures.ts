import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { addDays, dayOfWeek } from '../../../contract/time.js';
import { businessNow } from '../availability/business-clock.js';
import { signUp } from '../../test/test-app.js';

export type Client = Awaited<ReturnType<typeof signUp>>;
export const TIME_ZONE = 'America/New_York';

/** A weekday (Mon-Fri, when default hours apply) at least `minDaysAhead` days after today in the business's zone. */
export function upcomingWeekday(minDaysAhead = 2, skip = 0): string {
  let date = addDays(businessNow(TIME_ZONE).date, minDaysAhead);
  let found = 0;
  for (;;) {
    const dow = dayOfWeek(date);
    if (dow >= 1 && dow <= 5 && found++ === skip) return date;
    date = addDays(date, 1);
  }
}

export const upcomingDay = (daysAhead = 2) => addDays(businessNow(TIME_ZONE).date, daysAhead);

/** A service business (Mon-Fri 09:00-17:00) with one service; returns its owner, id and service id. */
export async function serviceBusiness(app: FastifyInstance, service: { name?: string; duration?: number; price?: string } = {}) {
  const owner = await signUp(app, 'business');
  const business = await owner.post('/api/businesses', { businessName: `Shop ${owner.user.id}`, category: 'Healthcare', timeZone: TIME_ZONE });
  expect(business.statusCode).toBe(201);
  const businessId = business.json().id as number;
  const created = await owner.post(`/api/businesses/${businessId}/services`, {
    name: service.name ?? 'Checkup',
    duration: service.duration ?? 30,
    price: service.price ?? '40.00',
  });
  expect(created.statusCode).toBe(201);
  return { owner, businessId, serviceId: created.json().id as number, businessName: `Shop ${owner.user.id}` };
}

export async function restaurant(app: FastifyInstance, fields: { seatingCapacity?: number; maxPartySize?: number; reservationDuration?: number } = {}) {
  const owner = await signUp(app, 'business');
  const res = await owner.post('/api/restaurants', {
    businessName: `Bistro ${owner.user.id}`,
    cuisineType: 'Italian',
    priceRange: '$$',
    timeZone: TIME_ZONE,
    ...fields,
  });
  expect(res.statusCode).toBe(201);
  const businessId = res.json().id as number;
  const services = (await owner.get(`/api/businesses/${businessId}/services`)).json() as { id: number; name: string }[];
  return { owner, businessId, serviceId: services[0].id };
}

export const contact = (name = 'Pat Doe') => ({ customerName: name, customerEmail: 'pat@example.com', customerPhone: '555-0100' });

export function book(client: Client, body: Record<string, unknown>) {
  return client.post('/api/appointments', { ...contact(), ...body });
}
