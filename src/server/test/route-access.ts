import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { TIME_ZONE, upcomingWeekday } from '../features/appointments/test-fixtures.js';
import { authorizedIntent } from '../features/payments/test-fixtures.js';
import { instantOf, todayIn } from '../time/business-time.js';
import { clockOf, queryRows } from './test-app.js';
import type { Party, World } from './world.js';

export interface AccessCase {
  /** "METHOD /api/path/:param" exactly as the route is registered. */
  route: string;
  name?: string;
  /** Who may do this; everyone else is refused (401 signed out, 403 signed in) and nothing changes. */
  allowed: readonly Party[];
  request(w: World): InjectOptions;
  /** Runs on each fresh world before the case, e.g. to put an offer in the state the route needs. */
  prepare?(w: World): Promise<void>;
  /** Parties who may read a listing but must not see other customers' personal data in it. */
  privateFrom?: readonly Party[];
}

const EVERYONE: Party[] = ['customer', 'owner', 'restaurantOwner', 'otherCustomer', 'otherOwner', 'bidder', 'anonymous'];
const SIGNED_IN: Party[] = ['customer', 'owner', 'restaurantOwner', 'otherCustomer', 'otherOwner', 'bidder'];

const serviceBody = { name: 'Deep clean', duration: 45, price: '55.00', description: '' };
const slotBody = (w: World) => ({ businessId: w.restaurantId, dayOfWeek: 1, startTime: '11:00', endTime: '14:00', intervalMinutes: 30, isActive: true });

/** Routes with nothing of anyone's to protect, and why. Every other route needs a case below. */
export const OPEN_ROUTES: Record<string, string> = {
  'GET /api/health': 'no data',
  'GET /api/payment-config': 'which card processor runs and its publishable key: public by design',
  'POST /api/payouts/setup': 'only with PAYMENTS=stripe (this matrix runs the test processor, which answers 409); owners only for a business: payouts.test.ts',
  'POST /api/setup-intents': 'only with PAYMENTS=stripe (this matrix runs the test processor, which answers 400); makes a SetupIntent for the caller’s own Stripe Customer: stripe-cards.test.ts',
  'POST /api/stripe/webhook': 'Stripe’s events: no session, guarded by the Stripe-Signature (400 unsigned, tampered or without STRIPE_WEBHOOK_SECRET, changing nothing): stripe-webhook.test.ts',
  'POST /api/register': 'creates a new account; no existing resource involved',
  'POST /api/login': 'signs in with credentials; limits are tested in auth tests',
  'POST /api/logout': 'ends only the caller’s own sessions',
  'GET /api/user': 'answers only the caller’s own account',
  'POST /api/waitlist': 'creates the caller’s own entry (identity from the session); its rules: waitlist.test.ts',
  'GET /api/waitlist': 'answers only the caller’s own entries',
  'GET /api/businesses': 'public directory',
  'GET /api/earliest-appointments': 'public listing with no personal data',
  'POST /api/businesses': 'creates the caller’s own business; its userId must equal the caller (businesses tests)',
  'POST /api/restaurants': 'creates the caller’s own restaurant; its userId must equal the caller (businesses tests)',
  'GET /api/reminder-links/:token': 'a reminder’s signed link is its own credential (DESIGN section 11); a made-up or tampered token reads as invalid and shows nothing: reminder-links.test.ts',
  'POST /api/reminder-links/:token': 'a reminder’s signed link is its own credential; refused unless signed, unused and before the start: reminder-links.test.ts',
};

const offerUrl = (w: World, action = '') => `/api/queue-jump-offers/${w.offerId}${action}`;

/** The bidder's offer on the customer's 10:00: the customer answers it, the bidder may withdraw it. */
const OFFER_CASES: AccessCase[] = [
  { route: 'GET /api/queue-jump-offers', allowed: SIGNED_IN, request: () => ({ method: 'GET', url: '/api/queue-jump-offers' }) },
  { route: 'GET /api/queue-jump-offers/:id', allowed: ['customer', 'bidder'], request: (w) => ({ method: 'GET', url: offerUrl(w) }) },
  {
    route: 'POST /api/queue-jump-offers',
    name: "an offer from the bidder's second slot, once the first is withdrawn",
    allowed: ['bidder'],
    async prepare(w) {
      const bidder = w.clients.bidder!;
      // One live offer per sender and target appointment (DESIGN section 6).
      await bidder.post(offerUrl(w, '/cancel'), {});
      const slot = await bidder.post('/api/appointments', {
        businessId: w.shopId, serviceId: w.serviceId, date: w.date, time: '12:00', customerName: 'B', customerEmail: 'b@example.com', customerPhone: '(212) 555-0102',
      });
      w.extra.bidderSlot = slot.json().id;
      w.extra.secret = (await authorizedIntent(bidder, 30)).clientSecret;
    },
    request: (w) => ({
      method: 'POST',
      url: '/api/queue-jump-offers',
      payload: { fromAppointmentId: w.extra.bidderSlot, toAppointmentId: w.appointmentId, offerAmount: 25, paymentMethod: 'cash', paymentIntentId: w.extra.secret },
    }),
  },
  { route: 'POST /api/queue-jump-offers/:id/negotiate', allowed: ['customer'], request: (w) => ({ method: 'POST', url: offerUrl(w, '/negotiate'), payload: { counterAmount: 30 } }) },
  { route: 'POST /api/queue-jump-offers/:id/accept', allowed: ['customer'], request: (w) => ({ method: 'POST', url: offerUrl(w, '/accept'), payload: {} }) },
  {
    route: 'POST /api/queue-jump-offers/:id/accept-counter',
    name: "the bidder accepts the customer's raise, paying the difference",
    allowed: ['bidder'],
    async prepare(w) {
      await w.clients.customer!.post(offerUrl(w, '/negotiate'), { counterAmount: 40 });
      w.extra.topUp = (await authorizedIntent(w.clients.bidder!, 15)).paymentIntentId;
    },
    request: (w) => ({ method: 'POST', url: offerUrl(w, '/accept-counter'), payload: { paymentIntentId: w.extra.topUp } }),
  },
  { route: 'POST /api/queue-jump-offers/:id/decline', allowed: ['customer'], request: (w) => ({ method: 'POST', url: offerUrl(w, '/decline'), payload: {} }) },
  { route: 'POST /api/queue-jump-offers/:id/cancel', allowed: ['bidder'], request: (w) => ({ method: 'POST', url: offerUrl(w, '/cancel'), payload: {} }) },
  {
    route: 'GET /api/appointments/:id/offers',
    name: "the bidder's offer on the customer's 10:00: the two who may cancel it",
    allowed: ['customer', 'owner'],
    request: (w) => ({ method: 'GET', url: `/api/appointments/${w.appointmentId}/offers` }),
  },
  { route: 'GET /api/businesses/:id/swaps', allowed: ['owner'], request: (w) => ({ method: 'GET', url: `/api/businesses/${w.shopId}/swaps` }) },
  { route: 'GET /api/wallet', allowed: SIGNED_IN, request: () => ({ method: 'GET', url: '/api/wallet' }) },
  { route: 'GET /api/payouts', allowed: SIGNED_IN, request: () => ({ method: 'GET', url: '/api/payouts' }) },
];

/** The shop's queue on the customer's day: the owner calls the customer's 10:00; the customer reads their own line. */
const QUEUE_CASES: AccessCase[] = [
  { route: 'POST /api/queue/:entryId/call', allowed: ['owner'], request: (w) => ({ method: 'POST', url: `/api/queue/${w.queueEntryId}/call`, payload: {} }) },
  {
    route: 'GET /api/queue/:businessId/:serviceId/:date/:time',
    allowed: EVERYONE,
    privateFrom: ['otherCustomer', 'otherOwner', 'restaurantOwner', 'bidder', 'anonymous'],
    request: (w) => ({ method: 'GET', url: `/api/queue/${w.shopId}/${w.serviceId}/${w.date}/10:00` }),
  },
  { route: 'GET /api/queue/customer/:userId', allowed: ['customer'], request: (w) => ({ method: 'GET', url: `/api/queue/customer/${w.customerId}` }) },
  { route: 'GET /api/queue/business/:businessId/today', allowed: ['owner'], request: (w) => ({ method: 'GET', url: `/api/queue/business/${w.shopId}/today` }) },
  {
    route: 'POST /api/queue/business/:businessId/call-next',
    name: "the customer's entry moved to today (the real clock's, as Today's queue reads it), so it is the next waiting",
    allowed: ['owner'],
    async prepare(w) {
      const today = todayIn(TIME_ZONE);
      await w.clients.owner!.app.database.db.execute(sql`update queue_entries set starts_at = ${`${today} 23:59:00`}::timestamp where id = ${w.queueEntryId}`);
    },
    request: (w) => ({ method: 'POST', url: `/api/queue/business/${w.shopId}/call-next`, payload: {} }),
  },
];

/** The customer's "offer received" notification from the bidder: theirs alone to mark read. */
const NOTIFICATION_CASES: AccessCase[] = [
  { route: 'GET /api/notifications', allowed: SIGNED_IN, request: () => ({ method: 'GET', url: '/api/notifications' }) },
  { route: 'POST /api/notifications/:id/read', allowed: ['customer'], request: (w) => ({ method: 'POST', url: `/api/notifications/${w.notificationId}/read`, payload: {} }) },
  { route: 'POST /api/notifications/read-all', name: "marks only the caller's own", allowed: SIGNED_IN, request: () => ({ method: 'POST', url: '/api/notifications/read-all', payload: {} }) },
];

/** The shop's staff: its first member (w.extra.staffId), and a second one to deactivate or a time off to remove. */
const firstStaff = async (w: World) => {
  const list = (await w.clients.owner!.get(`/api/businesses/${w.shopId}/staff`)).json() as { id: number }[];
  w.extra.staffId = list[0].id;
};
const staffUrl = (w: World, tail = '') => `/api/staff/${w.extra.staffId}${tail}`;
const STAFF_CASES: AccessCase[] = [
  { route: 'GET /api/businesses/:id/staff', allowed: EVERYONE, request: (w) => ({ method: 'GET', url: `/api/businesses/${w.shopId}/staff` }) },
  { route: 'GET /api/businesses/:id/staff', name: 'every member, with hours and time off', allowed: ['owner'], request: (w) => ({ method: 'GET', url: `/api/businesses/${w.shopId}/staff?all=true` }) },
  { route: 'POST /api/businesses/:id/staff', allowed: ['owner'], request: (w) => ({ method: 'POST', url: `/api/businesses/${w.shopId}/staff`, payload: { name: 'Marco' } }) },
  { route: 'PATCH /api/staff/:id', allowed: ['owner'], prepare: firstStaff, request: (w) => ({ method: 'PATCH', url: staffUrl(w), payload: { bio: 'Twenty years of fades' } }) },
  {
    route: 'PUT /api/staff/:id/hours',
    allowed: ['owner'],
    prepare: firstStaff,
    request: (w) => ({ method: 'PUT', url: staffUrl(w, '/hours'), payload: { hours: [{ dayOfWeek: 6, openTime: '10:00', closeTime: '14:00' }] } }),
  },
  {
    route: 'POST /api/staff/:id/time-off',
    allowed: ['owner'],
    prepare: firstStaff,
    request: (w) => ({ method: 'POST', url: staffUrl(w, '/time-off'), payload: { startDate: w.laterDate, endDate: w.laterDate, reason: 'Course' } }),
  },
  {
    route: 'DELETE /api/staff/:id/time-off/:timeOffId',
    allowed: ['owner'],
    async prepare(w) {
      await firstStaff(w);
      w.extra.timeOffId = (await w.clients.owner!.post(staffUrl(w, '/time-off'), { startDate: w.laterDate, endDate: w.laterDate })).json().id;
    },
    request: (w) => ({ method: 'DELETE', url: staffUrl(w, `/time-off/${w.extra.timeOffId}`) }),
  },
  {
    route: 'DELETE /api/staff/:id',
    name: 'a second member without appointments',
    allowed: ['owner'],
    async prepare(w) {
      w.extra.staffId = (await w.clients.owner!.post(`/api/businesses/${w.shopId}/staff`, { name: 'Temp' })).json().id;
    },
    request: (w) => ({ method: 'DELETE', url: staffUrl(w) }),
  },
  {
    route: 'DELETE /api/staff/:id',
    name: "the first member, the customer's booking reassigned to a named member (DESIGN section 4)",
    allowed: ['owner'],
    async prepare(w) {
      await firstStaff(w);
      w.extra.toStaffId = (await w.clients.owner!.post(`/api/businesses/${w.shopId}/staff`, { name: 'Cover' })).json().id;
    },
    request: (w) => ({ method: 'DELETE', url: staffUrl(w, `?reassign=true&toStaffId=${w.extra.toStaffId}`) }),
  },
  {
    route: 'POST /api/staff/:id/time-off',
    name: "over the customer's booking, cancelling it",
    allowed: ['owner'],
    prepare: firstStaff,
    request: (w) => ({ method: 'POST', url: staffUrl(w, '/time-off?cancelBookings=true'), payload: { startDate: w.date, endDate: w.date, reason: 'Ill' } }),
  },
  {
    route: 'GET /api/businesses/:id/availability',
    allowed: EVERYONE,
    request: (w) => ({ method: 'GET', url: `/api/businesses/${w.shopId}/availability?serviceId=${w.serviceId}&date=${w.date}` }),
  },
];

/** The customer's completed visit at the shop (the world's $1.00 of credit): theirs alone to review. */
const completedVisit = async (w: World) => {
  const [row] = await queryRows<{ id: number }>(w.clients.owner!.app.database, `select id from appointments where customer_id = ${w.customerId} and status = 'completed' limit 1`);
  w.extra.visitId = row.id;
};
/** The customer's review of that visit: the shop's owner alone may reply to it or report it. */
const customerReview = async (w: World) => {
  await completedVisit(w);
  const res = await w.clients.customer!.post(`/api/appointments/${w.extra.visitId}/review`, { rating: 4, text: 'Good' });
  w.extra.reviewId = res.json().id;
};
/** The waitlist (DESIGN section 11): the customer's entry, offered a hold of 12:00 on the world's date. */
const offeredEntry = async (w: World) => {
  const app = w.clients.owner!.app;
  // held from the app's clock (a world's may run days ahead), on a day after it
  const date = upcomingWeekday(15);
  const [hold] = await queryRows<{ id: number }>(app.database,
    `select (que_appointment_hold(${w.customerId}, ${w.shopId}, ${w.serviceId}, '${date}', '12:00', '13:00', 1, NULL, 365, '${clockOf(app).now().toISOString()}')->>'appointmentId')::int as id`);
  const [entry] = await queryRows<{ id: number }>(app.database, `insert into waitlist_entries (customer_id, business_id, service_id, date, from_time, to_time, status, appointment_id)
    values (${w.customerId}, ${w.shopId}, ${w.serviceId}, '${date}', '12:00', '13:00', 'offered', ${hold.id}) returning id`);
  w.extra.entryId = entry.id;
};
/** A booking of the customer's after the app's clock, inside its cancel cut-off (30 days'), which only they may release. */
const insideCutoff = async (w: World) => {
  const booked = await w.clients.customer!.post('/api/appointments', {
    businessId: w.shopId, serviceId: w.serviceId, date: upcomingWeekday(15), time: '14:00', customerName: 'Pat Doe', customerEmail: 'pat@example.com', customerPhone: '(212) 555-0100',
  });
  w.extra.releasedId = booked.json().id;
  await queryRows(w.clients.owner!.app.database, `update appointments set booked_policies = coalesce(booked_policies, '{}') || '{"cancelCutoffMinutes": 43200}' where id = ${w.extra.releasedId}`);
};
const WAITLIST_CASES: AccessCase[] = [
  {
    route: 'GET /api/businesses/:id/waitlist',
    name: "the shop's day, with the customer's entry offered a hold",
    allowed: ['owner'],
    async prepare(w) {
      await offeredEntry(w);
      const [row] = await queryRows<{ date: string }>(w.clients.owner!.app.database, `select date::text as date from waitlist_entries where id = ${w.extra.entryId}`);
      w.extra.entryDate = row.date;
    },
    request: (w) => ({ method: 'GET', url: `/api/businesses/${w.shopId}/waitlist?date=${w.extra.entryDate}` }),
  },
  { route: 'DELETE /api/waitlist/:id', allowed: ['customer'], prepare: offeredEntry, request: (w) => ({ method: 'DELETE', url: `/api/waitlist/${w.extra.entryId}` }) },
  { route: 'POST /api/waitlist/:id/claim', allowed: ['customer'], prepare: offeredEntry, request: (w) => ({ method: 'POST', url: `/api/waitlist/${w.extra.entryId}/claim`, payload: {} }) },
  { route: 'POST /api/appointments/:id/release', allowed: ['customer'], prepare: insideCutoff, request: (w) => ({ method: 'POST', url: `/api/appointments/${w.extra.releasedId}/release`, payload: {} }) },
];
const REVIEW_CASES: AccessCase[] = [
  { route: 'POST /api/appointments/:id/review', allowed: ['customer'], prepare: completedVisit, request: (w) => ({ method: 'POST', url: `/api/appointments/${w.extra.visitId}/review`, payload: { rating: 5 } }) },
  { route: 'GET /api/businesses/:id/reviews', allowed: EVERYONE, prepare: customerReview, request: (w) => ({ method: 'GET', url: `/api/businesses/${w.shopId}/reviews` }) },
  { route: 'POST /api/reviews/:id/reply', allowed: ['owner'], prepare: customerReview, request: (w) => ({ method: 'POST', url: `/api/reviews/${w.extra.reviewId}/reply`, payload: { text: 'Thank you!' } }) },
  { route: 'POST /api/reviews/:id/report', allowed: ['owner'], prepare: customerReview, request: (w) => ({ method: 'POST', url: `/api/reviews/${w.extra.reviewId}/report`, payload: { reason: 'Spam' } }) },
];

export const ACCESS_CASES: AccessCase[] = [
  { route: 'GET /api/session', name: "the caller's own session, or user null", allowed: EVERYONE, request: () => ({ method: 'GET', url: '/api/session' }) },
  {
    route: 'PATCH /api/user',
    name: "the caller's own profile (identity from the session; another's userId is 403, see auth/profile.test.ts)",
    allowed: SIGNED_IN,
    request: () => ({ method: 'PATCH', url: '/api/user', payload: { fullName: 'Sam Self', phone: '(212) 555-0150' } }),
  },
  { route: 'GET /api/businesses/:id', allowed: EVERYONE, request: (w) => ({ method: 'GET', url: `/api/businesses/${w.shopId}` }) },
  {
    route: 'GET /api/usernames/:username/availability',
    name: 'says only what registration says (taken or not)',
    allowed: EVERYONE,
    request: () => ({ method: 'GET', url: '/api/usernames/someone-new/availability' }),
  },
  { route: 'PATCH /api/businesses/:id', allowed: ['owner'], request: (w) => ({ method: 'PATCH', url: `/api/businesses/${w.shopId}`, payload: { description: 'Edited by its owner' } }) },
  { route: 'GET /api/businesses/:id/services', allowed: EVERYONE, request: (w) => ({ method: 'GET', url: `/api/businesses/${w.shopId}/services` }) },
  { route: 'POST /api/businesses/:id/services', allowed: ['owner'], request: (w) => ({ method: 'POST', url: `/api/businesses/${w.shopId}/services`, payload: serviceBody }) },
  { route: 'GET /api/services/:id', allowed: EVERYONE, request: (w) => ({ method: 'GET', url: `/api/services/${w.serviceId}` }) },
  { route: 'PUT /api/services/:id', allowed: ['owner'], request: (w) => ({ method: 'PUT', url: `/api/services/${w.serviceId}`, payload: serviceBody }) },
  { route: 'DELETE /api/services/:id', allowed: ['owner'], request: (w) => ({ method: 'DELETE', url: `/api/services/${w.serviceId}` }) },
  {
    route: 'DELETE /api/services/:id',
    name: 'archived, its bookings kept',
    allowed: ['owner'],
    request: (w) => ({ method: 'DELETE', url: `/api/services/${w.serviceId}?keepBookings=true` }),
  },
  { route: 'GET /api/businesses/:id/hours', allowed: EVERYONE, request: (w) => ({ method: 'GET', url: `/api/businesses/${w.shopId}/hours` }) },
  {
    route: 'PUT /api/businesses/:id/hours',
    allowed: ['owner'],
    request: (w) => ({ method: 'PUT', url: `/api/businesses/${w.shopId}/hours`, payload: { hours: [{ dayOfWeek: 6, openTime: '10:00', closeTime: '14:00' }] } }),
  },
  { route: 'GET /api/business-availability/:businessId', allowed: EVERYONE, request: (w) => ({ method: 'GET', url: `/api/business-availability/${w.shopId}` }) },
  {
    route: 'POST /api/business-availability',
    allowed: ['owner'],
    request: (w) => ({ method: 'POST', url: '/api/business-availability', payload: { businessId: w.shopId, date: w.laterDate, isAvailable: false, reason: 'Training' } }),
  },
  {
    route: 'POST /api/business-availability',
    name: "the customer's booked day, cancelling the booking",
    allowed: ['owner'],
    request: (w) => ({ method: 'POST', url: '/api/business-availability?cancelBookings=true', payload: { businessId: w.shopId, date: w.date, reason: 'Flood' } }),
  },
  { route: 'DELETE /api/business-availability/:id', allowed: ['owner'], request: (w) => ({ method: 'DELETE', url: `/api/business-availability/${w.blockedDateId}` }) },
  { route: 'GET /api/restaurant-time-slots/:businessId', allowed: EVERYONE, request: (w) => ({ method: 'GET', url: `/api/restaurant-time-slots/${w.restaurantId}` }) },
  { route: 'POST /api/restaurant-time-slots', allowed: ['restaurantOwner'], request: (w) => ({ method: 'POST', url: '/api/restaurant-time-slots', payload: slotBody(w) }) },
  { route: 'PUT /api/restaurant-time-slots/:id', allowed: ['restaurantOwner'], request: (w) => ({ method: 'PUT', url: `/api/restaurant-time-slots/${w.timeSlotId}`, payload: slotBody(w) }) },
  { route: 'DELETE /api/restaurant-time-slots/:id', allowed: ['restaurantOwner'], request: (w) => ({ method: 'DELETE', url: `/api/restaurant-time-slots/${w.timeSlotId}` }) },
  {
    route: 'DELETE /api/restaurant-time-slots/:id',
    name: 'cancelling the reservations it held',
    allowed: ['restaurantOwner'],
    request: (w) => ({ method: 'DELETE', url: `/api/restaurant-time-slots/${w.timeSlotId}?cancelBookings=true` }),
  },
  { route: 'GET /api/available-slots', allowed: EVERYONE, request: (w) => ({ method: 'GET', url: `/api/available-slots?businessId=${w.shopId}&serviceId=${w.serviceId}&date=${w.date}` }) },
  { route: 'GET /api/businesses/:id/open-days', allowed: EVERYONE, request: (w) => ({ method: 'GET', url: `/api/businesses/${w.shopId}/open-days?month=${String(w.date).slice(0, 7)}&serviceId=${w.serviceId}` }) },
  {
    route: 'GET /api/available-slots',
    name: "times to move the customer's own appointment to",
    allowed: ['customer'],
    request: (w) => ({ method: 'GET', url: `/api/available-slots?businessId=${w.shopId}&serviceId=${w.serviceId}&date=${w.date}&forAppointment=${w.appointmentId}` }),
  },
  { route: 'GET /api/businesses/:id/earliest-appointment', allowed: EVERYONE, request: (w) => ({ method: 'GET', url: `/api/businesses/${w.shopId}/earliest-appointment` }) },
  { route: 'GET /api/businesses/:id/earliest-appointments', allowed: EVERYONE, request: (w) => ({ method: 'GET', url: `/api/businesses/${w.shopId}/earliest-appointments` }) },
  {
    route: 'POST /api/appointments',
    name: 'book for yourself',
    allowed: SIGNED_IN,
    request: (w) => ({
      method: 'POST',
      url: '/api/appointments',
      payload: { businessId: w.shopId, serviceId: w.serviceId, date: w.date, time: '14:00', customerName: 'A B', customerEmail: 'a@example.com', customerPhone: '(212) 555-0101' },
    }),
  },
  {
    route: 'POST /api/appointments',
    name: "book in the customer's name (customerId in the body)",
    allowed: ['customer'],
    request: (w) => ({
      method: 'POST',
      url: '/api/appointments',
      payload: { customerId: w.customerId, businessId: w.shopId, serviceId: w.serviceId, date: w.date, time: '15:00', customerName: 'A B', customerEmail: 'a@example.com', customerPhone: '(212) 555-0101' },
    }),
  },
  { route: 'GET /api/appointments', name: 'own appointments', allowed: SIGNED_IN, request: () => ({ method: 'GET', url: '/api/appointments' }) },
  {
    route: 'GET /api/appointments',
    name: "a business's day",
    allowed: EVERYONE,
    privateFrom: ['otherCustomer', 'otherOwner', 'restaurantOwner', 'bidder', 'anonymous'],
    request: (w) => ({ method: 'GET', url: `/api/appointments?businessId=${w.shopId}&date=${w.date}` }),
  },
  { route: 'PATCH /api/appointments/:id', name: 'cancel', allowed: ['customer', 'owner'], request: (w) => ({ method: 'PATCH', url: `/api/appointments/${w.appointmentId}`, payload: { status: 'cancelled' } }) },
  {
    route: 'PATCH /api/appointments/:id',
    name: 'reschedule',
    allowed: ['customer'],
    request: (w) => ({ method: 'PATCH', url: `/api/appointments/${w.appointmentId}`, payload: { date: w.laterDate, time: '11:00' } }),
  },
  {
    route: 'POST /api/appointments/:id/complete',
    allowed: ['owner'],
    // The day of the visit: it can be completed from an hour before its start.
    prepare: async (w) => clockOf(w.clients.owner!.app).advanceTo(instantOf(w.date, '10:00', TIME_ZONE)!.epochMilliseconds),
    request: (w) => ({ method: 'POST', url: `/api/appointments/${w.appointmentId}/complete`, payload: {} }),
  },
  {
    route: 'POST /api/appointments/:id/no-show',
    allowed: ['owner'],
    // 15 minutes after the visit's start (DESIGN section 11).
    prepare: async (w) => clockOf(w.clients.owner!.app).advanceTo(instantOf(w.date, '10:00', TIME_ZONE)!.epochMilliseconds + 3_600_000),
    request: (w) => ({ method: 'POST', url: `/api/appointments/${w.appointmentId}/no-show`, payload: {} }),
  },
  {
    route: 'GET /api/restaurant-reservations',
    allowed: EVERYONE,
    privateFrom: ['owner', 'otherCustomer', 'otherOwner', 'bidder', 'anonymous'],
    request: (w) => ({ method: 'GET', url: `/api/restaurant-reservations?restaurantId=${w.restaurantId}&date=${w.reservationDate}` }),
  },
  { route: 'GET /api/credits/:userId', allowed: ['customer'], request: (w) => ({ method: 'GET', url: `/api/credits/${w.customerId}` }) },
  { route: 'POST /api/create-payment-intent', allowed: SIGNED_IN, request: () => ({ method: 'POST', url: '/api/create-payment-intent', payload: { amount: 30 } }) },
  { route: 'POST /api/payment-methods', allowed: SIGNED_IN, request: () => ({ method: 'POST', url: '/api/payment-methods', payload: { cardNumber: '4242424242424242' } }) },
  {
    route: 'POST /api/payment-intents/:id/confirm',
    allowed: ['customer'],
    request: (w) => ({ method: 'POST', url: `/api/payment-intents/${w.paymentIntentId}/confirm`, payload: { cardNumber: '4242424242424242' } }),
  },
  { route: 'GET /api/credits/:userId/transactions', allowed: ['customer'], request: (w) => ({ method: 'GET', url: `/api/credits/${w.customerId}/transactions` }) },
  {
    route: 'POST /api/credits/deduct',
    name: "check the customer's balance (userId in the body; anyone may check their own, see credits tests)",
    allowed: ['customer'],
    request: (w) => ({ method: 'POST', url: '/api/credits/deduct', payload: { userId: w.customerId, queueJumpOfferId: 0, amount: '1.00' } }),
  },
  ...OFFER_CASES,
  ...QUEUE_CASES,
  ...NOTIFICATION_CASES,
  ...STAFF_CASES,
  ...REVIEW_CASES,
  // Reminders (DESIGN section 11): the owner's rules and each appointment's messages.
  { route: 'GET /api/businesses/:id/reminders', allowed: ['owner'], request: (w) => ({ method: 'GET', url: `/api/businesses/${w.shopId}/reminders` }) },
  {
    route: 'PUT /api/businesses/:id/reminders',
    allowed: ['owner'],
    request: (w) => ({ method: 'PUT', url: `/api/businesses/${w.shopId}/reminders`, payload: [{ offsetMinutes: 60, channel: 'email', active: true }] }),
  },
  { route: 'GET /api/appointments/:id/reminders', allowed: ['owner'], request: (w) => ({ method: 'GET', url: `/api/appointments/${w.appointmentId}/reminders` }) },
  ...WAITLIST_CASES,
];
