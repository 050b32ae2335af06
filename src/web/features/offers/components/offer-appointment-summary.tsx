import type { OfferAppointment } from '@contract/offers';
import { formatShortDate } from '@/components/ui/calendar';
import { formatClock } from '@/lib/business-time';
import { appointmentLabel } from '../lib/offer-display';

/** One side of a swap: whose it is, business, service, date and time. */
export function OfferAppointmentSummary({ appointment: a, requestedTable = false }: { appointment: OfferAppointment; requestedTable?: boolean }) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 p-3 text-sm">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
        {requestedTable ? (a.isMine ? 'The table you asked for' : 'The table they asked for') : appointmentLabel(a)}
      </p>
      <p className="mt-1 font-medium text-slate-900">{a.serviceName}</p>
      <p className="text-slate-600">{a.businessName}</p>
      <p className="text-slate-800">
        {formatShortDate(a.date)} at {formatClock(a.time, a.timeZone)}
        {a.businessType === 'restaurant' ? ` · party of ${a.partySize}` : ''}
      </p>
    </div>
  );
}
