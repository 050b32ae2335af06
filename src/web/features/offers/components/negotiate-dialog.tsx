import { useState } from 'react';
import { centsToDecimal, formatCents, formatPrice, toCents } from '@contract/money';
import type { Offer } from '@contract/offers';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency';
import { PaymentMethodFields } from '@/features/payments/components/payment-method-fields';
import { isInsufficientCredit, toastInsufficientCredit, useOfferPayment } from '@/features/payments/hooks/use-offer-payment';
import { useNegotiateOffer } from '../api/negotiate-offer';
import { topUpCents, viewerPays } from '../lib/offer-display';
import { AmountField } from './amount-field';

/** 'round 0' meant nothing to a newcomer: the round is the number of counter-offers made so far. */
const counterOffersSoFar = (round: number) => (round === 0 ? 'no counter-offers yet' : round === 1 ? '1 counter-offer so far' : `${round} counter-offers so far`);

/** A counter offer: amount required (> 0, min 1, step 0.01), message optional; a payer's raise by card is authorized first. */
export default function NegotiateDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const [amount, setAmount] = useState(offer.currentAmount);
  const [message, setMessage] = useState('');
  const [cardNumber, setCardNumber] = useState('4242 4242 4242 4242');
  const negotiate = useNegotiateOffer();
  const payment = useOfferPayment();
  const key = useIdempotencyKey();
  const cents = toCents(amount);
  const topUp = cents !== null && viewerPays(offer) && offer.paymentMethod === 'cash' ? topUpCents(offer, cents) : 0;

  const submit = async () => {
    if (cents === null || cents <= 0) return toast({ title: 'Invalid Amount', description: 'Counter amount is required and must be greater than 0.', variant: 'destructive' });
    let paymentIntentId: string | undefined;
    if (topUp > 0) {
      const paid = await payment.pay({ method: 'cash', totalCents: topUp, userId: offer.fromUserId, cardNumber });
      if (!paid.ok) return;
      paymentIntentId = paid.paymentIntentId;
    }
    const body = { counterAmount: centsToDecimal(cents), counterMessage: message, ...(paymentIntentId ? { paymentIntentId } : {}) };
    try {
      await negotiate.mutateAsync({ id: offer.id, body, idempotencyKey: key.keyFor([offer.id, body]) });
    } catch (error) {
      if (isInsufficientCredit(error)) toastInsufficientCredit(error);
      else toast({ title: 'Error', description: errorMessage(error, 'Failed to send counter offer.'), variant: 'destructive' });
      return;
    }
    payment.spent();
    toast({ title: 'Counter Offer Sent', description: `You proposed ${formatCents(cents)}.` });
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Negotiate Offer" description={`Current amount ${formatPrice(offer.currentAmount)} · ${counterOffersSoFar(offer.negotiationRound)}`}>
      <form noValidate className="space-y-4" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <AmountField id="counter-amount" label="Counter amount" value={amount} onChange={setAmount} min={1} step="0.01" />
        <Field id="counter-message" label="Message (optional)">
          <Textarea id="counter-message" value={message} maxLength={500} onChange={(e) => setMessage(e.target.value)} />
        </Field>
        {topUp > 0 && (
          <div className="space-y-2 rounded-lg border border-slate-200 p-3">
            <p className="text-sm text-slate-700">Raising your offer authorizes {formatCents(topUp)} more on your card (the difference of the totals), held in escrow.</p>
            <PaymentMethodFields idPrefix="counter" method="cash" onMethodChange={() => undefined} cardNumber={cardNumber} onCardNumberChange={setCardNumber} declined={payment.declined} cardOnly />
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={negotiate.isPending || payment.paying}>
            {negotiate.isPending || payment.paying ? 'Sending…' : 'Send Counter Offer'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
