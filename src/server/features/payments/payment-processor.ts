/**
 * What Que asks of a card processor. Intents are authorized with manual capture when an offer is
 * made; a payment job (payment-jobs.ts) later captures, cancels, refunds or pays out, each call
 * carrying an idempotency key derived from our action id so a retry is never a second charge.
 * Rows in payment_intents are written by the service and the payment jobs, not by processors.
 */
export type IntentStatus = 'requires_payment_method' | 'requires_capture' | 'succeeded' | 'canceled';
export type ProcessorName = 'test' | 'stripe';

export interface CreateIntentInput {
  /** Our id (payment_intents.id); also the idempotency key's seed. */
  id: string;
  amountCents: number;
  userId: number;
  offerId: number | null;
}

export interface CreatedIntent {
  clientSecret: string;
  /** The processor's own id for the intent (null for the test processor: ours is the only one). */
  processorRef: string | null;
  status: IntentStatus;
}

/** An intent as the capture/cancel/refund calls need it: ours and the processor's id. */
export interface IntentRef {
  id: string;
  processorRef: string | null;
}

export interface PayoutInput {
  /** A swap's recipient (a user), or a business paid its deposits and fees. */
  recipient: PayoutOwner;
  /** The offer paid for (a user's payout), or null (a business's, from an appointment's card payment). */
  offerId: number | null;
  amountCents: number;
  /** The captured intent that funded the payout, when there is one (Stripe ties the transfer to its charge). */
  source: IntentRef | null;
}

export interface IntentSnapshot {
  status: IntentStatus;
  amountCapturableCents: number;
  cardLast4: string | null;
}

/** Whose payouts an account receives: a user's (a swap's recipient) or a business's. */
export type PayoutOwner = { kind: 'user' | 'business'; id: number };
export type ProcessorAccountStatus = 'pending' | 'ready';

/** Onboarding an owner to receive payouts, for processors that need it (Stripe Connect). */
export interface PayoutOnboarding {
  /** Makes the owner's connected account; the same owner asking again gets the same one (idempotent). */
  createAccount(owner: PayoutOwner, email: string | null): Promise<string>;
  /** A single-use address of the processor's onboarding forms for the account. */
  createLink(accountRef: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  status(accountRef: string): Promise<ProcessorAccountStatus>;
}

/** A card being saved for a card-on-file service: the browser confirms the SetupIntent by its client secret. */
export interface StartedSetup {
  setupIntentRef: string;
  clientSecret: string;
}

/** A SetupIntent as saving its card needs it: whose it is, whether the card was saved, and the card. */
export interface SetupResult {
  succeeded: boolean;
  /** The que_user_id the SetupIntent was made for (its metadata). */
  userId: number | null;
  customerRef: string | null;
  paymentMethodRef: string | null;
  brand: string;
  last4: string;
}

export interface OffSessionCharge {
  /** Our id of the fee's payment (pi_fee_<appointment>_<kind>). */
  intentId: string;
  userId: number;
  amountCents: number;
  paymentMethodRef: string;
  customerRef: string;
}

/** Saving cards for later off-session charges (Stripe: Customers, SetupIntents, PaymentIntents with off_session). */
export interface SavedCards {
  /** The user's processor customer, made once (the same user asking again within a day gets the same one). */
  createCustomer(user: { id: number; email: string | null }): Promise<string>;
  startSetup(userId: number, customerRef: string): Promise<StartedSetup>;
  /** Null when the processor knows no such SetupIntent. */
  setupResult(setupIntentRef: string): Promise<SetupResult | null>;
  /** Charges the saved card with the customer away; returns the processor's id of the payment. */
  chargeOffSession(charge: OffSessionCharge, idempotencyKey: string): Promise<string>;
}

export interface PaymentProcessor {
  readonly name: ProcessorName;
  /** Absent: payouts need no set-up (the test processor completes them at once). */
  readonly payouts?: PayoutOnboarding;
  /** Absent: cards are saved by number (the test processor, save-payment-method.ts). */
  readonly cards?: SavedCards;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  capture(intent: IntentRef, amountCents: number, idempotencyKey: string): Promise<void>;
  cancel(intent: IntentRef, idempotencyKey: string): Promise<void>;
  refund(intent: IntentRef, amountCents: number, idempotencyKey: string): Promise<void>;
  payout(input: PayoutInput, idempotencyKey: string): Promise<void>;
  /** The intent as the processor sees it now, for processors the client confirms with directly. */
  retrieve(intent: IntentRef): Promise<IntentSnapshot | null>;
}

/** A call that cannot succeed yet, through nobody's fault (no payout account): retried later, never given up on. */
export class PaymentWaitError extends Error {}

/** A call that must never be made as asked (capture more than authorized…): the action fails without retrying. */
export class PaymentRefusedError extends Error {}

/** A refusal by the card itself (declined, insufficient funds): for a fee, its money never arrives (deposits/sql/fee-declined.sql). */
export class CardDeclinedError extends PaymentRefusedError {}
