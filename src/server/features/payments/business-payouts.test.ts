import { describe, expect, it } from 'vitest';
import { queryRows, signUp } from '../../test/test-app.js';
import { book, businessEarnings, shopWithPolicy, startOf, upcomingWeekday } from '../deposits/test-fixtures.js';
import { DOUBLE_CARDS } from './stripe-double-cards.js';
import { runPayments, useStripeApp } from './stripe-test-support.js';

// What a business earns by card (DESIGN section 11: a no-show or late-cancel fee, a deposit posted or
// kept) is paid out to the owner's Stripe Connect account for the business: a transfer made by the
// card payment's job after its capture, once per payment, waiting until the account is ready.

const t = useStripeApp();

const transfersFor = (intentId: string) => t.stripe.received.filter((r) => r.path === '/v1/transfers' && r.form.get('metadata[que_intent_id]') === intentId);
const payoutOf = async (intentId: string) =>
  (await queryRows<{ status: string; business_id: number }>(t.ctx.database, `select status, business_id from payment_actions where payment_intent_id = '${intentId}' and kind = 'payout'`))[0];

/** A no-show at a card-on-file shop, its fee charged off-session to a card saved with Stripe. */
async function chargedNoShow() {
  const shop = await shopWithPolicy(t.ctx.app, { paymentPolicy: 'card_on_file', noShowFeeCents: 1500, lateCancelFeeCents: 1000 });
  const customer = await signUp(t.ctx.app);
  const { setupIntentId } = (await customer.post('/api/setup-intents', {})).json() as { setupIntentId: string };
  t.stripe.cards.confirmSetup(setupIntentId, DOUBLE_CARDS.visa);
  const { paymentMethodId } = (await customer.post('/api/payment-methods', { setupIntentId })).json() as { paymentMethodId: string };
  const date = upcomingWeekday(4);
  const id = (await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00', paymentMethodId })).json().id as number;
  t.ctx.clock.set(startOf(date, '10:00') + 20 * 60_000);
  expect((await shop.owner.post(`/api/appointments/${id}/no-show`)).statusCode).toBe(200);
  await runPayments(t.ctx);
  return { shop, intentId: `pi_fee_${id}_no_show_fee` };
}

describe('payouts to a business', () => {
  it('wait for the business account, then transfer the fee once, tied to its charge; the owner sees paid out and waiting', async () => {
    const { shop, intentId } = await chargedNoShow();
    expect(await businessEarnings(t.ctx.database, shop.businessId)).toBe(1500);
    expect(await payoutOf(intentId)).toEqual({ status: 'pending', business_id: shop.businessId });
    expect(transfersFor(intentId)).toEqual([]);
    const mine = async () => ((await shop.owner.get('/api/payouts')).json() as { accounts: { businessId: number | null; status: string; paidOut: string; waiting: string }[] }).accounts
      .find((a) => a.businessId === shop.businessId);
    expect(await mine()).toMatchObject({ status: 'not_started', paidOut: '0.00', waiting: '15.00' });

    // The owner onboards the business from the dashboard's payouts card; Stripe's forms finish.
    const link = await shop.owner.post('/api/payouts/setup', { businessId: shop.businessId });
    expect(link.statusCode, link.body).toBe(200);
    const [{ processor_ref: account }] = await queryRows<{ processor_ref: string }>(t.ctx.database, `select processor_ref from payout_accounts where business_id = ${shop.businessId}`);
    t.stripe.complete(account);
    // Back on the payouts page the account reads ready, and its waiting payout is due now.
    expect(await mine()).toMatchObject({ status: 'ready' });
    await runPayments(t.ctx);

    const [transfer] = transfersFor(intentId);
    expect(Object.fromEntries(transfer.form)).toMatchObject({
      amount: '1500', currency: 'usd', destination: account, source_transaction: expect.stringMatching(/^ch_double/), 'metadata[que_business_id]': String(shop.businessId),
    });
    expect(transfer.headers['idempotency-key']).toMatch(/^que-action-\d+-payout$/);
    expect(await payoutOf(intentId)).toMatchObject({ status: 'done' });
    expect(await mine()).toMatchObject({ status: 'ready', paidOut: '15.00', waiting: '0.00' });

    await runPayments(t.ctx);
    expect(transfersFor(intentId)).toHaveLength(1);
  });
});
