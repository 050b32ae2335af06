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
export async function serviceBusiness(app: FastifyInstance, service: { name?: string; duration?: number; price?: string } = {}, fields: { businessName?: string; timeZone?: string } = {}) {
  const owner = await signUp(app, 'business');
  const business = await owner.post('/api/businesses', { businessName: `Shop ${owner.user.id}`, category: 'Healthcare', timeZone: TIME_ZONE, ...fields });
  expect(business.statusCode, business.body).toBe(201);
  const businessId = business.json().id as number;
  const created = await owner.post(`/api/businesses/${businessId}/services`, {
    name: service.name ?? 'Checkup',
    duration: service.duration ?? 30,
    price: service.price ?? '40.00',
  });
  expect(created.statusCode).toBe(201);
  return { owner, businessId, serviceId: created.json().id as number, businessName: business.json().businessName as string };
}

export async function restaurant(app: FastifyInstance, fields: { businessName?: string; seatingCapacity?: number; maxPartySize?: number; reservationDuration?: number; timeZone?: string } = {}) {
  const owner = await signUp(app, 'business');
  const res = await owner.post('/api/restaurants', {
    businessName: `Bistro ${owner.user.id}`,
    cuisineType: 'Italian',
    priceRange: '$$',
    timeZone: TIME_ZONE,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  const businessId = res.json().id as number;
  const services = (await owner.get(`/api/businesses/${businessId}/services`)).json() as { id: number; name: string }[];
  return { owner, businessId, serviceId: services[0].id };
}

export const contact = (name = 'Pat Doe') => ({ customerName: name, customerEmail: 'pat@example.com', customerPhone: '(212) 555-0100' });

export function book(client: Client, body: Record<string, unknown>) {
  return client.post('/api/appointments', { ...contact(), ...body });
}

/** Two customers at one shop: the payer holds the later slot, the payee the earlier one (a queue jump's parties). */
export async function swapParties(app: FastifyInstance, times = { payer: '15:00', payee: '09:00' }) {
  const shop = await serviceBusiness(app);
  const [payer, payee] = [await signUp(app), await signUp(app)];
  const date = upcomingWeekday();
  const later = await book(payer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: times.payer });
  const earlier = await book(payee, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: times.payee });
  expect([later.statusCode, earlier.statusCode]).toEqual([201, 201]);
  return { ...shop, payer, payee, date, payerAppointmentId: later.json().id as number, payeeAppointmentId: earlier.json().id as number };
}
export type SwapParties = Awaited<ReturnType<typeof swapParties>>;
