import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.js';
import { queryRows, signUp } from '../../test/test-app.js';
import { book, type Client, restaurant, serviceBusiness, upcomingDay, upcomingWeekday } from '../appointments/test-fixtures.js';
import { AccountKind, assetTotals, getOrCreateAccounts, transfer } from '../ledger/ledger.service.js';
import { authorizedIntent } from '../payments/test-fixtures.js';
import { runDuePaymentActions } from '../payments/payments.service.js';

export { authorizedIntent };

/** Two customers at one shop: the payer holds the later slot, the payee the earlier one. */
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

/** Que Credit for tests, issued through the ledger like booking credit is. */
export async function grantCredit(database: Database, userId: number, cents: number) {
  const [issuance, credit] = await getOrCreateAccounts(database.db, [
    { kind: AccountKind.creditIssuance, asset: 'CREDIT', userId, noOverdraft: false },
    { kind: AccountKind.userCredit, asset: 'CREDIT', userId, noOverdraft: true },
  ]);
  await transfer(database.db, { debitAccountId: issuance.id, creditAccountId: credit.id, amount: cents, asset: 'CREDIT', code: 'test_grant', description: 'Granted by a test' });
}

/** A queue jump from the payer's slot to the payee's, paid by test card. */
export async function cardOffer(p: SwapParties, offerAmount = 25, extra: Record<string, unknown> = {}) {
  const total = offerAmount + 5;
  const intent = await authorizedIntent(p.payer, total);
  return p.payer.post('/api/queue-jump-offers', {
    fromAppointmentId: p.payerAppointmentId,
    toAppointmentId: p.payeeAppointmentId,
    offerAmount,
    offerType: 'queue_jump',
    paymentMethod: 'cash',
    paymentIntentId: intent.clientSecret,
    ...extra,
  });
}

export async function creditOffer(p: SwapParties, offerAmount = 10, extra: Record<string, unknown> = {}) {
  return p.payer.post('/api/queue-jump-offers', {
    fromAppointmentId: p.payerAppointmentId,
    toAppointmentId: p.payeeAppointmentId,
    offerAmount,
    offerType: 'queue_jump',
    paymentMethod: 'credits',
    ...extra,
  });
}

export async function expectZeroSumLedger(database: Database) {
  for (const totals of Object.values(await assetTotals(database.db))) expect(totals).toEqual({ posted: 0, pending: 0 });
}

export async function appointmentTime(client: Client, id: number) {
  const mine = (await client.get('/api/appointments')).json() as { id: number; date: string; time: string; status: string }[];
  return mine.find((a) => a.id === id);
}

export async function wallet(client: Client) {
  return (await client.get('/api/wallet')).json() as Record<string, string>;
}

export async function offerCount(database: Database) {
  return Number((await queryRows<{ n: number }>(database, 'select count(*)::int as n from offers'))[0].n);
}

export async function runPaymentActions(app: FastifyInstance) {
  await runDuePaymentActions(app.db, app.paymentProcessor);
}

export { restaurant, upcomingDay, book };
