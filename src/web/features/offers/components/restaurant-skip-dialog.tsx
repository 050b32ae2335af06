import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Business } from '@contract/businesses';
import { centsToDecimal, formatCents, formatCentsShort } from '@contract/money';
import { RULES } from '@contract/rules';
import { DEFAULT_RESTAURANT_OFFER_CENTS, splitOffer } from '@contract/offer-fees';
import { offerAmountMessage } from '@contract/offers';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field, NativeSelect } from '@/components/ui/input';
import { formatLongDate } from '@/components/ui/calendar';
import { toast } from '@/components/ui/toast';
import type { User } from '@contract/auth';
import { useRestaurantReservations } from '@/features/appointments';
import { useUser } from '@/features/auth';
import { useCredits } from '@/features/credits';
import { PaymentMethodFields } from '@/features/payments';
import { formatClock, zoneNote } from '@/lib/business-time';
import { useSendOffer } from '../hooks/use-send-offer';
import { checkAmount } from '../lib/amount-check';
import { bindingNote, type SwapTerms } from '../lib/swap-terms';
import { AmountField } from './amount-field';
import { EscrowNotice } from './escrow-notice';
import { OfferPriceSummary } from './offer-price-summary';
import { OfferReview } from './offer-review';
import { ReservationChoices } from './reservation-choices';
import { ReviewButtons } from './review-buttons';

function RestaurantSkipForm({ restaurant, date, initialPartySize, user, onDone }: { restaurant: Business; date: string; initialPartySize: number; user: User; onDone: () => void }) {
  const reservations = useRestaurantReservations(restaurant.id, date);
  const credits = useCredits(user.id);
  const others = (reservations.data ?? []).filter((r) => !r.isMine);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [partySize, setPartySize] = useState(initialPartySize);
  const [amount, setAmount] = useState(centsToDecimal(DEFAULT_RESTAURANT_OFFER_CENTS).replace('.00', ''));
  const [reviewing, setReviewing] = useState(false);
  const sender = useSendOffer({ success: { title: 'Offer Sent!' }, failure: { title: 'Failed to Send Offer', fallback: 'Please try again later.' } });
  const chosen = others.find((r) => r.id === chosenId);
  const { cents, problem } = checkAmount('queue_jump', amount);

  const review = () => {
    if (!chosen) return toast({ title: 'Please select a reservation', description: "Choose which reservation you'd like to swap with.", variant: 'destructive' });
    if (cents === null) return toast({ title: 'Invalid Amount', description: offerAmountMessage('queue_jump'), variant: 'destructive' });
    setReviewing(true);
  };
  const send = async () => {
    if (!chosen || cents === null) return;
    const input = {
      fromUserId: user.id,
      toAppointmentId: chosen.id,
      offerAmount: centsToDecimal(cents),
      offerType: 'queue_jump' as const,
      message: '',
      temporaryReservation: { date, time: chosen.time, partySize, customerName: user.username, customerEmail: user.email },
    };
    const successDescription = `You offered ${formatCents(cents)} for the ${formatClock(chosen.time, restaurant.timeZone)} table. You'll see their answer under My Appointments.`;
    if (await sender.send({ input, totalCents: splitOffer(cents, 'restaurant').totalCents, userId: user.id, successDescription })) onDone();
    else setReviewing(false);
  };

  if (reservations.isLoading) {
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading reservations">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (reservations.error) return <p className="text-sm text-red-600">Failed to fetch reservations</p>;
  // The form stays mounted (hidden) under the review: Stripe's Payment Element must keep the card until it is sent.
  let reviewStep: ReactNode = null;
  if (reviewing && chosen && cents !== null) {
    // The guest's table, the same date and time: they give it up, and nothing moves back to them.
    const table = { date, time: chosen.time, timeZone: restaurant.timeZone };
    const terms: SwapTerms = { kind: 'restaurant', offerCents: cents, viewerPays: true, counterpart: 'the other guest', mine: table, theirs: table, handOver: true };
    reviewStep = (
      <div className="space-y-4">
        <OfferReview terms={terms} note={bindingNote('send', terms, sender.paymentFields.method)} />
        <ReviewButtons busy={sender.busy} confirmLabel="Send Offer" busyLabel="Sending…" onBack={() => setReviewing(false)} onConfirm={() => void send()} />
      </div>
    );
  }

  return (
    <>
    {reviewStep}
    <form hidden={reviewStep !== null} noValidate className="space-y-4" onSubmit={(e) => { e.preventDefault(); review(); }}>
      {others.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">No reservations of other guests to swap with on this date.</p>
      ) : (
        <ReservationChoices reservations={others} chosenId={chosenId} onChoose={setChosenId} />
      )}
      <Field id="rs-party" label="Party size">
        <NativeSelect id="rs-party" value={partySize} onChange={(e) => setPartySize(Number(e.target.value))}>
          {Array.from({ length: restaurant.maxPartySize ?? 8 }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? 'guest' : 'guests'}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <AmountField id="rs-amount" label="Offer amount" value={amount} onChange={setAmount} min={RULES.queueJumpMinCents / 100} max={RULES.offerMaxCents / 100} step={5} hint={`Between ${formatCentsShort(RULES.queueJumpMinCents)} and ${formatCentsShort(RULES.offerMaxCents)}. Reservation length: ${restaurant.reservationDuration ?? 120} minutes.`} error={problem} />
      <OfferPriceSummary offerCents={cents} kind="restaurant" />
      <PaymentMethodFields idPrefix="rs" {...sender.paymentFields} creditBalance={credits.data?.credits} />
      <EscrowNotice />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={others.length === 0}>
          Review Offer
        </Button>
      </div>
    </form>
    </>
  );
}

/**
 * Skip the line at a full restaurant: pay a guest with a table that day to hand it over. From another
 * zone the description says once whose clock the tables' times are on; the choices show them bare.
 */
export default function RestaurantSkipDialog({ restaurant, date, partySize, open, onOpenChange }: {
  restaurant: Business; date: string; partySize: number; open: boolean; onOpenChange: (open: boolean) => void;
}) {
  const { data: user, isLoading } = useUser();
  const note = zoneNote(restaurant.timeZone);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Skip the Line" description={`Offer a guest with a table at ${restaurant.businessName} on ${formatLongDate(date)} to swap.${note ? ` ${note}.` : ''}`}>
      {isLoading ? (
        <Skeleton className="h-24" />
      ) : user ? (
        <RestaurantSkipForm restaurant={restaurant} date={date} initialPartySize={partySize} user={user} onDone={() => onOpenChange(false)} />
      ) : (
        <div className="space-y-3 text-sm">
          <p>Sign in to make an offer for a table.</p>
          <Button asChild>
            <Link to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>Sign In</Link>
          </Button>
        </div>
      )}
    </Dialog>
  );
}
