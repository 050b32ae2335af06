import { Mail, Phone, Users } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import type { BusinessSwap } from '@contract/offers';
import { formatPrice } from '@contract/money';
import { formatPhone } from '@contract/phone';
import { Badge } from '@/components/ui/card';
import { formatShortDate } from '@/components/ui/calendar';
import { formatClock } from '@/lib/business-time';
import { visitorPhoneRegion } from '@/lib/phone-region';
import { DepositLine } from '@/features/appointments';

const statusVariant = { confirmed: 'success', pending: 'warning', cancelled: 'destructive', completed: 'secondary', no_show: 'destructive', held: 'warning' } as const;
const swapLabel = { held: 'Swapped · escrow held', released: 'Swapped · escrow released', refunded: 'Swapped · refunded' } as const;

/** One appointment as the business sees it: who, what, when (`showStaff`: and with which member), and how to reach them. */
export function AppointmentRow({ appointment: a, swap, compact = false, showStaff = false, children }: {
  appointment: Appointment;
  swap?: BusinessSwap;
  compact?: boolean;
  showStaff?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="business-appointment">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-slate-900">{a.customerName ?? 'Customer'}</p>
          <Badge variant={statusVariant[a.status]} className="capitalize">
            {a.status.replace('_', '-')}
          </Badge>
          {a.blockOffers && <Badge variant="outline">Offers blocked</Badge>}
          {a.customerConfirmedAt && a.status === 'confirmed' && <Badge variant="success" data-testid="customer-confirmed-badge">Customer confirmed</Badge>}
          {swap && <Badge variant={swap.escrowStatus === 'held' ? 'warning' : 'secondary'}>{swapLabel[swap.escrowStatus]}</Badge>}
        </div>
        <p className="text-sm text-slate-700">
          {a.serviceName}
          {/* "requested": the customer chose this member, so a reschedule or swap keeps them (DESIGN section 9). */}
          {showStaff && a.staffName && <span data-testid="appointment-staff">{` with ${a.staffName}${a.staffRequested ? ' (requested)' : ''}`}</span>} · {formatShortDate(a.date)} at {formatClock(a.time, a.timeZone)} · {a.duration} min · {formatPrice(a.price)}
        </p>
        {!compact && (
          <div className="flex flex-col gap-x-4 gap-y-1 text-sm text-slate-600 sm:flex-row sm:flex-wrap">
            {a.customerEmail && (
              <a href={`mailto:${a.customerEmail}`} className="flex min-w-0 items-center gap-1 break-all hover:text-brand-700">
                <Mail className="size-3.5 shrink-0" aria-hidden="true" />
                {a.customerEmail}
              </a>
            )}
            {/* Kept in E.164 (the dial string); shown as the owner would dial it: nationally when it is a number of their browser's region. */}
            {a.customerPhone && (
              <a href={`tel:${a.customerPhone}`} className="flex items-center gap-1 hover:text-brand-700">
                <Phone className="size-3.5 shrink-0" aria-hidden="true" />
                {formatPhone(a.customerPhone, visitorPhoneRegion())}
              </a>
            )}
            {a.businessType === 'restaurant' && (
              <span className="flex items-center gap-1">
                <Users className="size-3.5 shrink-0" aria-hidden="true" />
                Party of {a.partySize}
                {a.seatingPreference ? `, ${a.seatingPreference}` : ''}
                {a.occasionType ? `, ${a.occasionType}` : ''}
              </span>
            )}
          </div>
        )}
        {!compact && a.dietaryRestrictions && <p className="text-sm text-slate-600">Dietary: {a.dietaryRestrictions}</p>}
        {!compact && a.notes && <p className="text-sm text-slate-600">Notes: {a.notes}</p>}
        <DepositLine deposit={a.deposit} cardFees={a.cardFees} />
      </div>
      {children && <div className="flex shrink-0 gap-2">{children}</div>}
    </li>
  );
}
