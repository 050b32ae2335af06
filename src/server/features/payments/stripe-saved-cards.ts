import type Stripe from 'stripe';
import type { OffSessionCharge, SavedCards, SetupResult, StartedSetup } from './payment-processor.js';
import { callStripe } from './stripe-calls.js';

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);

/**
 * Cards kept on file with Stripe (DESIGN section 11, card_on_file): each user is one Stripe Customer;
 * a SetupIntent for off-session use, confirmed by the browser's Payment Element in setup mode, attaches
 * the card to it; a fee is a PaymentIntent confirmed at once with `off_session: true` on that card.
 * The server never sees a card number.
 */
export class StripeSavedCards implements SavedCards {
  constructor(private readonly stripe: Stripe) {}

  async createCustomer(user: { id: number; email: string | null }): Promise<string> {
    const customer = await callStripe(() =>
      this.stripe.customers.create(
        { ...(user.email ? { email: user.email } : {}), metadata: { que_user_id: String(user.id) } },
        // Two first saves racing make one customer (payment_customers keeps the first recorded).
        { idempotencyKey: `que-customer-${user.id}` },
      ),
    );
    return customer.id;
  }

  async startSetup(userId: number, customerRef: string): Promise<StartedSetup> {
    const setup = await callStripe(() =>
      this.stripe.setupIntents.create({
        customer: customerRef,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { que_user_id: String(userId) },
      }),
    );
    if (!setup.client_secret) throw new Error(`Stripe returned setup intent ${setup.id} without a client secret`);
    return { setupIntentRef: setup.id, clientSecret: setup.client_secret };
  }

  async setupResult(setupIntentRef: string): Promise<SetupResult | null> {
    let setup: Stripe.SetupIntent;
    try {
      setup = await this.stripe.setupIntents.retrieve(setupIntentRef, { expand: ['payment_method'] });
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
    const method = typeof setup.payment_method === 'object' ? setup.payment_method : null;
    const userId = Number(setup.metadata?.que_user_id);
    return {
      succeeded: setup.status === 'succeeded',
      userId: Number.isInteger(userId) && userId > 0 ? userId : null,
      customerRef: idOf(setup.customer),
      paymentMethodRef: idOf(setup.payment_method),
      brand: method?.card?.brand ?? 'card',
      last4: method?.card?.last4 ?? '',
    };
  }

  async chargeOffSession(charge: OffSessionCharge, idempotencyKey: string): Promise<string> {
    const intent = await callStripe(() =>
      this.stripe.paymentIntents.create(
        {
          amount: charge.amountCents,
          currency: 'usd',
          customer: charge.customerRef,
          payment_method: charge.paymentMethodRef,
          off_session: true,
          confirm: true,
          metadata: { que_intent_id: charge.intentId, que_user_id: String(charge.userId) },
        },
        { idempotencyKey },
      ),
    );
    return intent.id;
  }
}
