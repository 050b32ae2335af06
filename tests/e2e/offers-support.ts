import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { User } from '../../src/contract/auth';
import type { Business } from '../../src/contract/businesses';
import type { Service } from '../../src/contract/services';
import { addDays } from '../../src/contract/time';
import { getJson, today } from './booking-support';
import { DESKTOP, newPage, uniqueName } from './support/browser';

// Helpers for the swap-offer browser tests (offers*.e2e.ts).

export const PASSWORD = 'plum-orchard-42';

/** A new customer, signed in in a page of its own (own cookies). */
export async function newCustomer(prefix: string, viewport = DESKTOP): Promise<{ page: Page; context: BrowserContext; consoleErrors: string[]; user: User }> {
  const opened = await newPage(viewport);
  const username = uniqueName(prefix);
  const res = await opened.context.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: PASSWORD, userType: 'customer' } });
  expect(res.status(), await res.text()).toBe(201);
  // Registering signs the context in (its cookie); /login would now greet a signed-in user instead of a form.
  return { ...opened, user: (await res.json()) as User };
}

export async function book(request: APIRequestContext, body: Record<string, unknown>): Promise<Appointment> {
  const res = await request.post('/api/appointments', { data: { customerName: 'Test Customer', customerEmail: 'test@example.com', customerPhone: '555-0100', ...body } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Appointment;
}

/** The business of the signed-in owner (`request` carries the owner's cookies) and its first service. */
export async function ownersBusiness(request: APIRequestContext) {
  const me = await getJson<User>(request, '/api/user');
  const business = await getJson<Business>(request, `/api/businesses/${me.businessId}`);
  const services = await getJson<Service[]>(request, `/api/businesses/${business.id}/services`);
  return { business, service: services[0] };
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

export const farDay = (days: number) => addDays(today(), days);

/** The dialog is fully inside a 375 px viewport: nothing wider than the screen. */
export async function expectFitsViewport(page: Page, selector = '[role="dialog"]') {
  const box = await page.locator(selector).boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}
