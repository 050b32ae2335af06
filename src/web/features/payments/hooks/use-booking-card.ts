import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { newKey } from '@/lib/idempotency';
import { savePaymentMethod } from '../api/save-payment-method';
import { useOfferPayment } from './use-offer-payment';

/** What a booking sends for its service's payment policy (DESIGN section 11). */
export type BookingCard = { paymentIntentId?: string; paymentMethodId?: string };

/**
 * The card step of a booking: a deposit is authorized on the card for exactly its amount, as an
 * offer's payment is (useOfferPayment: the test card form or Stripe's Payment Element); a card on
 * file is saved (test processor). Failures are toasted; a declined card's message is `declined`.
 */
export function useBookingCard() {
  const payment = useOfferPayment();
  const [savedDeclined, setSavedDeclined] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  return {
    stripeCard: payment.stripeCard,
    declined: payment.declined ?? savedDeclined,
    busy: payment.paying || saving,
    /** The deposit's payment was used by a booking that now exists: never reuse it. */
    spent: payment.spent,
    async take(policy: { kind: 'deposit' | 'card_on_file'; amountCents: number; userId: number; cardNumber: string }): Promise<BookingCard | null> {
      if (policy.kind === 'deposit') {
        const paid = await payment.pay({ method: 'cash', totalCents: policy.amountCents, userId: policy.userId, cardNumber: policy.cardNumber });
        return paid.ok ? { paymentIntentId: paid.paymentIntentId } : null;
      }
      setSavedDeclined(null);
      setSaving(true);
      try {
        const saved = await savePaymentMethod(policy.cardNumber.replace(/[\s-]/g, ''), newKey());
        return { paymentMethodId: saved.paymentMethodId };
      } catch (error) {
        const message = errorMessage(error, 'Your card could not be saved.');
        if (error instanceof ApiError && error.status === 402) setSavedDeclined(message);
        toast({ title: 'Card Not Saved', description: message, variant: 'destructive' });
        return null;
      } finally {
        setSaving(false);
      }
    },
  };
}
