import { useRef, useState } from 'react';
import { ErrorCode } from '@contract/errors';
import { centsToDecimal } from '@contract/money';
import { toast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { newKey } from '@/lib/idempotency';
import { checkCreditBalance } from '@/features/credits';
import { createPaymentIntent } from '../api/create-payment-intent';
import { confirmPaymentIntent } from '../api/confirm-payment-intent';

export type PaymentMethod = 'cash' | 'credits';

export type PaymentResult = { ok: true; paymentIntentId?: string } | { ok: false };

/** SPEC section 5: the server's own sentence ('You need $X in Que Credit but only have $Y. …'). */
export const toastInsufficientCredit = (error: unknown) =>
  toast({ title: 'Insufficient Que Credit', description: errorMessage(error, 'You do not have enough Que Credit for this offer.'), variant: 'destructive' });

export const isInsufficientCredit = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.INSUFFICIENT_CREDIT;

/**
 * Pays for an offer before it is sent. Card: opens a payment intent for the total and authorizes
 * it with the card (test processor); the clientSecret goes into the offer. An authorized intent is
 * kept for a retry of the same total, so a failed send never authorizes twice. Que Credit: checks
 * the balance (the hold itself is taken with the offer). Failures are toasted here; a declined
 * card's message is also returned as `declined` for the form.
 */
export function useOfferPayment() {
  const authorized = useRef<{ totalCents: number; cardNumber: string; clientSecret: string } | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  async function payByCard(totalCents: number, cardNumber: string): Promise<PaymentResult> {
    const kept = authorized.current;
    if (kept && kept.totalCents === totalCents && kept.cardNumber === cardNumber) return { ok: true, paymentIntentId: kept.clientSecret };
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
