import type { CardSetup, PaymentIntent } from '@contract/payments';

export type StripeAuthorization = { ok: true; clientSecret: string } | { ok: false; message: string; declined: boolean };
export type StripeSetup = { ok: true; setupIntentId: string } | { ok: false; message: string; declined: boolean };

/**
 * What the Payment Element (stripe-card-fields.tsx, loaded only on the card step) lends the payment
 * hooks: authorize `totalCents` on the card the customer entered, on an intent `openIntent` makes
 * once the card details are complete (payment mode); or save the card for later fees on a SetupIntent
 * `openSetup` makes (setup mode, card on file).
 */
export interface StripeCard {
  authorize(totalCents: number, openIntent: () => Promise<PaymentIntent>): Promise<StripeAuthorization>;
  save(openSetup: () => Promise<CardSetup>): Promise<StripeSetup>;
}

/** Where the card step puts its StripeCard while it is on screen, for the hook that pays. */
export type StripeCardSlot = { current: StripeCard | null };

/** What the card step is for: an amount authorized now, or a card saved for fees that may come later. */
export type CardPurpose = 'authorize' | 'save';
