import { useState } from 'react';
import { formatCents, formatPrice } from '@contract/money';
import type { Offer } from '@contract/offers';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PaymentMethodFields, useOfferPayment } from '@/features/payments';
import { bindingNote, lead, slotText, termsOfOffer } from '../lib/swap-terms';
import { OfferReview } from './offer-review';

/**
 * Accepting an offer or a counter binds both customers and swaps the appointments at once, so it is
 * confirmed first: who moves where, what is paid and received, the fees. A payer accepting a raised
 * card counter authorizes the difference of the totals (`topUpCents`) here too.
 */
export default function AcceptOfferDialog({ offer, counter, topUpCents, onAccept, onClose }: {
  offer: Offer; counter: boolean; topUpCents: number; onAccept: (paymentIntentId?: string) => Promise<boolean>; onClose: () => void;
}) {
  const [cardNumber, setCardNumber] = useState('4242 4242 4242 4242');
  const payment = useOfferPayment();
  const [accepting, setAccepting] = useState(false);
  const terms = termsOfOffer(offer);
  const amount = formatPrice(offer.currentAmount);

  const confirm = async () => {
    let paymentIntentId: string | undefined;
    if (topUpCents > 0) {
      const paid = await payment.pay({ method: 'cash', totalCents: topUpCents, userId: offer.fromUserId, cardNumber });
      if (!paid.ok || !paid.paymentIntentId) return;
      paymentIntentId = paid.paymentIntentId;
    }
    setAccepting(true);
    const ok = await onAccept(paymentIntentId);
    setAccepting(false);
    if (!ok) return;
    if (paymentIntentId) payment.spent();
    onClose();
  };

  const busy = payment.paying || accepting;
  const label = topUpCents > 0 ? `Pay ${formatCents(topUpCents)} and Accept` : counter ? 'Accept Counter Offer' : 'Accept and Swap';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={counter ? 'Accept Counter Offer' : 'Accept Offer'}
      description={counter ? `${lead(terms.counterpart)} countered with ${amount}.` : `${lead(terms.counterpart)} offers ${amount} to swap with your ${slotText(terms.mine, terms.theirs)}.`}
    >
      <form noValidate className="space-y-4" onSubmit={(e) => { e.preventDefault(); void confirm(); }}>
        <OfferReview terms={terms} note={bindingNote('accept', terms)} />
        {topUpCents > 0 && (
          <div className="space-y-2 rounded-lg border border-slate-200 p-3">
            <p className="text-sm text-slate-700">
              {formatCents(topUpCents)} more will be authorized on your card and held in escrow with the rest until both visits are done.
            </p>
            <PaymentMethodFields idPrefix="accept-counter" method="cash" onMethodChange={() => undefined} cardNumber={cardNumber} onCardNumberChange={setCardNumber} declined={payment.declined} stripeCard={payment.stripeCard} cardOnly />
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            Not now
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Accepting…' : label}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
