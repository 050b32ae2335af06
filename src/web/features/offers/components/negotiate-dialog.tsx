import { RULES } from '@contract/rules';
import { useState } from 'react';
import { centsToDecimal, formatCents, formatPrice } from '@contract/money';
import { counterAmountMessage, type Offer } from '@contract/offers';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency';
import { isInsufficientCredit, PaymentMethodFields, toastInsufficientCredit, useOfferPayment } from '@/features/payments';
import { useNegotiateOffer } from '../api/negotiate-offer';
import { checkAmount } from '../lib/amount-check';
import { topUpCents, viewerPays } from '../lib/offer-display';
import { bindingNote, termsOfOffer } from '../lib/swap-terms';
import { AmountField } from './amount-field';
import { OfferReview } from './offer-review';
import { ReviewButtons } from './review-buttons';

/** 'round 0' meant nothing to a newcomer: the round is the number of counter-offers made so far. */
const counterOffersSoFar = (round: number) => (round === 0 ? 'no counter-offers yet' : round === 1 ? '1 counter-offer so far' : `${round} counter-offers so far`);

/**
 * A counter offer: amount checked as typed ($1-$200), message optional, then a confirmation of what
 * the swap would be at that price; a payer's raise by card is authorized when confirmed.
 */
export default function NegotiateDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const [amount, setAmount] = useState(offer.currentAmount);
  const [message, setMessage] = useState('');
  const [cardNumber, setCardNumber] = useState('4242 4242 4242 4242');
  const [reviewing, setReviewing] = useState(false);
  const negotiate = useNegotiateOffer();
  const payment = useOfferPayment();
  const key = useIdempotencyKey();
  const { cents, problem } = checkAmount('counter', amount);
  const topUp = cents !== null && viewerPays(offer) && offer.paymentMethod === 'cash' ? topUpCents(offer, cents) : 0;
  const busy = negotiate.isPending || payment.paying;

  const review = () => {
    if (cents === null) return toast({ title: 'Invalid Amount', description: problem ?? counterAmountMessage(), variant: 'destructive' });
    setReviewing(true);
  };
  const send = async () => {
    if (cents === null) return;
    let paymentIntentId: string | undefined;
    if (topUp > 0) {
      const paid = await payment.pay({ method: 'cash', totalCents: topUp, userId: offer.fromUserId, cardNumber });
      if (!paid.ok) return setReviewing(false);
      paymentIntentId = paid.paymentIntentId;
    }
    const body = { counterAmount: centsToDecimal(cents), counterMessage: message, ...(paymentIntentId ? { paymentIntentId } : {}) };
    try {
      await negotiate.mutateAsync({ id: offer.id, body, idempotencyKey: key.keyFor([offer.id, body]) });
    } catch (error) {
      if (isInsufficientCredit(error)) toastInsufficientCredit(error);
      else toast({ title: 'Error', description: errorMessage(error, 'Failed to send counter offer.'), variant: 'destructive' });
      return setReviewing(false);
    }
    payment.spent();
    toast({ title: 'Counter Offer Sent', description: `You proposed ${formatCents(cents)}.` });
    onClose();
  };

  let body: React.ReactNode;
  if (reviewing && cents !== null) {
    const terms = termsOfOffer(offer, cents);
    const raise = topUp > 0 ? ` ${formatCents(topUp)} more is authorized on your card now and held with the rest.` : '';
    body = (
      <div className="space-y-4">
        <OfferReview terms={terms} note={bindingNote('counter', terms) + raise} />
        <ReviewButtons busy={busy} confirmLabel="Send Counter Offer" busyLabel="Sending…" onBack={() => setReviewing(false)} onConfirm={() => void send()} />
      </div>
    );
  } else {
    body = (
      <form noValidate className="space-y-4" onSubmit={(e) => { e.preventDefault(); review(); }}>
        <AmountField id="counter-amount" label="Counter amount" value={amount} onChange={setAmount} min={RULES.counterMinCents / 100} max={RULES.offerMaxCents / 100} step="0.01" error={problem} />
        <Field id="counter-message" label="Message (optional)">
          <Textarea id="counter-message" value={message} maxLength={500} onChange={(e) => setMessage(e.target.value)} />
        </Field>
        {topUp > 0 && (
          <div className="space-y-2 rounded-lg border border-slate-200 p-3">
            <p className="text-sm text-slate-700">Raising your offer authorizes {formatCents(topUp)} more on your card (the difference of the totals), held in escrow.</p>
            <PaymentMethodFields idPrefix="counter" method="cash" onMethodChange={() => undefined} cardNumber={cardNumber} onCardNumberChange={setCardNumber} declined={payment.declined} stripeCard={payment.stripeCard} cardOnly />
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Review Counter Offer</Button>
        </div>
      </form>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Negotiate Offer" description={`Current amount ${formatPrice(offer.currentAmount)} · ${counterOffersSoFar(offer.negotiationRound)}`}>
      {body}
    </Dialog>
  );
}
