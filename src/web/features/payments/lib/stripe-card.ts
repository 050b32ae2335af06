import type { PaymentIntent } from '@contract/payments';

export type StripeAuthorization = { ok: true; clientSecret: string } | { ok: false; message: string; declined: boolean };

/**
 * What the Payment Element (stripe-card-fields.tsx, loaded only on the card step) lends the payment
 * hook: authorize `totalCents` on the card the customer entered, on an intent `openIntent` makes
 * once the card details are complete.
 */
export interface StripeCard {
  authorize(totalCents: number, openIntent: () => Promise<PaymentIntent>): Promise<StripeAuthorization>;
}

/** Where the card step puts its StripeCard while it is on screen, for the hook that pays. */
export type StripeCardSlot = { current: StripeCard | null };
