import { CalendarDays, Clock, Shield, Users } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { formatPrice } from '@contract/money';
import { Button } from '@/components/ui/button';
import { Stars } from '@/features/reviews';
import { Card } from '@/components/ui/card';
import { formatLongDate } from '@/components/ui/calendar';
import { formatClock } from '@/lib/business-time';
import { appointmentActions } from '../lib/appointment-actions';
import { StatusBadge } from './status-badge';
import { DepositLine } from './deposit-line';
import { HeldAppointmentClaim, ReleaseButton } from '@/features/waitlist';

/**
 * Who serves it, worth saying where the shop has staff. Every service business starts with one member
 * named after it: that name says nothing, and asking each business for its staff list to know would
 * cost a request per card, so the name is shown whenever it is someone's own.
 */
const served = (a: Appointment) => a.staffName !== null && a.staffName !== a.businessName;

/** One of the customer's own appointments, with what they can still do with it. */
/** A completed visit its customer may still review (DESIGN section 10: up to 30 days after completion). */
export const mayReview = (a: Appointment, now = new Date()) => a.review === null && a.reviewableUntil !== null && Date.parse(a.reviewableUntil) > now.getTime();

/** After a completed visit: its stars once reviewed, else the invitation to review it while it may be. */
function ReviewPrompt({ appointment: a, onReview }: { appointment: Appointment; onReview: () => void }) {
  if (a.review) {
    return (
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="my-review">
        Your review <Stars rating={a.review.rating} />
      </p>
    );
  }
  if (!mayReview(a)) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2" data-testid="review-prompt">
      <p className="text-sm font-medium text-amber-900">How was it?</p>
      <Button size="sm" onClick={onReview}>
        Leave a review
      </Button>
    </div>
  );
}

export function AppointmentCard({ appointment: a, onReschedule, onMoveBack, onCancel, onReview }: { appointment: Appointment; onReschedule: () => void; onMoveBack: () => void; onCancel: () => void; onReview: () => void }) {
  const can = appointmentActions(a);
  const restaurant = a.businessType === 'restaurant';
  return (
    <Card className="p-5" data-testid="appointment-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{a.serviceName}</h3>
          <p className="text-sm text-slate-600">
            {a.businessName}
            {served(a) && <span data-testid="appointment-staff">{` · with ${a.staffName}`}</span>}
          </p>
        </div>
        <StatusBadge status={a.status} />
      </div>
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <div className="flex items-center gap-1.5">
          <CalendarDays className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <dt className="sr-only">Date</dt>
          <dd>{formatLongDate(a.date)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Clock className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <dt className="sr-only">Time</dt>
          <dd>
            {formatClock(a.time, a.timeZone)} · {a.duration} min
          </dd>
        </div>
        {restaurant || a.partySize > 1 ? (
          <div className="flex items-center gap-1.5">
            <Users className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <dt className="sr-only">Party size</dt>
            <dd>
              {a.partySize} {a.partySize === 1 ? 'guest' : 'guests'}
            </dd>
          </div>
        ) : null}
        <div className="flex items-center gap-1.5">
          <dt className="text-slate-500">Price</dt>
          <dd className="font-medium">{Number(a.price) === 0 && restaurant ? 'Free' : formatPrice(a.price)}</dd>
        </div>
      </dl>
      {a.notes && (
        <p className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <span className="font-medium">Notes:</span> {a.notes}
        </p>
      )}
      {a.blockOffers && (
        <p className="mt-3 flex items-center gap-1.5 text-sm font-medium text-amber-800">
          <Shield className="size-4" aria-hidden="true" />
          Offers Blocked - Protected time slot
        </p>
      )}
      <div className="mt-3 space-y-1">
        {a.status === 'no_show' && <p className="text-sm font-medium text-red-700">{a.businessName} marked this visit as missed (a no-show).</p>}
        <DepositLine deposit={a.deposit} cardFees={a.cardFees} />
      </div>
      {can.note && <p className="mt-3 text-sm text-amber-800">{can.note}</p>}
      {a.status === 'held' && a.heldUntil && (
        // A waitlist hold (DESIGN section 11): the time is kept for the customer until heldUntil.
        <div className="mt-3 space-y-2 rounded-lg bg-amber-50 p-3" data-testid="held-appointment">
          <p className="text-sm text-amber-900">This time opened from your waitlist and is held for you. Claim it to book it.</p>
          <HeldAppointmentClaim appointmentId={a.id} />
        </div>
      )}
      <ReviewPrompt appointment={a} onReview={onReview} />
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        <Button variant="outline" size="sm" disabled={!can.reschedule} onClick={onReschedule}>
          Reschedule
        </Button>
        {/* A business with its swap market off takes no offers: no offer action is shown. */}
        {a.swapMarket && (
          <Button variant="outline" size="sm" disabled={!can.moveBack} onClick={onMoveBack}>
            Move Back
          </Button>
        )}
        <Button variant="outline" size="sm" className="text-red-600 hover:bg-red-50 hover:text-red-700" disabled={!can.cancel} onClick={onCancel}>
          Cancel
        </Button>
        {/* Inside the cancel cut-off: the time may go to the waitlist instead (DESIGN section 11). */}
        {a.status === 'confirmed' && !can.cancel && <ReleaseButton appointmentId={a.id} />}
      </div>
    </Card>
  );
}
