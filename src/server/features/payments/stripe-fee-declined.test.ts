import { describe, expect, it } from 'vitest';
import { changesFollowed, queryRows, signUp } from '../../test/test-app.js';
import { book, businessEarnings, chargesOf, expectLedgerBalanced, shopWithPolicy, startOf, upcomingWeekday } from '../deposits/test-fixtures.js';
import { DOUBLE_CARDS } from './stripe-double-cards.js';
import { handleStripeEvent } from './stripe-events.js';
import { deliver, runPayments, signedEvent, useStripeApp } from './stripe-test-support.js';

// A fee the saved card declines (issue 29): the no-show posts the fee to the business's earnings at
// once, so when the card refuses it for good (the off-session charge's 402, or Stripe's
// payment_intent.payment_failed) the fee is reversed by a new transfer, marked declined, and the owner
// and the customer told (in the app and by e-mail), exactly once whichever reports it first and however often.

const t = useStripeApp();
const MINUTE = 60_000;
const FEE_NOTICE = 'The no-show fee of $15.00 could not be charged: the card was declined';

async function noShowWithCard(testCard: string) {
  const shop = await shopWithPolicy(t.ctx.app, { paymentPolicy: 'card_on_file', noShowFeeCents: 1500, lateCancelFeeCents: 1000 });
  const customer = await signUp(t.ctx.app);
  const setup = await customer.post('/api/setup-intents', {});
  const { setupIntentId } = setup.json() as { setupIntentId: string };
  t.stripe.cards.confirmSetup(setupIntentId, testCard);
  const saved = await customer.post('/api/payment-methods', { setupIntentId });
  expect(saved.statusCode, saved.body).toBe(201);
  const date = upcomingWeekday(4);
  const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00', paymentMethodId: saved.json().paymentMethodId });
  expect(booked.statusCode, booked.body).toBe(201);
  const id = booked.json().id as number;
  t.ctx.clock.set(startOf(date, '09:00') + 20 * MINUTE);
  expect((await shop.owner.post(`/api/appointments/${id}/no-show`)).statusCode).toBe(200);
  return { shop, customer, id, intentId: `pi_fee_${id}_no_show_fee` };
}

/** The appointment's fee transfers on the ledger: code and amount, in order. */
const transfersOf = async (id: number) =>
  (await queryRows<{ code: string; amount: number }>(t.ctx.database, `select code, amount from ledger_transfers where appointment_id = ${id} and code like 'no_show_fee%' order by id`))
    .map((r) => ({ code: r.code, amount: Number(r.amount) }));

/** What the customer's card account moved for the appointment, net. */
const customerCardNet = async (id: number, userId: number) =>
  Number((await queryRows<{ net: string | null }>(t.ctx.database,
    `select sum(case when t.credit_account_id = a.id then t.amount else -t.amount end) as net from ledger_transfers t
       join ledger_accounts a on a.id in (t.debit_account_id, t.credit_account_id) and a.kind = 'user_card' and a.user_id = ${userId}
      where t.appointment_id = ${id}`))[0]?.net ?? 0);

const feeNotices = async (owner: Awaited<ReturnType<typeof signUp>>) =>
  ((await owner.get('/api/notifications')).json().notifications as { kind: string; body: string }[]).filter((n) => n.kind === 'fee_declined');

/** The e-mails the appointment's customer was sent about a declined fee (after its change was followed). */
const feeDeclinedMail = async (id: number) => {
  await changesFollowed(t.ctx.database);
  return queryRows<{ subject: string; text: string; to_email: string }>(t.ctx.database,
    `select subject, text, to_email from email_outbox where appointment_id = ${id} and kind = 'fee_declined' order by id`);
};

const actionStatus = async (intentId: string, kind: string) =>
  (await queryRows<{ status: string }>(t.ctx.database, `select status from payment_actions where payment_intent_id = '${intentId}' and kind = '${kind}'`))[0]?.status;

/** The appointment's card fees as its customer's list shows them. */
const cardFeesSeen = async (fee: { customer: Awaited<ReturnType<typeof signUp>>; id: number }) =>
  ((await fee.customer.get('/api/appointments')).json() as { id: number; cardFees: unknown }[]).find((a) => a.id === fee.id)?.cardFees;

/** Stripe's payment_intent.payment_failed for the fee (our id in its metadata), delivered and kept; returns the event's id. */
async function reportFailed(intentId: string) {
  const sent = signedEvent('payment_intent.payment_failed', { id: `pi_double_failed_${intentId}`, object: 'payment_intent', status: 'requires_payment_method', metadata: { que_intent_id: intentId } });
  expect((await deliver(t.ctx, sent)).statusCode).toBe(200);
  return sent.event.id;
}

async function expectDeclinedOnce(fee: Awaited<ReturnType<typeof noShowWithCard>>) {
  expect(await businessEarnings(t.ctx.database, fee.shop.businessId)).toBe(0);
  expect(await chargesOf(t.ctx.database, fee.id)).toEqual([{ kind: 'no_show_fee', outcome: 'declined', amount_cents: 1500 }]);
  expect(await transfersOf(fee.id)).toEqual([{ code: 'no_show_fee', amount: 1500 }, { code: 'no_show_fee_declined', amount: 1500 }]);
  expect(await customerCardNet(fee.id, fee.customer.user.id)).toBe(0);
  expect(await actionStatus(fee.intentId, 'payout')).toBe('failed'); // nothing paid out for it
  const notices = await feeNotices(fee.shop.owner);
  expect(notices).toHaveLength(1);
  expect(notices[0].body).toContain(FEE_NOTICE);
  // The customer, whose no-show notice said the fee was charged, is told it was not.
  const told = await feeNotices(fee.customer);
  expect(told).toHaveLength(1);
  expect(told[0].body).toMatch(/^Your card declined the no-show fee of \$15\.00 for .+: nothing was charged\.$/);
  expect(await cardFeesSeen(fee)).toMatchObject({ charged: [], declined: ['no_show_fee'] });
  // And by e-mail, once: the missed-visit e-mail had said the fee was charged to the card.
  const mail = await feeDeclinedMail(fee.id);
  expect(mail).toHaveLength(1);
  expect(mail[0].subject).toMatch(/^Fee not charged: .+ at .+$/);
  expect(mail[0].text).toMatch(/Your card declined the no-show fee of \$15\.00 that .+ set for this visit: nothing was charged\./);
  expect(mail[0].text).toContain('An earlier e-mail may have said this fee was charged; it was not');
  await expectLedgerBalanced(t.ctx.database);
}

describe('a no-show fee the saved card declines', () => {
  it('is reversed off the business earnings once, when the charge is refused, and again reports change nothing', async () => {
    const fee = await noShowWithCard(DOUBLE_CARDS.chargeFails);
    expect(await businessEarnings(t.ctx.database, fee.shop.businessId)).toBe(1500); // posted with the no-show
    await runPayments(t.ctx);
    expect(await actionStatus(fee.intentId, 'capture')).toBe('failed');
    await expectDeclinedOnce(fee);

    // Stripe's webhook says the same afterwards, and a runner repeats the action (killed before its mark).
    await reportFailed(fee.intentId);
    await queryRows(t.ctx.database, `update payment_actions set status = 'pending' where payment_intent_id = '${fee.intentId}' and kind = 'capture'`);
    await queryRows(t.ctx.database, `select que_payment_job_add('${fee.intentId}', null, now())`);
    await runPayments(t.ctx);
    await expectDeclinedOnce(fee);
  });

  it('is reversed once when the webhook reports the decline before the action records it', async () => {
    const fee = await noShowWithCard(DOUBLE_CARDS.chargeFails);
    const eventId = await reportFailed(fee.intentId);
    await handleStripeEvent(t.ctx.database.db, t.ctx.app.paymentProcessor, eventId);
    expect(await businessEarnings(t.ctx.database, fee.shop.businessId)).toBe(0);
    await runPayments(t.ctx); // the action's own refusal now finds the fee unpaid already
    expect(await actionStatus(fee.intentId, 'capture')).toBe('failed');
    await expectDeclinedOnce(fee);
  });
});

describe('a no-show fee the saved card pays', () => {
  it('stays in the business earnings, charged, with no declined notice', async () => {
    const fee = await noShowWithCard(DOUBLE_CARDS.visa);
    await runPayments(t.ctx);
    await reportFailed(fee.intentId); // a stray failure report for a captured payment moves nothing
    await runPayments(t.ctx);
    expect(await businessEarnings(t.ctx.database, fee.shop.businessId)).toBe(1500);
    expect(await chargesOf(t.ctx.database, fee.id)).toEqual([{ kind: 'no_show_fee', outcome: 'charged', amount_cents: 1500 }]);
    expect(await transfersOf(fee.id)).toEqual([{ code: 'no_show_fee', amount: 1500 }]);
    expect(await feeNotices(fee.shop.owner)).toEqual([]);
    expect(await feeDeclinedMail(fee.id)).toEqual([]);
    expect(await cardFeesSeen(fee)).toMatchObject({ charged: ['no_show_fee'], declined: [] });
    await expectLedgerBalanced(t.ctx.database);
  });
});
