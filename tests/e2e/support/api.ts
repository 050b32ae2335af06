import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Appointment } from '../../../src/contract/appointments';
import type { User } from '../../../src/contract/auth';
import type { Business } from '../../../src/contract/businesses';
import type { Offer } from '../../../src/contract/offers';
import type { Service } from '../../../src/contract/services';
import { addDays } from '../../../src/contract/time';
import { DESKTOP, newPage, uniqueName } from './browser';

// What a browser test sets up through the API (accounts, businesses, bookings) before it drives the page:
// a request context shares its page's cookies, so whatever it signs in as, the page is signed in as too.

export const PASSWORD = 'plum-orchard-42';

export const today = () => new Date().toISOString().slice(0, 10);
/** Today in a business's own time zone, which is what its calendar allows from. */
export const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
export const farDay = (days: number) => addDays(today(), days);

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** Registers a new account and signs the request's context in as it. */
export async function register(request: APIRequestContext, prefix: string, userType: 'customer' | 'business' = 'customer'): Promise<User> {
  const username = uniqueName(prefix);
  const res = await request.post('/api/register', { data: { username, email: `${username}@example.com`, password: PASSWORD, userType } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as User;
}

/** A new customer, signed in in a page of its own (own cookies). */
export async function newCustomer(prefix: string, viewport = DESKTOP, options: { timezoneId?: string } = {}): Promise<{ page: Page; context: BrowserContext; consoleErrors: string[]; user: User }> {
  const opened = await newPage(viewport, options);
  // Registering signs the context in (its cookie); /login would now greet a signed-in user instead of a form.
  return { ...opened, user: await register(opened.context.request, prefix) };
}

/** A new business account with a new restaurant (default tables every evening), signed in. */
export async function newRestaurant(request: APIRequestContext, fields: Record<string, unknown> = {}) {
  const user = await register(request, 'resto', 'business');
  const res = await request.post('/api/restaurants', { data: { businessName: `Bistro ${user.username}`, cuisineType: 'French', priceRange: '$$', ...fields } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Business;
}

/** A new business account with a new service business (Mon-Fri 09:00-17:00) and one service, signed in. */
export async function newServiceBusiness(request: APIRequestContext, fields: Record<string, unknown> = {}) {
  await register(request, 'owner', 'business');
  const res = await request.post('/api/businesses', { data: { businessName: uniqueName('Studio '), category: 'Fitness', address: '9 Elm Row', phone: '(212) 555-0190', ...fields } });
  expect(res.status(), await res.text()).toBe(201);
  const business = (await res.json()) as Business;
  const service = await request.post(`/api/businesses/${business.id}/services`, { data: { name: 'Private session', duration: 60, price: '40.00', description: '' } });
  expect(service.status(), await service.text()).toBe(201);
  return { business, service: (await service.json()) as Service };
}

export async function book(request: APIRequestContext, body: Record<string, unknown>): Promise<Appointment> {
  const res = await request.post('/api/appointments', { data: { customerName: 'Test Customer', customerEmail: 'test@example.com', customerPhone: '(212) 555-0100', ...body } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Appointment;
}

/** The first day from `from` on (up to 30 days) with free slots, and those slots. */
export async function findOpenDay(request: APIRequestContext, query: Record<string, string | number>, from = addDays(today(), 1)) {
  for (let i = 0; i < 30; i++) {
    const date = addDays(from, i);
    const params = new URLSearchParams({ ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), date });
    const slots = await getJson<string[]>(request, `/api/available-slots?${params}`);
    if (slots.length > 0) return { date, slots };
  }
  throw new Error(`no open day for ${JSON.stringify(query)}`);
}

/** A day (from `from` on) with no appointments at the business and at least `min` free slots for the service. */
export async function quietDay(request: APIRequestContext, businessId: number, serviceId: number, from: string, min = 3) {
  for (let i = 0; i < 25; i++) {
    const date = addDays(from, i);
    const slots = await getJson<string[]>(request, `/api/available-slots?businessId=${businessId}&serviceId=${serviceId}&date=${date}`);
    if (slots.length < min) continue;
    const booked = await getJson<Appointment[]>(request, `/api/appointments?businessId=${businessId}&date=${date}`);
    if (booked.length === 0) return { date, slots };
  }
  throw new Error('no quiet day');
}

/** A demo service business (the index-th) and its services. */
export async function serviceBusiness(request: APIRequestContext, index = 0) {
  const businesses = await getJson<Business[]>(request, '/api/businesses?type=service');
  const business = businesses[index % businesses.length];
  const services = await getJson<Service[]>(request, `/api/businesses/${business.id}/services`);
  return { business, service: services[0], services };
}

/** The business of the signed-in owner (`request` carries the owner's cookies) and its first service. */
export async function ownersBusiness(request: APIRequestContext) {
  const me = await getJson<User>(request, '/api/user');
  const business = await getJson<Business>(request, `/api/businesses/${me.businessId}`);
  const services = await getJson<Service[]>(request, `/api/businesses/${business.id}/services`);
  return { business, service: services[0] };
}

/** A test card's payment intent for `dollars`, authorized as the browser would; returns its clientSecret (what the app sends as paymentIntentId). */
export async function authorizedCard(request: APIRequestContext, dollars: number): Promise<string> {
  const intent = await request.post('/api/create-payment-intent', { data: { amount: dollars } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId, clientSecret } = (await intent.json()) as { paymentIntentId: string; clientSecret: string };
  const confirmed = await request.post(`/api/payment-intents/${paymentIntentId}/confirm`, { data: { cardNumber: '4242424242424242' } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return clientSecret;
}

/** The signed-in customer's queue-jump offer of `dollars` (default $25) by test card, from `fromAppointmentId` for `toAppointmentId`. */
export async function cardOffer(request: APIRequestContext, fromAppointmentId: number, toAppointmentId: number, dollars = 25): Promise<Offer> {
  // A service business's $5.00 fee is charged on top (DESIGN section 5).
  const paymentIntentId = await authorizedCard(request, dollars + 5);
  const offer = await request.post('/api/queue-jump-offers', { data: { fromAppointmentId, toAppointmentId, offerAmount: dollars, offerType: 'queue_jump', paymentMethod: 'cash', paymentIntentId } });
  expect(offer.status(), await offer.text()).toBe(201);
  return (await offer.json()) as Offer;
}

/** A POST that must answer 200; returns its JSON. */
export async function postOk<T>(request: APIRequestContext, path: string, data: Record<string, unknown> = {}): Promise<T> {
  const res = await request.post(path, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** Minutes since midnight on a zone's wall clock now. */
const minutesNowIn = (timeZone: string) => {
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date()).split(':').map(Number);
  return h * 60 + m;
};

/**
 * A new owner (signed in on `request`) with a service business open around the clock (00:00-23:59
 * every day) in a time zone where it is now between 01:00 and 21:00, so its next free starts are
 * minutes away and fall today: visits the owner may really complete now (from an hour before the
 * start). No clock is faked; the server decides by its own.
 */
export async function roundTheClockShop(request: APIRequestContext, service = { name: 'Quick trim', duration: 10, price: '20.00' }) {
  const timeZone = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles'].find((zone) => minutesNowIn(zone) >= 60 && minutesNowIn(zone) < 21 * 60)!;
  const username = `night${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const reg = await request.post('/api/register', { data: { username, email: `${username}@example.com`, password: PASSWORD, userType: 'business' } });
  expect(reg.status(), await reg.text()).toBe(201);
  const created = await request.post('/api/businesses', { data: { businessName: `Night Owl ${username.slice(5)}`, category: 'Beauty & Wellness', address: '1 Late Lane', phone: '(212) 555-0199', timeZone } });
  expect(created.status(), await created.text()).toBe(201);
  const business = (await created.json()) as Business;
  const hours = Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, openTime: '00:00', closeTime: '23:59' }));
  expect((await request.put(`/api/businesses/${business.id}/hours`, { data: { hours } })).status()).toBe(200);
  const made = await request.post(`/api/businesses/${business.id}/services`, { data: { ...service, description: '' } });
  expect(made.status(), await made.text()).toBe(201);
  return { username, password: PASSWORD, business, service: (await made.json()) as Service };
}

/** Today's free starts of a service that begin between `from` and `to` minutes from now ("HH:mm", ascending). */
export async function startsWithin(request: APIRequestContext, business: Business, serviceId: number, from: number, to: number) {
  const date = todayIn(business.timeZone);
  const slots = await getJson<string[]>(request, `/api/available-slots?businessId=${business.id}&serviceId=${serviceId}&date=${date}`);
  const now = minutesNowIn(business.timeZone);
  const times = slots.filter((t) => {
    const [h, m] = t.split(':').map(Number);
    return h * 60 + m - now >= from && h * 60 + m - now <= to;
  });
  expect(times.length, `free starts ${from}-${to} minutes from now at ${business.businessName}: ${slots.join(' ')}`).toBeGreaterThan(0);
  return { date, times };
}
