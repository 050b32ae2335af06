import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { newKey } from '@/lib/idempotency';
import { createSetupIntent } from '../api/create-setup-intent';
import { paymentConfigQueryOptions } from '../api/get-payment-config';
import { savePaymentMethod } from '../api/save-payment-method';
import type { StripeCardSlot } from '../lib/stripe-card';
import { useOfferPayment } from './use-offer-payment';

/** What a booking sends for its service's payment policy (DESIGN section 11). */
export type BookingCard = { paymentIntentId?: string; paymentMethodId?: string };

class CardNotSaved extends Error {
  constructor(message: string, readonly declined: boolean) {
    super(message);
  }
}

/** With Stripe: the Payment Element (setup mode) confirms a SetupIntent the server makes; its id is what the server saves. */
async function setupWithStripe(slot: StripeCardSlot): Promise<{ setupIntentId: string }> {
  const card = slot.current;
  if (!card) throw new CardNotSaved('The card form is still loading. Try again in a moment.', false);
  const saved = await card.save(createSetupIntent);
  if (!saved.ok) throw new CardNotSaved(saved.message, saved.declined);
  return { setupIntentId: saved.setupIntentId };
}

/**
 * The card step of a booking: a deposit is authorized on the card for exactly its amount, as an
 * offer's payment is (useOfferPayment: the test card form or Stripe's Payment Element); a card on
 * file is saved (the test card's number, or with Stripe a SetupIntent confirmed in the Payment
 * Element). Failures are toasted; a declined card's message is `declined`.
 */
export function useBookingCard() {
  const queryClient = useQueryClient();
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
        const config = await queryClient.ensureQueryData(paymentConfigQueryOptions());
        const card = config.processor === 'stripe' ? await setupWithStripe(payment.stripeCard) : { cardNumber: policy.cardNumber.replace(/[\s-]/g, '') };
        const saved = await savePaymentMethod(card, newKey());
        return { paymentMethodId: saved.paymentMethodId };
      } catch (error) {
        const message = error instanceof CardNotSaved ? error.message : errorMessage(error, 'Your card could not be saved.');
        if ((error instanceof ApiError && error.status === 402) || (error instanceof CardNotSaved && error.declined)) setSavedDeclined(message);
        toast({ title: 'Card Not Saved', description: message, variant: 'destructive' });
        return null;
      } finally {
        setSaving(false);
      }
    },
  };
}
