import { Clock, Hourglass } from 'lucide-react';
import type { Offer } from '@contract/offers';
import { Button } from '@/components/ui/button';
import { formatShortDate } from '@/components/ui/calendar';
import { Badge, Card } from '@/components/ui/card';
import { formatInstant } from '@/lib/business-time';
import { relativeTime, statusLabel } from '../lib/offer-display';
import { moneyWhere, offerHeadline, paidWith } from '../lib/offer-headline';
import { acceptedOutcome } from '../lib/offer-outcome';
import { OfferAmounts } from './offer-amounts';
import { OfferAppointmentSummary } from './offer-appointment-summary';

const statusVariant = { pending: 'warning', negotiating: 'default', accepted: 'success', declined: 'destructive', cancelled: 'secondary', expired: 'secondary' } as const;

export interface OfferCardHandlers {
  onAccept: () => void;
  onAcceptCounter: () => void;
  onDecline: () => void;
  onCounter: () => void;
  onCancel: () => void;
  busy: boolean;
}

/** One offer: who gives what, the money, when it expires, the escrow, and exactly the buttons `actions` allows. */
export function OfferCard({ offer, handlers: h }: { offer: Offer; handlers: OfferCardHandlers }) {
  const live = offer.status === 'pending' || offer.status === 'negotiating';
  const a = offer.actions;
  const type = offer.temporaryReservation ? 'Table' : offer.offerType === 'queue_jump' ? 'Earlier time' : 'Later time';
  // The viewer's own appointment: its service is the one to name (an accepted offer named the other side's).
  const mine = offer.direction === 'outgoing' ? offer.fromAppointment : offer.toAppointment;
  const money = moneyWhere(offer);
  return (
    <Card className="space-y-3 p-4" data-testid="offer-card" data-offer-id={offer.id}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{offer.direction === 'incoming' ? 'Offer to you' : 'Your offer'} · {type}</span>
        <Badge variant={statusVariant[offer.status]}>{statusLabel[offer.status]}</Badge>
        <span className="text-xs text-slate-500">{paidWith(offer)}</span>
      </div>
      {offer.status !== 'accepted' && <p className="text-sm text-slate-900" data-testid="offer-headline">{offerHeadline(offer)}</p>}
      {offer.status === 'accepted' ? (
        // After the swap the two appointments have traded times: say what happened, not who sent what.
        <div className="space-y-1 rounded-lg bg-emerald-50 p-3 text-sm text-slate-900" data-testid="offer-outcome">
          <p className="text-xs text-slate-600">
            {mine.serviceName} at {mine.businessName}, {formatShortDate(mine.date)}
          </p>
          {acceptedOutcome(offer).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          <OfferAppointmentSummary appointment={offer.fromAppointment} requestedTable={offer.temporaryReservation} />
          <OfferAppointmentSummary appointment={offer.toAppointment} />
        </div>
      )}
      <OfferAmounts offer={offer} />
      {offer.message && <p className="text-sm text-slate-700"><span className="font-medium">Message:</span> {offer.message}</p>}
      {offer.counterOfferMessage && <p className="text-sm text-slate-700"><span className="font-medium">Counter message:</span> {offer.counterOfferMessage}</p>}
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {live && (
          <span className="flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            Expires {relativeTime(offer.expiresAt)} ({formatInstant(offer.expiresAt, offer.toAppointment.timeZone)})
          </span>
        )}
        {money && <span data-testid="offer-escrow">{money}</span>}
      </div>
      {offer.waitingForResponse && (
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <Hourglass className="size-4" aria-hidden="true" />
          Waiting for response to your counter offer...
        </p>
      )}
      {(a.accept || a.acceptCounter || a.decline || a.counter || a.cancel) && (
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
          {a.acceptCounter ? (
            <Button size="sm" disabled={h.busy} onClick={h.onAcceptCounter}>Accept Counter</Button>
          ) : (
            a.accept && <Button size="sm" disabled={h.busy} onClick={h.onAccept}>Accept</Button>
          )}
          {a.counter && <Button size="sm" variant="outline" disabled={h.busy} onClick={h.onCounter}>Negotiate</Button>}
          {a.decline && <Button size="sm" variant="outline" className="text-red-600 hover:bg-red-50" disabled={h.busy} onClick={h.onDecline}>Decline</Button>}
          {a.cancel && <Button size="sm" variant="outline" className="text-red-600 hover:bg-red-50" disabled={h.busy} onClick={h.onCancel}>Cancel Offer</Button>}
        </div>
      )}
    </Card>
  );
}
