import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { instantOf } from '../../time/business-time.js';
import { queryRows, signUp } from '../../test/test-app.js';
import { book, type Client, serviceBusiness, TIME_ZONE, upcomingWeekday } from '../appointments/test-fixtures.js';
import { authorizedIntent } from '../payments/test-fixtures.js';

export { authorizedIntent, book, upcomingWeekday };

/** A shop whose one service ($40) has the payment policy given (DESIGN section 11). */
export async function shopWithPolicy(app: FastifyInstance, policies: Record<string, unknown>) {
  const shop = await serviceBusiness(app);
  const res = await shop.owner.put(`/api/services/${shop.serviceId}`, { name: 'Checkup', duration: 30, price: '40.00', policies });
  expect(res.statusCode, res.body).toBe(200);
  return shop;
}

/** The instant (ms) a wall-clock start in the shop's zone is. */
export const startOf = (date: string, time: string) => instantOf(date, time, TIME_ZONE)!.epochMilliseconds;

/** A customer who books the deposit service at `time` with an authorized $amount card payment. */
export async function bookWithDeposit(app: FastifyInstance, shop: { businessId: number; serviceId: number }, date: string, time: string, amount = 20) {
  const customer = await signUp(app);
  const { paymentIntentId } = await authorizedIntent(customer, amount);
  const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time, paymentIntentId });
  return { customer, res, paymentIntentId };
}

/** A customer with a saved test card. */
export async function customerWithCard(app: FastifyInstance): Promise<{ customer: Client; paymentMethodId: string }> {
  const customer = await signUp(app);
  const saved = await customer.post('/api/payment-methods', { cardNumber: '4242 4242 4242 4242' });
  expect(saved.statusCode, saved.body).toBe(201);
  return { customer, paymentMethodId: saved.json().paymentMethodId as string };
}

type Db = Parameters<typeof queryRows>[0];

/** Every asset's posted and pending balances sum to zero (double entry). */
export async function expectLedgerBalanced(database: Db) {
  const rows = await queryRows<{ asset: string; posted: string; pending: string }>(database,
    `select asset, sum(credits_posted - debits_posted) as posted, sum(credits_pending - debits_pending) as pending from ledger_accounts group by asset`);
  for (const r of rows) expect({ asset: r.asset, posted: Number(r.posted), pending: Number(r.pending) }).toEqual({ asset: r.asset, posted: 0, pending: 0 });
}

/** The appointment's charges: kind → outcome and amount. */
export async function chargesOf(database: Db, appointmentId: number) {
  return queryRows<{ kind: string; outcome: string; amount_cents: number }>(database,
    `select kind, outcome, amount_cents from appointment_charges where appointment_id = ${appointmentId} order by kind`);
}

/** The processor actions recorded for a card payment. */
export async function actionsOf(database: Db, intentId: string) {
  return (await queryRows<{ kind: string; amount_cents: number }>(database,
    `select kind, amount_cents from payment_actions where payment_intent_id = '${intentId}' order by id`)).map((r) => ({ kind: r.kind, amountCents: Number(r.amount_cents) }));
}

/** The business's earnings account balance (posted), in cents. */
export async function businessEarnings(database: Db, businessId: number) {
  const [row] = await queryRows<{ balance: string | null }>(database,
    `select sum(credits_posted - debits_posted) as balance from ledger_accounts where kind = 'business_fees' and business_id = ${businessId}`);
  return Number(row?.balance ?? 0);
}
