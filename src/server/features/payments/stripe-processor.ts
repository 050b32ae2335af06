import Stripe from 'stripe';
import {
  type CreateIntentInput, type CreatedIntent, type IntentRef, type IntentSnapshot, type IntentStatus, PaymentRefusedError, type PaymentProcessor,
  type PayoutInput, type PayoutOwner, PaymentWaitError,
} from './payment-processor.js';
import { callStripe as call } from './stripe-calls.js';
import { StripeConnectOnboarding } from './stripe-connect.js';
import { StripeSavedCards } from './stripe-saved-cards.js';

/** Which Stripe Connect account receives a user's or a business's payouts; null until they have onboarded. */
export type ConnectedAccountLookup = (owner: PayoutOwner) => Promise<string | null>;

/** For a processor made without the database (tests of single calls): nobody has an account, payouts wait. */
export const noConnectedAccounts: ConnectedAccountLookup = async () => null;

export interface StripeClientOptions {
  /** Tests point the client at a local server that answers with recorded responses. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** STRIPE_API_URL as the client's options: unset is Stripe's own API; a local double in tests and the e2e. */
export function stripeClientOptions(apiUrl: string | undefined): StripeClientOptions {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** The longest one processor call may take: the client gives up after it and the payment job tries again later. */
export const STRIPE_CALL_TIMEOUT_MS = 20_000;

export function createStripeClient(secretKey: string, options: StripeClientOptions = {}) {
  // Our payment jobs retry with backoff and the same idempotency key; the client's retries would only add delay.
  return new Stripe(secretKey, { maxNetworkRetries: 0, timeout: STRIPE_CALL_TIMEOUT_MS, telemetry: false, ...options });
}

// Stripe's in-between states (requires_confirmation, requires_action, processing) are not authorized yet.
const ourStatus = (status: string): IntentStatus =>
  status === 'requires_capture' || status === 'succeeded' || status === 'canceled' ? status : 'requires_payment_method';

/**
 * Stripe with manual capture: authorize when the offer is made, capture into the platform balance
 * when it is accepted, cancel the authorization on decline or expiry, refund after capture, and pay
 * the recipient with a Connect transfer on release. Every call carries the caller's idempotency key.
 */
export class StripePaymentProcessor implements PaymentProcessor {
  readonly name = 'stripe' as const;
  readonly payouts: StripeConnectOnboarding;
  readonly cards: StripeSavedCards;
  constructor(
    private readonly stripe: Stripe,
    private readonly connectedAccountOf: ConnectedAccountLookup = noConnectedAccounts,
  ) {
    this.payouts = new StripeConnectOnboarding(stripe);
    this.cards = new StripeSavedCards(stripe);
  }

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    const intent = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          capture_method: 'manual',
          allowed_payment_method_types: ['card'],
          metadata: { que_intent_id: input.id, que_user_id: String(input.userId), ...(input.offerId ? { que_offer_id: String(input.offerId) } : {}) },
        },
        { idempotencyKey: `que-intent-${input.id}` },
      ),
    );
    if (!intent.client_secret) throw new Error(`Stripe returned intent ${intent.id} without a client secret`);
    return { clientSecret: intent.client_secret, processorRef: intent.id, status: ourStatus(intent.status) };
  }

  async capture(intent: IntentRef, amountCents: number, idempotencyKey: string): Promise<void> {
    await call(() => this.stripe.paymentIntents.capture(this.ref(intent), { amount_to_capture: amountCents }, { idempotencyKey }));
  }

  async cancel(intent: IntentRef, idempotencyKey: string): Promise<void> {
    await call(() => this.stripe.paymentIntents.cancel(this.ref(intent), { cancellation_reason: 'abandoned' }, { idempotencyKey }));
  }

  async refund(intent: IntentRef, amountCents: number, idempotencyKey: string): Promise<void> {
    await call(() => this.stripe.refunds.create({ payment_intent: this.ref(intent), amount: amountCents }, { idempotencyKey }));
  }

  async payout(input: PayoutInput, idempotencyKey: string): Promise<void> {
    const { recipient } = input;
    const destination = await this.connectedAccountOf(recipient);
    if (!destination) {
      const who = recipient.kind === 'user' ? `User ${recipient.id}` : `Business ${recipient.id}`;
      throw new PaymentWaitError(`${who} has not finished setting up payouts with Stripe yet; the payout waits until they have`);
    }
    // Tied to the charge that brought the money, the transfer can be made before the captured funds become available.
    const charge = input.source ? (await call(() => this.stripe.paymentIntents.retrieve(this.ref(input.source!)))).latest_charge : null;
    const ownerMetadata: Record<string, string> = { [recipient.kind === 'user' ? 'que_user_id' : 'que_business_id']: String(recipient.id) };
    await call(() =>
      this.stripe.transfers.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          destination,
          transfer_group: input.offerId !== null ? `offer_${input.offerId}` : `payment_${input.source?.id ?? 'none'}`,
          ...(charge ? { source_transaction: typeof charge === 'string' ? charge : charge.id } : {}),
          metadata: { ...(input.offerId !== null ? { que_offer_id: String(input.offerId) } : {}), ...(input.source ? { que_intent_id: input.source.id } : {}), ...ownerMetadata },
        },
        { idempotencyKey },
      ),
    );
  }

  async retrieve(intent: IntentRef): Promise<IntentSnapshot | null> {
    if (!intent.processorRef) return null;
    const found = await call(() => this.stripe.paymentIntents.retrieve(intent.processorRef!, { expand: ['latest_charge'] }));
    const charge = typeof found.latest_charge === 'object' ? found.latest_charge : null;
    return { status: ourStatus(found.status), amountCapturableCents: found.amount_capturable, cardLast4: charge?.payment_method_details?.card?.last4 ?? null };
  }

  private ref(intent: IntentRef): string {
    if (!intent.processorRef) throw new PaymentRefusedError(`Payment intent ${intent.id} was not made with Stripe`);
    return intent.processorRef;
  }
}
