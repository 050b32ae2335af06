import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Appointment } from '@contract/appointments';
import { centsToDecimal, formatCents, formatCentsShort } from '@contract/money';
import { RULES } from '@contract/rules';
import { formatTime12h } from '@contract/time';
import { DEFAULT_QUEUE_JUMP_CENTS, splitOffer } from '@contract/offer-fees';
import { offerAmountMessage } from '@contract/offers';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field, NativeSelect, Textarea } from '@/components/ui/input';
import { formatLongDate } from '@/components/ui/calendar';
import { toast } from '@/components/ui/toast';
import { useBusinessAppointmentsFiltered, useMyAppointmentsOn } from '@/features/appointments';
import { useUser } from '@/features/auth';
import { useCredits } from '@/features/credits';
import { PaymentMethodFields } from '@/features/payments';
import { formatClock, zoneNote } from '@/lib/business-time';
import { useSendOffer } from '../hooks/use-send-offer';
import { FreeTimeInstead } from './free-time-instead';
import { checkAmount } from '../lib/amount-check';
import { bindingNote, type SwapTerms } from '../lib/swap-terms';
import { AmountField } from './amount-field';
import { EscrowNotice } from './escrow-notice';
import { NoOwnAppointment } from './no-own-appointment';
import { OfferPriceSummary } from './offer-price-summary';
import { OfferReview } from './offer-review';
import { ReviewButtons } from './review-buttons';

const byTime = (a: Appointment, b: Appointment) => a.time.localeCompare(b.time);
const NO_EARLIER = 'There are no earlier appointments available for queue jumping.';

function QueueJumpForm({ businessId, serviceId, date, userId, onDone }: { businessId: number; serviceId?: number; date: string; userId: number; onDone: () => void }) {
  // The customer's own that day, asked of the server: the whole list comes a page at a time.
  const mine = useMyAppointmentsOn(date);
  const day = useBusinessAppointmentsFiltered(businessId, { date });
  const credits = useCredits(userId);
  const own = (mine.data ?? []).filter((a) => a.businessId === businessId && a.date === date && a.status === 'confirmed').sort(byTime);
  const [ownId, setOwnId] = useState<number | null>(null);
  const [amount, setAmount] = useState(centsToDecimal(DEFAULT_QUEUE_JUMP_CENTS).replace('.00', ''));
  const [message, setMessage] = useState('');
  const [reviewing, setReviewing] = useState(false);
  const sender = useSendOffer({ success: { title: 'Queue Jump Offer Sent!' }, failure: { title: 'Error', fallback: 'Failed to send offer.' } });
  const from = own.find((a) => a.id === ownId) ?? own[0];
  const target = from ? (day.data ?? []).filter((a) => !a.isMine && a.status === 'confirmed' && !a.blockOffers && a.time < from.time).sort(byTime)[0] : undefined;
  const noEarlier = Boolean(from && day.data && !target);

  useEffect(() => {
    if (noEarlier) toast({ title: 'No Earlier Slots', description: NO_EARLIER });
  }, [noEarlier, from?.id]);

  if (mine.isLoading || day.isLoading) {
    return (
      <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading appointments">
        <Skeleton className="h-12" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (mine.error || day.error) return <p className="text-sm text-red-600">Failed to fetch appointments. Please try again.</p>;
  if (!from) return <NoOwnAppointment businessId={businessId} serviceId={serviceId} date={date} onDone={onDone} />;

  const { cents, problem } = checkAmount('queue_jump', amount);
  const terms: SwapTerms | null = target && cents !== null ? { kind: 'service', offerCents: cents, viewerPays: true, counterpart: 'the other customer', mine: from, theirs: target, handOver: false } : null;
  const review = () => {
    if (!target) return toast({ title: 'No Earlier Slots', description: NO_EARLIER });
    if (cents === null) return toast({ title: 'Invalid Amount', description: offerAmountMessage('queue_jump'), variant: 'destructive' });
    setReviewing(true);
  };
  const send = async () => {
    if (!target || cents === null) return;
    const input = { fromUserId: userId, fromAppointmentId: from.id, toAppointmentId: target.id, offerAmount: centsToDecimal(cents), offerType: 'queue_jump' as const, message };
    const successDescription = `You offered ${formatCents(cents)} for the ${formatClock(target.time, target.timeZone)} slot. You'll see their answer under My Appointments.`;
    // A refusal (a declined card, say) is shown on the form, where it can be put right.
    if (await sender.send({ input, totalCents: splitOffer(cents, 'service').totalCents, userId, successDescription })) onDone();
    else setReviewing(false);
  };

  // The form stays mounted (hidden) under the review: Stripe's Payment Element must keep the card until it is sent.
  let reviewStep: ReactNode = null;
  if (reviewing && terms) {
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
      {own.length > 1 ? (
        <Field id="qj-own" label="Your appointment">
          <NativeSelect id="qj-own" value={from.id} onChange={(e) => setOwnId(Number(e.target.value))}>
            {own.map((a) => (
              <option key={a.id} value={a.id}>
                {a.serviceName} at {formatTime12h(a.time)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : (
        <p className="text-sm text-slate-700">
          Your appointment: <span className="font-medium">{from.serviceName} at {formatTime12h(from.time)}</span>
        </p>
      )}
      {/* A free earlier time first: no one should pay for what is free. */}
      <FreeTimeInstead mine={from} want="earlier" atMost={target?.time} onMoved={onDone} />
      {target ? (
        <p className="rounded-lg bg-brand-50 p-3 text-sm" data-testid="queue-jump-target">
          Earliest earlier slot: <span className="font-semibold">{formatTime12h(target.time)}</span> ({target.serviceName}, {target.duration} min). If they accept, you swap times.
        </p>
      ) : (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{NO_EARLIER}</p>
      )}
      <AmountField id="qj-amount" label="Offer amount" value={amount} onChange={setAmount} min={RULES.queueJumpMinCents / 100} max={RULES.offerMaxCents / 100} step={1} hint={`Between ${formatCentsShort(RULES.queueJumpMinCents)} and ${formatCentsShort(RULES.offerMaxCents)}.`} error={problem} />
      <OfferPriceSummary offerCents={cents} kind="service" />
      <Field id="qj-message" label="Message (optional)">
        <Textarea id="qj-message" value={message} maxLength={500} onChange={(e) => setMessage(e.target.value)} placeholder="Running late for work? Say why you'd like the earlier slot." />
      </Field>
      <PaymentMethodFields idPrefix="qj" {...sender.paymentFields} creditBalance={credits.data?.credits} />
      <EscrowNotice />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!target}>
          Review Offer
        </Button>
      </div>
    </form>
    </>
  );
}

/**
 * Skip the line at a service business: offer the earliest earlier appointment's holder to swap. Its
 * times are the business's (`timeZone`): from another zone the description says so once, and the form's
 * times are bare (the review and the toast, read on their own, name it again).
 */
export default function QueueJumpDialog({ businessId, businessName, timeZone, serviceId, date, open, onOpenChange }: {
  businessId: number; businessName: string; timeZone: string; serviceId?: number; date: string; open: boolean; onOpenChange: (open: boolean) => void;
}) {
  const { data: user, isLoading } = useUser();
  const note = zoneNote(timeZone);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Skip the Line" description={`Offer to swap for an earlier time at ${businessName} on ${formatLongDate(date)}.${note ? ` ${note}.` : ''}`}>
      {isLoading ? (
        <Skeleton className="h-24" />
      ) : user ? (
        <QueueJumpForm businessId={businessId} serviceId={serviceId} date={date} userId={user.id} onDone={() => onOpenChange(false)} />
      ) : (
        <div className="space-y-3 text-sm">
          <p>Sign in to make a queue-jump offer.</p>
          <Button asChild>
            <Link to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>Sign In</Link>
          </Button>
        </div>
      )}
    </Dialog>
  );
}
