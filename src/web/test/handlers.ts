import { type Appointment, createAppointmentSchema, type EarliestAppointment } from '@contract/appointments';
import type { Business } from '@contract/businesses';
import { createOfferSchema } from '@contract/offers';
import { confirmPaymentIntentSchema } from '@contract/payments';
import type { Service } from '@contract/services';
import type { PublicStaffMember } from '@contract/staff';
import { expect } from 'vitest';
import { makeAppointment, makeOffer } from './fixtures';
import { apiError, http, HttpResponse, recorder, server } from './server';

// Handlers several screens share: a business with its services and free times, and booking it.

/** Free start times per date ('YYYY-MM-DD' → ['09:00', …]); a date not listed has none. */
export type FreeTimes = Record<string, string[]>;

/** GET /api/businesses/:id/earliest-appointments over the same free times: every service is free at every listed time. */
function earliestOf(business: Business, services: Service[], free: FreeTimes): EarliestAppointment[] {
  const first = Object.keys(free).sort().find((date) => free[date].length > 0);
  if (!first) return [];
  return services.map((service) => ({
    business: { id: business.id, businessName: business.businessName, businessType: business.businessType, category: business.category, timeZone: business.timeZone },
    service: { id: service.id, serviceName: service.name, duration: service.duration, price: service.price },
    date: first,
    time: [...free[first]].sort()[0],
    duration: service.duration,
  }));
}

/**
 * GET /api/businesses/:id, its services, their earliest free starts, its free times and its staff (by
 * default the one member every service business starts with, named after it); POST /api/appointments
 * books one (checked against the server's schema) while the time is free, else answers 409 SLOT_TAKEN as
 * the server does. Returns what was booked.
 */
export function answerBusiness(business: Business, services: Service[], free: FreeTimes, staff?: PublicStaffMember[]) {
  const booked = recorder<Record<string, unknown>>();
  const members = staff ?? (business.businessType === 'service' ? [{ id: 1000 + business.id, name: business.businessName, bio: '', serviceIds: [] }] : []);
  server.use(
    http.get(`/api/businesses/${business.id}`, () => HttpResponse.json(business)),
    http.get(`/api/businesses/${business.id}/staff`, () => HttpResponse.json(members)),
    // its reviews, under the booking steps: none
    http.get(`/api/businesses/${business.id}/reviews`, () => HttpResponse.json([])),
    http.get(`/api/businesses/${business.id}/services`, () => HttpResponse.json(services)),
    http.get('/api/available-slots', ({ request }) => {
      const url = new URL(request.url);
      if (url.searchParams.get('businessId') !== String(business.id)) return HttpResponse.json([]);
      return HttpResponse.json(free[url.searchParams.get('date') ?? ''] ?? []);
    }),
    // The day's appointments a signed-in visitor may read (none by default): what decides whether
    // Skip the line can work. Other lists of /api/appointments fall through to their own handlers.
    http.get('/api/appointments', ({ request }) => {
      const url = new URL(request.url);
      if (url.searchParams.get('businessId') !== String(business.id) || !url.searchParams.has('date')) return undefined;
      return HttpResponse.json([]);
    }),
    // The month's days with a free time (the calendar greys out the rest), from the same free times.
    http.get(`/api/businesses/${business.id}/open-days`, ({ request }) => {
      const month = new URL(request.url).searchParams.get('month') ?? '';
      return HttpResponse.json({ month, openDays: Object.keys(free).filter((d) => d.startsWith(month) && free[d].length > 0).sort() });
    }),
    // Each service's first free start, soonest first, as the server lists them (the booking flows open on that day).
    http.get(`/api/businesses/${business.id}/earliest-appointments`, () => HttpResponse.json(earliestOf(business, services, free))),
    http.get('/api/queue/:businessId/:serviceId/:date/:time', () => HttpResponse.json([])),
    http.post('/api/appointments', async ({ request }) => {
      const input = createAppointmentSchema.parse(await booked.take(request));
      const times = free[input.date] ?? [];
      if (!times.includes(input.time)) return apiError(409, 'That time is no longer available', 'SLOT_TAKEN');
      free[input.date] = times.filter((t) => t !== input.time);
      const service = services.find((s) => s.id === input.serviceId) ?? services[0];
      // The member asked for, else (as a stand-in for the server's pick) the first one listed.
      const member = members.find((m) => m.id === input.staffId) ?? members[0];
      const appointment: Appointment = makeAppointment({
        id: 900 + booked.bodies.length,
        businessId: business.id,
        businessName: business.businessName,
        businessType: business.businessType,
        timeZone: business.timeZone,
        serviceId: service?.id ?? 0,
        serviceName: service?.name ?? 'Table reservation',
        duration: service?.duration ?? business.reservationDuration ?? 120,
        price: service?.price ?? '0.00',
        date: input.date,
        time: input.time,
        partySize: input.partySize ?? 1,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerPhone: input.customerPhone,
        notes: input.notes || null,
        blockOffers: input.blockOffers,
        staffId: member?.id ?? null,
        staffName: member?.name ?? null,
        staffRequested: input.staffId !== undefined,
        seatingPreference: input.seatingPreference || null,
        occasionType: input.occasionType || null,
        dietaryRestrictions: input.dietaryRestrictions || null,
      });
      return HttpResponse.json(appointment, { status: 201 });
    }),
  );
  return booked;
}

/**
 * The test card processor and Que Credit as the server runs them: card 4000 0000 0000 0002 is declined
 * (402), any other card authorizes; a credit check beyond `credits` is refused with the server's sentence.
 * Returns the amounts authorized by card and the totals checked against credit.
 */
export function answerPayments({ userId, credits = '0.00' }: { userId: number; credits?: string }) {
  const authorized: string[] = [];
  const intents = new Map<string, string>();
  const creditChecks: string[] = [];
  server.use(
    http.post('/api/create-payment-intent', async ({ request }) => {
      const { amount } = (await request.json()) as { amount: number };
      const id = `pi_${intents.size + 1}`;
      intents.set(id, Number(amount).toFixed(2));
      return HttpResponse.json({ paymentIntentId: id, clientSecret: `${id}_secret`, amount: Number(amount).toFixed(2), status: 'requires_payment_method' });
    }),
    http.post('/api/payment-intents/:id/confirm', async ({ request, params }) => {
      const parsed = confirmPaymentIntentSchema.parse(await request.json());
      if (parsed.cardNumber === '4000000000000002') return apiError(402, 'Your card was declined.', 'CARD_DECLINED');
      const id = String(params.id);
      authorized.push(intents.get(id) ?? '?');
      return HttpResponse.json({ paymentIntentId: id, clientSecret: `${id}_secret`, amount: intents.get(id), status: 'requires_capture' });
    }),
    http.get(`/api/credits/${userId}`, () => HttpResponse.json({ userId, credits, pending: '0.00' })),
    http.post('/api/credits/deduct', async ({ request }) => {
      const { amount } = (await request.json()) as { amount: string };
      creditChecks.push(amount);
      if (Number(amount) > Number(credits)) {
        return apiError(400, `You need $${amount} in Que Credit but only have $${credits}. Book more appointments to earn Que Credit!`, 'INSUFFICIENT_CREDIT');
      }
      return HttpResponse.json({ credits, sufficient: true, held: '0.00' });
    }),
  );
  return { authorized, creditChecks };
}

/** POST /api/queue-jump-offers: records each offer (checked against the server's schema) and creates it. */
export function answerOfferCreation() {
  const sent = recorder<Record<string, unknown>>();
  server.use(
    http.post('/api/queue-jump-offers', async ({ request }) => {
      expect(request.headers.get('Idempotency-Key')).toBeTruthy();
      createOfferSchema.parse(await sent.take(request));
      return HttpResponse.json(makeOffer(), { status: 201 });
    }),
  );
  return sent;
}

/**
 * GET `path` paged as the server pages its lists (DESIGN section 10): `size` items a page, in the order
 * `items` gives for the request (filters included), the next page's URL in a Link header, none on the
 * last page. The cursor here is an offset, which the app never reads: it only follows the Link.
 * `body` wraps a page (notifications answer an object). Returns every URL asked, in order.
 */
export function answerPages<T>(path: string, size: number, items: (url: URL) => T[], body: (page: T[]) => unknown = (page) => page) {
  const asked: string[] = [];
  server.use(
    http.get(path, ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      const all = items(url);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const next = new URL(url);
      next.searchParams.set('cursor', String(start + size));
      const link = start + size < all.length ? { Link: `<${next.pathname}${next.search}>; rel="next"` } : undefined;
      return HttpResponse.json(body(all.slice(start, start + size)) as Record<string, unknown>, { headers: link });
    }),
  );
  return asked;
}
