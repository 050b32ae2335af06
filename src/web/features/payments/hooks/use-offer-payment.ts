import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@contract/errors';
import { centsToDecimal } from '@contract/money';
import { toast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { newKey } from '@/lib/idempotency';
import { checkCreditBalance } from '@/features/credits';
import { createPaymentIntent } from '../api/create-payment-intent';
import { confirmPaymentIntent } from '../api/confirm-payment-intent';
import { paymentConfigQueryOptions } from '../api/get-payment-config';
import type { StripeCardSlot } from '../lib/stripe-card';

export type PaymentMethod = 'cash' | 'credits';

export type PaymentResult = { ok: true; paymentIntentId?: string } | { ok: false };

/** SPEC section 5: the server's own sentence ('You need $X in Que Credit but only have $Y. …'). */
export const toastInsufficientCredit = (error: unknown) =>
  toast({ title: 'Insufficient Que Credit', description: errorMessage(error, 'You do not have enough Que Credit for this offer.'), variant: 'destructive' });

export const isInsufficientCredit = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.INSUFFICIENT_CREDIT;

const paymentFailed = (message: string) => toast({ title: 'Payment Failed', description: message, variant: 'destructive' });

/**
 * Pays for an offer before it is sent. Card: opens a payment intent for the total and authorizes
 * it with the card (the test processor's card number, or Stripe's Payment Element, which confirms
 * the intent with Stripe itself); the clientSecret goes into the offer. An authorized intent is
 * kept for a retry of the same total, so a failed send never authorizes twice. Que Credit: checks
 * the balance (the hold itself is taken with the offer). Failures are toasted here; a declined
 * card's message is also returned as `declined` for the form.
 */
export function useOfferPayment() {
  const queryClient = useQueryClient();
  // The Payment Element puts its card here while it is on screen (PaymentMethodFields' stripeCard).
  const stripeCard = useRef<StripeCardSlot['current']>(null);
  const authorized = useRef<{ totalCents: number; cardNumber: string; clientSecret: string } | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  async function payWithStripe(totalCents: number): Promise<PaymentResult> {
    const card = stripeCard.current;
    if (!card) {
      paymentFailed('The card form is still loading. Try again in a moment.');
      return { ok: false };
    }
    let result;
    try {
      result = await card.authorize(totalCents, () => createPaymentIntent(totalCents / 100, newKey()));
    } catch (error) {
      paymentFailed(errorMessage(error, 'Failed to create payment intent'));
      return { ok: false };
    }
    if (!result.ok) {
      if (result.declined) setDeclined(result.message);
      paymentFailed(result.message);
      return { ok: false };
    }
    authorized.current = { totalCents, cardNumber: '', clientSecret: result.clientSecret };
    return { ok: true, paymentIntentId: result.clientSecret };
  }

  async function payByCard(totalCents: number, cardNumber: string): Promise<PaymentResult> {
    const config = await queryClient.ensureQueryData(paymentConfigQueryOptions()).catch(() => null);
    const viaStripe = config?.processor === 'stripe';
    const kept = authorized.current;
    // With Stripe the card's details stay in Stripe's frame: the same total reuses the authorization.
    if (kept && kept.totalCents === totalCents && (viaStripe || kept.cardNumber === cardNumber)) return { ok: true, paymentIntentId: kept.clientSecret };
    if (viaStripe) return payWithStripe(totalCents);
    let intent;
    try {
      intent = await createPaymentIntent(totalCents / 100, newKey());
    } catch (error) {
      toast({ title: 'Payment Failed', description: errorMessage(error, 'Failed to create payment intent'), variant: 'destructive' });
      return { ok: false };
    }
    try {
      await confirmPaymentIntent(intent.paymentIntentId, cardNumber, newKey());
    } catch (error) {
      const message = errorMessage(error, 'Your card could not be authorized.');
      if (error instanceof ApiError && error.status === 402) setDeclined(message);
      toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
      return { ok: false };
    }
    authorized.current = { totalCents, cardNumber, clientSecret: intent.clientSecret };
    return { ok: true, paymentIntentId: intent.clientSecret };
  }

  async function checkCredit(userId: number, totalCents: number): Promise<PaymentResult> {
    try {
      await checkCreditBalance(userId, centsToDecimal(totalCents), newKey());
      return { ok: true };
    } catch (error) {
      if (isInsufficientCredit(error)) toastInsufficientCredit(error);
      else toast({ title: 'Que Credit Deduction Failed', description: 'Failed to deduct Que Credit. Please try again.', variant: 'destructive' });
      return { ok: false };
    }
  }

  return {
    declined,
    paying,
    stripeCard,
    clearDeclined: () => setDeclined(null),
    /** The intent was used by an offer that now exists: never reuse it. */
    spent: () => {
      authorized.current = null;
    },
    async pay({ method, totalCents, userId, cardNumber }: { method: PaymentMethod; totalCents: number; userId: number; cardNumber: string }): Promise<PaymentResult> {
      setDeclined(null);
      setPaying(true);
      try {
        return method === 'cash' ? await payByCard(totalCents, cardNumber.replace(/[\s-]/g, '')) : await checkCredit(userId, totalCents);
      } finally {
        setPaying(false);
      }
    },
  };
}
