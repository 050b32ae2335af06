import { useState, type ReactNode } from 'react';
import type { Appointment } from '@contract/appointments';
import { centsToDecimal, formatCents } from '@contract/money';
import { RULES } from '@contract/rules';
import { DEFAULT_MOVE_BACK_CENTS, DEFAULT_MOVE_BACK_MESSAGE, splitOffer } from '@contract/offer-fees';
import { offerAmountMessage } from '@contract/offers';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field, Textarea } from '@/components/ui/input';
import { formatLongDate, formatShortDate } from '@/components/ui/calendar';
import { toast } from '@/components/ui/toast';
import { useBusinessAppointmentsFiltered } from '@/features/appointments';
import { useUser } from '@/features/auth';
import { useCredits } from '@/features/credits';
import { PaymentMethodFields } from '@/features/payments';
import { formatClock } from '@/lib/business-time';
import { useSendOffer } from '../hooks/use-send-offer';
import { checkAmount } from '../lib/amount-check';
import { bindingNote } from '../lib/swap-terms';
import { AmountField } from './amount-field';
import { EscrowNotice } from './escrow-notice';
import { FreeTimeInstead } from './free-time-instead';
import { LaterSlotChoices } from './later-slot-choices';
import { OfferPriceSummary } from './offer-price-summary';
import { OfferReview } from './offer-review';
import { ReviewButtons } from './review-buttons';

const startOf = (a: Appointment) => `${a.date} ${a.time}`;

/** Move Back, in one line: what it is for, and who pays whom. */
export const MOVE_BACK_PURPOSE = 'Running late? Pay someone with a later slot to trade with you.';

function MoveBackForm({ appointment: mine, userId, onDone }: { appointment: Appointment; userId: number; onDone: () => void }) {
  const list = useBusinessAppointmentsFiltered(mine.businessId, { serviceId: mine.serviceId });
  const credits = useCredits(userId);
  const later = (list.data ?? [])
    .filter((a) => !a.isMine && a.status === 'confirmed' && !a.blockOffers && a.serviceId === mine.serviceId && startOf(a) > startOf(mine))
    .sort((a, b) => startOf(a).localeCompare(startOf(b)));
  const [targetId, setTargetId] = useState<number | null>(null);
  const [amount, setAmount] = useState(centsToDecimal(DEFAULT_MOVE_BACK_CENTS).replace('.00', ''));
  const [message, setMessage] = useState(DEFAULT_MOVE_BACK_MESSAGE);
  const [reviewing, setReviewing] = useState(false);
  const sender = useSendOffer({ success: { title: 'Move Back Offer Sent!' }, failure: { title: 'Error', fallback: 'Failed to send move back offer.' } });
  const kind = mine.businessType;
  const { cents, problem } = checkAmount('move_back', amount);
  const target = later.find((a) => a.id === targetId);

  const review = () => {
    if (!target || !amount.trim()) return toast({ title: 'Missing Information', description: 'Please select a time slot and enter an offer amount.', variant: 'destructive' });
    if (cents === null) return toast({ title: 'Invalid Amount', description: offerAmountMessage('move_back'), variant: 'destructive' });
    setReviewing(true);
  };
  const send = async () => {
    if (!target || cents === null) return;
    const input = { fromUserId: userId, fromAppointmentId: mine.id, toAppointmentId: target.id, offerAmount: centsToDecimal(cents), offerType: 'move_back' as const, message };
    const successDescription = `You offered ${formatCents(cents)} to swap into the ${formatShortDate(target.date)} ${formatClock(target.time, target.timeZone)} slot.`;
    if (await sender.send({ input, totalCents: splitOffer(cents, kind).totalCents, userId, successDescription })) onDone();
    else setReviewing(false);
  };

  if (list.isLoading) {
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading later appointments">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (list.error) return <p className="text-sm text-red-600">Failed to fetch appointments. Please try again.</p>;
  if (later.length === 0) {
    return (
      <div className="space-y-4">
        <FreeTimeInstead mine={mine} want="later" onMoved={onDone} />
        <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">No later appointments available for swapping at this time.</p>
        <div className="flex justify-end">
          <Button variant="outline" onClick={onDone}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  // The form stays mounted (hidden) under the review: Stripe's Payment Element must keep the card until it is sent.
  let reviewStep: ReactNode = null;
  if (reviewing && target && cents !== null) {
    const terms = { kind, offerCents: cents, viewerPays: true, counterpart: 'the other customer', mine, theirs: target, handOver: false };
    reviewStep = (
      <div className="space-y-4">
        <OfferReview terms={terms} note={bindingNote('send', terms, sender.paymentFields.method)} />
        <ReviewButtons busy={sender.busy} confirmLabel="Send Move Back Offer" busyLabel="Sending…" onBack={() => setReviewing(false)} onConfirm={() => void send()} />
      </div>
    );
  }

  return (
    <>
    {reviewStep}
    <form hidden={reviewStep !== null} noValidate className="space-y-4" onSubmit={(e) => { e.preventDefault(); review(); }}>
      {/* A free later time first: no one should pay for what is free. */}
      <FreeTimeInstead mine={mine} want="later" onMoved={onDone} />
      <LaterSlotChoices slots={later} chosenId={targetId} onChoose={setTargetId} />
      <AmountField id="mb-amount" label="Your offer to them" value={amount} onChange={setAmount} min={RULES.moveBackMinCents / 100} max={RULES.offerMaxCents / 100} step={1} hint={`You pay it, plus a ${formatCents(RULES.businessFeeCents)} Move Back fee, held in escrow until both visits are done.`} error={problem} />
      <OfferPriceSummary offerCents={cents} kind={kind} />
      <Field id="mb-message" label="Message">
        <Textarea id="mb-message" value={message} maxLength={500} onChange={(e) => setMessage(e.target.value)} />
      </Field>
      <PaymentMethodFields idPrefix="mb" {...sender.paymentFields} creditBalance={credits.data?.credits} />
      <EscrowNotice />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit">Review Move Back Offer</Button>
      </div>
    </form>
    </>
  );
}

/** Move Back: pay a customer booked later to swap times (you take their later slot, they get yours). */
export default function MoveBackDialog({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const { data: user } = useUser();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Move Back" description={MOVE_BACK_PURPOSE}>
      <p className="mb-4 text-sm text-slate-700" data-testid="move-back-appointment">
        Your appointment: <span className="font-medium">{appointment.serviceName} at {appointment.businessName}, {formatLongDate(appointment.date)} at {formatClock(appointment.time, appointment.timeZone)}</span>
      </p>
      {user ? <MoveBackForm appointment={appointment} userId={user.id} onDone={onClose} /> : <Skeleton className="h-24" />}
    </Dialog>
  );
}
