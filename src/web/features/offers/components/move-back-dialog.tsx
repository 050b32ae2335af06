import { useState } from 'react';
import type { Appointment } from '@contract/appointments';
import { centsToDecimal, formatCents, toCents } from '@contract/money';
import { DEFAULT_MOVE_BACK_CENTS, DEFAULT_MOVE_BACK_MESSAGE, splitOffer } from '@contract/offer-fees';
import { offerAmountInRange, offerAmountMessage } from '@contract/offers';
import { formatTime12h } from '@contract/time';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field, Textarea } from '@/components/ui/input';
import { formatLongDate, formatShortDate } from '@/components/ui/calendar';
import { toast } from '@/components/ui/toast';
import { useBusinessAppointmentsFiltered } from '@/features/appointments/api/get-appointments';
import { useUser } from '@/features/auth/api/get-user';
import { useCredits } from '@/features/credits/api/get-credits';
import { PaymentMethodFields } from '@/features/payments/components/payment-method-fields';
import { cn } from '@/lib/cn';
import { useSendOffer } from '../hooks/use-send-offer';
import { AmountField } from './amount-field';
import { EscrowNotice } from './escrow-notice';
import { OfferPriceSummary } from './offer-price-summary';

const startOf = (a: Appointment) => `${a.date} ${a.time}`;

function MoveBackForm({ appointment: mine, userId, onDone }: { appointment: Appointment; userId: number; onDone: () => void }) {
  const list = useBusinessAppointmentsFiltered(mine.businessId, { serviceId: mine.serviceId });
  const credits = useCredits(userId);
  const later = (list.data ?? [])
    .filter((a) => !a.isMine && a.status === 'confirmed' && !a.blockOffers && a.serviceId === mine.serviceId && startOf(a) > startOf(mine))
    .sort((a, b) => startOf(a).localeCompare(startOf(b)));
  const [targetId, setTargetId] = useState<number | null>(null);
  const [amount, setAmount] = useState(centsToDecimal(DEFAULT_MOVE_BACK_CENTS).replace('.00', ''));
  const [message, setMessage] = useState(DEFAULT_MOVE_BACK_MESSAGE);
  const sender = useSendOffer({ success: { title: 'Move Back Offer Sent!' }, failure: { title: 'Error', fallback: 'Failed to send move back offer.' } });
  const kind = mine.businessType;
  const cents = toCents(amount);
  const target = later.find((a) => a.id === targetId);

  const submit = async () => {
    if (!target || !amount.trim()) return toast({ title: 'Missing Information', description: 'Please select a time slot and enter an offer amount.', variant: 'destructive' });
    if (cents === null || !offerAmountInRange('move_back', cents)) return toast({ title: 'Invalid Amount', description: offerAmountMessage('move_back'), variant: 'destructive' });
    const input = { fromUserId: userId, fromAppointmentId: mine.id, toAppointmentId: target.id, offerAmount: centsToDecimal(cents), offerType: 'move_back' as const, message };
    const successDescription = `You offered ${formatCents(cents)} to swap into the ${formatShortDate(target.date)} ${formatTime12h(target.time)} slot.`;
    if (await sender.send({ input, totalCents: splitOffer(cents, kind).totalCents, userId, successDescription })) onDone();
  };

  if (list.isLoading) {
    return (
      <div className="space-y-2" aria-busy="true" aria-label="Loading later appointments">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (list.error) return <p className="text-sm text-red-600">Failed to fetch appointments. Please try again.</p>;
  if (later.length === 0) {
    return (
      <div className="space-y-4">
        <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">No later appointments available for swapping at this time.</p>
        <div className="flex justify-end">
          <Button variant="outline" onClick={onDone}>
            Close
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate className="space-y-4" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Later time to take</legend>
        <div className="grid max-h-56 gap-2 overflow-y-auto sm:grid-cols-2">
          {later.map((a) => (
            <label key={a.id} className={cn('flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm focus-within:ring-2 focus-within:ring-brand-200', targetId === a.id ? 'border-brand-500 bg-brand-50' : 'border-slate-300')}>
              <input type="radio" name="move-back-slot" value={a.id} checked={targetId === a.id} onChange={() => setTargetId(a.id)} className="accent-brand-600" />
              <span>
                <span className="font-medium">{formatShortDate(a.date)}</span> at {formatTime12h(a.time)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <AmountField id="mb-amount" label="Offer amount" value={amount} onChange={setAmount} min={1} max={200} step={1} hint="A $5.00 Move Back fee is added and held in escrow until the appointment completes." />
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
        <Button type="submit" disabled={sender.busy}>
          {sender.busy ? 'Sending…' : 'Send Move Back Offer'}
        </Button>
      </div>
    </form>
  );
}

/** Move Back: offer a customer booked later to swap times (you take their later slot). */
export default function MoveBackDialog({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const { data: user } = useUser();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Move Back" description={`${appointment.serviceName} at ${appointment.businessName}, ${formatLongDate(appointment.date)} at ${formatTime12h(appointment.time)}`}>
      {user ? <MoveBackForm appointment={appointment} userId={user.id} onDone={onClose} /> : <Skeleton className="h-24" />}
    </Dialog>
  );
}
