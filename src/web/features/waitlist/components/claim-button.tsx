import { Timer } from 'lucide-react';
import { useState } from 'react';
import type { ClaimPayment } from '@contract/waitlist';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { useUser } from '@/features/auth';
import { type BookingCard, BookingPayment, useBookingCard } from '@/features/payments';
import { errorMessage } from '@/lib/api-client';
import { useClaimWaitlistOffer } from '../api/waitlist';
import { formatCountdown, useCountdown } from './use-countdown';

/**
 * Claim a held time, with the time left; past the hold it says so (the server has the last word).
 * Without a payment policy, one tap; with one (DESIGN section 11) the claim is a booking of that
 * service, so it first shows the money line and takes the card as the booking wizard does.
 */
export function ClaimButton({ entryId, expiresAt, payment }: { entryId: number; expiresAt: string; payment: ClaimPayment | null }) {
  const claim = useClaimWaitlistOffer();
  const left = useCountdown(expiresAt);
  const [paying, setPaying] = useState(false);
  const send = (card?: BookingCard, onBooked?: () => void) =>
    claim.mutate(
      { id: entryId, card },
      {
        onSuccess: () => {
          onBooked?.();
          toast({ title: 'Booked', description: 'The time is yours: it is in My Appointments.' });
        },
        onError: (error) => toast({ title: 'Could not claim it', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button className="min-h-11" disabled={claim.isPending || left === 0} onClick={() => (payment ? setPaying(true) : send())}>
        {claim.isPending ? 'Claiming…' : 'Claim'}
      </Button>
      <span className="flex items-center gap-1 text-sm font-medium text-amber-800" role="timer" aria-live="off" data-testid="claim-countdown">
        <Timer className="size-4" aria-hidden="true" />
        {left > 0 ? `${formatCountdown(left)} left` : 'Hold ended'}
      </span>
      {payment && (
        <Dialog open={paying} onOpenChange={setPaying} title="Claim this time" description={left > 0 ? `Held for you: ${formatCountdown(left)} left.` : 'The hold has ended.'}>
          <ClaimCardStep payment={payment} disabled={left === 0} busy={claim.isPending} onCard={(card, spent) => send(card, () => (spent(), setPaying(false)))} />
        </Dialog>
      )}
    </div>
  );
}

/** The card step of a claim under a payment policy: the money line, the card, then the claim. */
function ClaimCardStep({ payment, disabled, busy, onCard }: {
  payment: ClaimPayment;
  disabled: boolean;
  busy: boolean;
  onCard: (card: BookingCard, spent: () => void) => void;
}) {
  const { data: user } = useUser();
  const bookingCard = useBookingCard();
  const [cardNumber, setCardNumber] = useState('');
  const deposit = payment.paymentPolicy === 'deposit';
  const confirm = async () => {
    if (!user || payment.paymentPolicy === 'none') return;
    const card = await bookingCard.take({ kind: payment.paymentPolicy, amountCents: payment.depositCents ?? 0, userId: user.id, cardNumber });
    if (card) onCard(card, bookingCard.spent);
  };
  return (
    <div className="space-y-4">
      <BookingPayment terms={payment} cancelCutoffMinutes={payment.cancelCutoffMinutes} cardNumber={cardNumber} onCardNumberChange={setCardNumber}
        declined={bookingCard.declined} stripeCard={bookingCard.stripeCard} />
      <Button className="min-h-11 w-full" disabled={disabled || busy || bookingCard.busy || !user} onClick={() => void confirm()}>
        {busy || bookingCard.busy ? 'Claiming…' : deposit ? 'Authorize deposit and claim' : 'Save card and claim'}
      </Button>
    </div>
  );
}
