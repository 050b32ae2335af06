import { useState } from 'react';
import { formatCents, formatPrice } from '@contract/money';
import type { Offer } from '@contract/offers';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PaymentMethodFields } from '@/features/payments/components/payment-method-fields';
import { useOfferPayment } from '@/features/payments/hooks/use-offer-payment';

/** The payer accepts a raised counter by card: authorize the difference of the totals, then accept. */
export default function AcceptCounterDialog({ offer, topUpCents, onAccept, onClose }: {
  offer: Offer; topUpCents: number; onAccept: (paymentIntentId: string) => Promise<boolean>; onClose: () => void;
}) {
  const [cardNumber, setCardNumber] = useState('4242 4242 4242 4242');
  const payment = useOfferPayment();
  const [accepting, setAccepting] = useState(false);

  const confirm = async () => {
    const paid = await payment.pay({ method: 'cash', totalCents: topUpCents, userId: offer.fromUserId, cardNumber });
    if (!paid.ok || !paid.paymentIntentId) return;
    setAccepting(true);
    const ok = await onAccept(paid.paymentIntentId);
    setAccepting(false);
    if (ok) {
      payment.spent();
      onClose();
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Accept Counter Offer" description={`They asked for ${formatPrice(offer.currentAmount)}. Your new total charge is ${formatPrice(offer.totalCharge)}.`}>
      <form noValidate className="space-y-4" onSubmit={(e) => { e.preventDefault(); void confirm(); }}>
        <p className="text-sm text-slate-700">
          {formatCents(topUpCents)} more will be authorized on your card and held in escrow with the rest until both appointments are completed. Accepting swaps the appointments now.
        </p>
        <PaymentMethodFields idPrefix="accept-counter" method="cash" onMethodChange={() => undefined} cardNumber={cardNumber} onCardNumberChange={setCardNumber} declined={payment.declined} cardOnly />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            Not now
          </Button>
          <Button type="submit" disabled={payment.paying || accepting}>
            {payment.paying || accepting ? 'Accepting…' : `Pay ${formatCents(topUpCents)} and Accept`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
