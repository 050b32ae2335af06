import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../db/client.js';
import { offers } from '../../db/schema.js';
import { signUp } from '../../test/test-app.js';
import { book, type Client, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';

/** Two customers with a booking each at one shop: a payer and a payee for offer rows. */
export async function offerParties(app: FastifyInstance) {
  const shop = await serviceBusiness(app);
  const [payer, payee] = [await signUp(app), await signUp(app)];
  const date = upcomingWeekday();
  const later = await book(payer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '15:00' });
  const earlier = await book(payee, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' });
  expect([later.statusCode, earlier.statusCode]).toEqual([201, 201]);
  return { payer, payee, fromAppointmentId: later.json().id as number, toAppointmentId: earlier.json().id as number };
}

/**
 * An offer row as the offers feature would write it, so payments can be tested before that feature
 * exists. Declined, so any number of them fit one pair of appointments; payments ignores the status.
 */
export async function insertOffer(db: Db, parties: Awaited<ReturnType<typeof offerParties>>, offerCents = 2500): Promise<number> {
  const [row] = await db
    .insert(offers)
    .values({
      fromUserId: parties.payer.user.id,
      toUserId: parties.payee.user.id,
      fromAppointmentId: parties.fromAppointmentId,
      toAppointmentId: parties.toAppointmentId,
      offerType: 'queue_jump',
      paymentMethod: 'cash',
      feeKind: 'service',
      offerCents,
      status: 'declined',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: offers.id });
  return row.id;
}

/** A card intent of `client` for `amount` dollars, confirmed with the authorizing test card. */
export async function authorizedIntent(client: Client, amount: number): Promise<{ paymentIntentId: string; clientSecret: string }> {
  const created = await client.post('/api/create-payment-intent', { amount });
  expect(created.statusCode).toBe(200);
  const { paymentIntentId, clientSecret } = created.json();
  expect((await client.post(`/api/payment-intents/${paymentIntentId}/confirm`, { cardNumber: '4242424242424242' })).statusCode).toBe(200);
  return { paymentIntentId, clientSecret };
}
