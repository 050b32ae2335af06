import { z } from 'zod';
import { hasSubCentDigits, toCents } from './money.js';
import { jsonId, jsonInteger } from './numbers.js';

export const TEST_CARD_AUTHORIZES = '4242424242424242';
export const TEST_CARD_DECLINES = '4000000000000002';

/** `amount` is dollars as a JSON number (SPEC: "amount (number)"), e.g. 30 or 30.5. */
export const createPaymentIntentSchema = z.object({
  amount: z
    .number('amount must be a number of dollars, such as 30 or 30.5')
    .refine((v) => !hasSubCentDigits(v), 'amount can have at most two decimal places (whole cents)')
    .refine((v) => {
      const cents = toCents(v);
      return cents !== null && cents >= 50 && cents <= 100_000;
    }, 'amount must be between $0.50 and $1,000'),
  offerId: jsonInteger('offerId must be a number').min(0, 'offerId must be a positive number').optional().nullable(),
});

export const paymentIntentSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amount: z.string(),
  status: z.enum(['requires_payment_method', 'requires_capture', 'succeeded', 'canceled']),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

const cardNumberField = z
  .string('Card number is required')
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, 'Card number must be 12 to 19 digits'));

export const confirmPaymentIntentSchema = z.object({
  cardNumber: cardNumberField,
  expMonth: jsonInteger('Expiry month must be a number').min(1).max(12).optional(),
  expYear: jsonInteger('Expiry year must be a number').min(2000).max(2100).optional(),
  cvc: z.string().regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits').optional(),
});

export const paymentIntentParamsSchema = z.object({ id: z.string().regex(/^pi_[A-Za-z0-9]{8,64}$/, 'Not a payment intent id') });

export const deductCreditsSchema = z.object({
  userId: z.number('userId must be a number').int().positive().optional(),
  queueJumpOfferId: jsonInteger('queueJumpOfferId must be a number').min(0, 'queueJumpOfferId must be 0 or an offer id'),
  amount: z
    .union([z.string(), z.number()], 'amount is required')
    .refine((v) => !hasSubCentDigits(v), 'amount can have at most two decimal places (whole cents)')
    .transform((v, ctx) => {
      const cents = toCents(v);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: 'custom', message: 'amount must be a positive amount in dollars' });
        return z.NEVER;
      }
      return cents;
    }),
});
export const deductCreditsResultSchema = z.object({ credits: z.string(), sufficient: z.boolean(), held: z.string() });

export const walletSchema = z.object({
  /** Spendable Que Credit. */
  credits: z.string(),
  /** Booking credit that becomes spendable when the appointment is completed. */
  pendingCredits: z.string(),
  /** What the user's own live and accepted offers hold, card and credit together. */
  heldInEscrow: z.string(),
  /** What accepted offers will pay the user when both appointments are completed. */
  pendingIncoming: z.string(),
  /** What has been released to the user (card offers). */
  earnings: z.string(),
  /** Deposits held on the user's card for upcoming appointments (DESIGN section 11). */
  depositsHeld: z.string(),
});
export type Wallet = z.infer<typeof walletSchema>;

/** GET /api/payment-config: which card form the web app shows, and Stripe's publishable key when it is Stripe's. */
export const paymentConfigSchema = z.object({
  processor: z.enum(['test', 'stripe']),
  stripePublishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** not_started: no connected account yet; pending: onboarding begun or Stripe wants more; ready: payouts go out. */
export const payoutStatusSchema = z.enum(['not_started', 'pending', 'ready']);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/** One place payouts go: the signed-in user's own (businessId null) or one of their businesses. */
export const payoutAccountSchema = z.object({
  businessId: z.number().nullable(),
  name: z.string(),
  status: payoutStatusSchema,
  /** Dollars sent to this account's bank through Stripe so far (swap payouts; a business's deposits and fees). */
  paidOut: z.string(),
  /** Dollars owed that wait to be sent (for the account to be ready, or a retry). */
  waiting: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** GET /api/payouts. `setupNeeded` is false with the test processor, which pays out without an account. */
export const payoutsSchema = z.object({ setupNeeded: z.boolean(), accounts: z.array(payoutAccountSchema) });
export type Payouts = z.infer<typeof payoutsSchema>;

/** POST /api/payouts/setup: for the user's own payouts, or for a business they own. */
export const startPayoutSetupSchema = z.object({ businessId: jsonId('businessId').optional().nullable() });
export const payoutSetupLinkSchema = z.object({ url: z.string() });

/**
 * POST /api/payment-methods (DESIGN section 11): a card saved for a card-on-file service's fees. The
 * test processor takes `{cardNumber}`; with Stripe the browser confirms a SetupIntent (POST
 * /api/setup-intents) and sends `{setupIntentId}`. Exactly one of the two.
 */
export const createPaymentMethodSchema = z
  .object({
    cardNumber: cardNumberField.optional(),
    setupIntentId: z.string('setupIntentId must be a string').regex(/^seti_[A-Za-z0-9]{1,250}$/, 'setupIntentId must be a Stripe SetupIntent id (seti_…)').optional(),
  })
  .refine((b) => (b.cardNumber === undefined) !== (b.setupIntentId === undefined), 'Send either cardNumber (test processor) or setupIntentId (Stripe)');

/** POST /api/setup-intents (PAYMENTS=stripe): the SetupIntent the browser confirms with the Payment Element in setup mode. */
export const cardSetupSchema = z.object({ setupIntentId: z.string(), clientSecret: z.string() });
export type CardSetup = z.infer<typeof cardSetupSchema>;

export const paymentMethodSchema = z.object({ paymentMethodId: z.string(), brand: z.string(), last4: z.string() });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
