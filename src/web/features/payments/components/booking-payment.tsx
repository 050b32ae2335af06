import { CreditCard } from 'lucide-react';
import { paymentLine, paymentPolicyOf, type PaymentTerms } from '@contract/payment-policy-text';
import type { StripeCardSlot } from '../lib/stripe-card';
import { PaymentMethodFields } from './payment-method-fields';

/**
 * The money of a booking under a payment policy (DESIGN section 11), before the customer confirms:
 * what is held now or may be charged later, and when; then the card (a deposit is authorized on it,
 * a card on file saved for the fees, by number on the test processor or in Stripe's Payment Element in
 * setup mode). Nothing for a service without a policy. The booking wizards and a waitlist
 * claim (which books the held time) show it.
 */
export function BookingPayment({ terms, cancelCutoffMinutes, cardNumber, onCardNumberChange, declined, stripeCard }: {
  terms: PaymentTerms;
  cancelCutoffMinutes: number | null;
  cardNumber: string;
  onCardNumberChange: (value: string) => void;
  declined: string | null;
  stripeCard: StripeCardSlot;
}) {
  const line = paymentLine(terms, cancelCutoffMinutes);
  if (!line) return null;
  const policy = paymentPolicyOf(terms);
  return (
    <section aria-labelledby="booking-payment-title" className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm">
      <h3 id="booking-payment-title" className="flex items-center gap-2 font-medium text-slate-900">
        <CreditCard className="size-4" aria-hidden="true" />
        {policy === 'deposit' ? 'Deposit' : 'Card on file'}
      </h3>
      <p data-testid="booking-money-line" className="text-slate-700">{line}</p>
      <PaymentMethodFields idPrefix="booking" method="cash" onMethodChange={() => {}} cardNumber={cardNumber} onCardNumberChange={onCardNumberChange}
        declined={declined} stripeCard={stripeCard} cardOnly cardPurpose={policy === 'card_on_file' ? 'save' : 'authorize'} />
    </section>
  );
}
