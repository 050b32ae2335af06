import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { book, restaurant, serviceBusiness, upcomingDay, upcomingWeekday } from '../features/appointments/test-fixtures.js';
import { authorizedIntent } from '../features/payments/test-fixtures.js';
import { changesFollowed, completeVisit, signUp } from './test-app.js';

export type Client = Awaited<ReturnType<typeof signUp>>;
export type Party = 'customer' | 'owner' | 'restaurantOwner' | 'otherCustomer' | 'otherOwner' | 'bidder' | 'anonymous';

/**
 * A small marketplace for authorization tests: a service business and a restaurant with their
 * owners, a customer holding a booking at each (and $1.00 of spendable credit from a completed
 * visit), an unrelated customer and business owner, and a bidder: a customer of the shop who
 * offered the customer money (by card) to jump to their earlier slot.
 */
export async function buildWorld(app: FastifyInstance) {
  const shop = await serviceBusiness(app);
  const dining = await restaurant(app);
  const unrelated = await serviceBusiness(app);
  const customer = await signUp(app);
  const otherCustomer = await signUp(app);
  const date = upcomingWeekday();
  const appointment = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
  expect(appointment.statusCode).toBe(201);
  // A completed visit: its $1.00 of Que Credit is spendable, so the customer can pass a credit check
  // (another day: credit is earned once per customer, business and day, and the 10:00 holds this one's).
  const visited = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(8), time: '16:00' });
  expect((await completeVisit(shop.owner, visited.json().id)).statusCode).toBe(200);
  const reservationDate = upcomingDay(3);
  const reservation = await book(customer, { businessId: dining.businessId, serviceId: dining.serviceId, date: reservationDate, time: '18:00', partySize: 2 });
  expect(reservation.statusCode).toBe(201);
  const blocked = await shop.owner.post('/api/business-availability', { businessId: shop.businessId, date: upcomingDay(20), reason: 'Holiday' });
  expect(blocked.statusCode).toBe(201);
  const intent = await customer.post('/api/create-payment-intent', { amount: 30 });
  expect(intent.statusCode).toBe(200);
  const bidder = await signUp(app);
  // Contact details of their own, so a listing that shows the bidder their row does not look like a leak.
  const bidderSlot = await book(bidder, {
    businessId: shop.businessId, serviceId: shop.serviceId, date, time: '11:00', customerName: 'Bea Bidder', customerEmail: 'bea@example.com', customerPhone: '(212) 555-0177',
  });
  const offer = await bidder.post('/api/queue-jump-offers', {
    fromAppointmentId: bidderSlot.json().id,
    toAppointmentId: appointment.json().id,
    offerAmount: 25,
    paymentMethod: 'cash',
    paymentIntentId: (await authorizedIntent(bidder, 30)).clientSecret,
  });
  expect(offer.statusCode, offer.body).toBe(201);
  // The offer told the customer: a notification only they may mark read. It is written by the job that
  // follows the change (decision 0029), after the request answered: waited for, as a busy machine (worlds
  // are built several at a time) can take seconds to run it.
  await changesFollowed(app.database, 20_000);
  const received = (await customer.get('/api/notifications')).json() as { notifications: { id: number; kind: string }[] };
  const notification = received.notifications.find((n) => n.kind === 'offer_received');
  expect(notification).toBeDefined();
  const timeSlots = (await dining.owner.get(`/api/restaurant-time-slots/${dining.businessId}`)).json() as { id: number }[];
  // The customer's 10:00 waits in the shop's queue.
  const queue = (await customer.get(`/api/queue/customer/${customer.user.id}`)).json() as { id: number; appointmentId: number }[];
  const queueEntry = queue.find((e) => e.appointmentId === appointment.json().id);
  expect(queueEntry).toBeDefined();
  const clients: Record<Party, Client | null> = {
    customer,
    owner: shop.owner,
    restaurantOwner: dining.owner,
    otherCustomer,
    otherOwner: unrelated.owner,
    bidder,
    anonymous: null,
  };
  return {
    clients,
    customerId: customer.user.id,
    shopId: shop.businessId,
    serviceId: shop.serviceId,
    restaurantId: dining.businessId,
    restaurantServiceId: dining.serviceId,
    appointmentId: appointment.json().id as number,
    reservationId: reservation.json().id as number,
    date,
    reservationDate,
    // The weekday after `date`, never `date` itself (upcomingWeekday(3) was the same Monday when run on
    // a Thursday, and the reschedule then met the bidder's 11:00).
    laterDate: upcomingWeekday(2, 1),
    blockedDateId: blocked.json().id as number,
    timeSlotId: timeSlots[0].id,
    paymentIntentId: intent.json().paymentIntentId as string,
    offerId: offer.json().id as number,
    notificationId: notification!.id,
    queueEntryId: queueEntry!.id,
    /** What a case's prepare step adds (ids, secrets). */
    extra: {} as Record<string, string | number>,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;
