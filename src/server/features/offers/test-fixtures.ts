import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../test/test-app.js';
import { book, type Client, restaurant, type SwapParties, swapParties, upcomingDay } from '../appointments/test-fixtures.js';
import { expectLedgerBalanced } from '../credits/test-fixtures.js';
import { ledgerAccount, postTransfer } from '../ledger/test-ledger.js';
import { authorizedIntent } from '../payments/test-fixtures.js';
import { jobsDone } from '../../jobs/jobs-test-support.js';
import { PAYMENT_JOB } from '../payments/payment-jobs.js';

export { authorizedIntent, expectLedgerBalanced, swapParties, type SwapParties };

/** Que Credit for tests, issued through the ledger like booking credit is. */
export async function grantCredit(database: Database, userId: number, cents: number) {
  const issuance = await ledgerAccount(database.db, { kind: 'credit_issuance', asset: 'CREDIT', userId, noOverdraft: false });
  const credit = await ledgerAccount(database.db, { kind: 'user_credit', asset: 'CREDIT', userId, noOverdraft: true });
  await postTransfer(database.db, { debit: issuance, credit, amount: cents, asset: 'CREDIT', code: 'test_grant', description: 'Granted by a test' });
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

/** Waits until the app's job runner has carried out the payment actions due (their jobs). */
export async function runPaymentActions(app: FastifyInstance) {
  await jobsDone(app.database, [PAYMENT_JOB]);
}

export { restaurant, upcomingDay, book };
