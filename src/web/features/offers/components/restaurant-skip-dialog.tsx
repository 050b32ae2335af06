import { useState } from 'react';
import { Link } from 'react-router';
import type { Business } from '@contract/businesses';
import { centsToDecimal, formatCents, toCents } from '@contract/money';
import { DEFAULT_RESTAURANT_OFFER_CENTS, splitOffer } from '@contract/offer-fees';
import { offerAmountInRange, offerAmountMessage } from '@contract/offers';
import { formatTime12h } from '@contract/time';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field, NativeSelect } from '@/components/ui/input';
import { formatLongDate } from '@/components/ui/calendar';
import { toast } from '@/components/ui/toast';
import type { User } from '@contract/auth';
import { useRestaurantReservations } from '@/features/appointments/api/get-restaurant-reservations';
import { useUser } from '@/features/auth/api/get-user';
import { useCredits } from '@/features/credits/api/get-credits';
import { PaymentMethodFields } from '@/features/payments/components/payment-method-fields';
import { useSendOffer } from '../hooks/use-send-offer';
import { AmountField } from './amount-field';
import { EscrowNotice } from './escrow-notice';
import { OfferPriceSummary } from './offer-price-summary';
import { ReservationChoices } from './reservation-choices';

function RestaurantSkipForm({ restaurant, date, initialPartySize, user, onDone }: { restaurant: Business; date: string; initialPartySize: number; user: User; onDone: () => void }) {
  const reservations = useRestaurantReservations(restaurant.id, date);
  const credits = useCredits(user.id);
  const others = (reservations.data ?? []).filter((r) => !r.isMine);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [partySize, setPartySize] = useState(initialPartySize);
  const [amount, setAmount] = useState(centsToDecimal(DEFAULT_RESTAURANT_OFFER_CENTS).replace('.00', ''));
  const sender = useSendOffer({ success: { title: 'Offer Sent!' }, failure: { title: 'Failed to Send Offer', fallback: 'Please try again later.' } });
  const chosen = others.find((r) => r.id === chosenId);
  const cents = toCents(amount);

  const submit = async () => {
    if (!chosen) return toast({ title: 'Please select a reservation', description: "Choose which reservation you'd like to swap with.", variant: 'destructive' });
    if (cents === null || !offerAmountInRange('queue_jump', cents)) return toast({ title: 'Invalid Amount', description: offerAmountMessage('queue_jump'), variant: 'destructive' });
    const input = {
      fromUserId: user.id,
      toAppointmentId: chosen.id,
      offerAmount: centsToDecimal(cents),
      offerType: 'queue_jump' as const,
      message: '',
      temporaryReservation: { date, time: chosen.time, partySize, customerName: user.username, customerEmail: user.email },
    };
    const successDescription = `You offered ${formatCents(cents)} for the ${formatTime12h(chosen.time)} table. You'll see their answer under My Appointments.`;
    if (await sender.send({ input, totalCents: splitOffer(cents, 'restaurant').totalCents, userId: user.id, successDescription })) onDone();
  };

  if (reservations.isLoading) {
    return (
      <div className="space-y-2" aria-busy="true" aria-label="Loading reservations">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (reservations.error) return <p className="text-sm text-red-600">Failed to fetch reservations</p>;

  return (
    <form noValidate className="space-y-4" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
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
      <AmountField id="rs-amount" label="Offer amount" value={amount} onChange={setAmount} min={5} max={200} step={5} hint={`Between $5 and $200. Reservation length: ${restaurant.reservationDuration ?? 120} minutes.`} />
      <OfferPriceSummary offerCents={cents} kind="restaurant" />
      <PaymentMethodFields idPrefix="rs" {...sender.paymentFields} creditBalance={credits.data?.credits} />
      <EscrowNotice />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={sender.busy || others.length === 0}>
          {sender.busy ? 'Sending…' : 'Send Offer'}
        </Button>
      </div>
    </form>
  );
}

/** Skip the line at a full restaurant: pay a guest with a table that day to hand it over. */
export default function RestaurantSkipDialog({ restaurant, date, partySize, open, onOpenChange }: {
  restaurant: Business; date: string; partySize: number; open: boolean; onOpenChange: (open: boolean) => void;
}) {
  const { data: user, isLoading } = useUser();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Skip the Line" description={`Offer a guest with a table at ${restaurant.businessName} on ${formatLongDate(date)} to swap.`}>
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
