import { useState } from 'react';
import type { Appointment } from '@contract/appointments';
import { Button } from '@/components/ui/button';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { formatShortDate, todayIso } from '@/components/ui/calendar';
import { ErrorState } from '@/components/ui/error-state';
import { Field, NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useCompleteAppointment, useMarkNoShow } from '@/features/appointments';
import { CancelAppointmentDialog, swapsByAppointment, useBusinessSwaps } from '@/features/offers';
import { AppointmentMessagesDialog } from '@/features/reminders';
import { useBusinessStaff } from '@/features/staff';
import { errorMessage } from '@/lib/api-client';
import { formatClock } from '@/lib/business-time';
import { canCompleteNow, canMarkNoShowNow, completableFrom } from '../lib/has-started';
import { inOwnerOrder } from '../lib/owner-order';
import { useNow } from '../lib/use-now';
import { AppointmentRow } from './appointment-row';
import { CompleteAppointmentDialog } from './complete-appointment-dialog';
import { NoShowDialog } from './no-show-dialog';

type Filter = 'upcoming' | 'all' | Appointment['status'];
const filters: { value: Filter; label: string }[] = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'all', label: 'All' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'no_show', label: 'No-show' },
];

/**
 * Every appointment of the business, with the customer's contact details; complete (from an hour
 * before the start: until then the button says from when) or cancel. A service business
 * (`serviceBusiness`) with two or more members also sees who serves each one, and can show one
 * member's alone.
 */
export function AppointmentsTab({ businessId, appointments, loading, error, onRetry, timeZone, serviceBusiness = false }: {
  businessId: number; appointments: Appointment[]; loading: boolean; error: unknown; onRetry: () => void; timeZone: string; serviceBusiness?: boolean;
}) {
  const swaps = swapsByAppointment(useBusinessSwaps(businessId).data);
  const [filter, setFilter] = useState<Filter>('all');
  // With one member (every shop starts with one, named after it) saying who serves adds nothing.
  const staff = useBusinessStaff(serviceBusiness ? businessId : null).data ?? [];
  const staffed = staff.length > 1;
  const [memberId, setMemberId] = useState<number | null>(null);
  const member = staffed ? (staff.find((m) => m.id === memberId) ?? null) : null;
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [completing, setCompleting] = useState<Appointment | null>(null);
  // Whose reminder e-mails the owner is looking at (DESIGN section 11).
  const [messagesOf, setMessagesOf] = useState<Appointment | null>(null);
  const complete = useCompleteAppointment();
  // A no-show (DESIGN section 11): from 15 minutes after the start, confirmed first; its fee is the service's.
  const [missing, setMissing] = useState<Appointment | null>(null);
  const noShow = useMarkNoShow();
  const today = todayIso(timeZone);
  const now = useNow();

  // The list API has no staff filter: the business's appointments are all here, so it is done here.
  // In time order: today's and the coming days' first, soonest first, then the past, latest first.
  const shown = inOwnerOrder(
    appointments
      .filter((a) => !member || a.staffId === member.id)
      .filter((a) => (filter === 'all' ? true : filter === 'upcoming' ? a.date >= today && (a.status === 'confirmed' || a.status === 'pending') : a.status === filter)),
    today,
  );

  const markComplete = (a: Appointment) =>
    complete.mutate(a.id, {
      onSuccess: () => toast({ title: 'Appointment Completed', description: `${a.customerName ?? 'The customer'}'s ${a.serviceName} is marked complete.` }),
      onError: (e) => toast({ title: 'Failed to complete appointment.', description: errorMessage(e, ''), variant: 'destructive' }),
      onSettled: () => setCompleting(null),
    });

  const markNoShow = (a: Appointment) =>
    noShow.mutate(a.id, {
      onSuccess: () => toast({ title: 'Marked as No-show', description: `${a.customerName ?? 'The customer'}'s ${a.serviceName} is marked missed.` }),
      onError: (e) => toast({ title: 'Failed to mark the no-show.', description: errorMessage(e, ''), variant: 'destructive' }),
      onSettled: () => setMissing(null),
    });

  return (
    <section aria-labelledby="appointments-title" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="appointments-title" className="text-lg font-semibold">
          Appointments
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row">
          {staffed && (
            <div className="sm:w-48">
              <Field id="appointment-staff-filter" label="Staff">
                <NativeSelect id="appointment-staff-filter" value={member?.id ?? ''} onChange={(e) => setMemberId(e.target.value ? Number(e.target.value) : null)}>
                  <option value="">All staff</option>
                  {staff.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
          )}
          <div className="sm:w-48">
            <Field id="appointment-filter" label="Show">
              <NativeSelect id="appointment-filter" value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
                {filters.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
        </div>
      </div>
      {loading ? (
        <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading appointments">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : error ? (
        <ErrorState title="Failed to load appointments" message={errorMessage(error, '')} onRetry={onRetry} />
      ) : shown.length === 0 ? (
        <EmptyState title={appointments.length ? (member ? `No appointments with ${member.name} match this filter` : 'No appointments match this filter') : 'No appointments yet'} description={appointments.length ? undefined : 'Bookings from customers will appear here.'} />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {shown.map((a) => {
            const open = a.status === 'confirmed' || a.status === 'pending';
            const notYet = a.status === 'confirmed' && !canCompleteNow(a.date, a.time, timeZone, now);
            const from = completableFrom(a.date, a.time);
            const noteId = `complete-from-${a.id}`;
            return (
              <AppointmentRow key={a.id} appointment={a} swap={swaps.get(a.id)} showStaff={staffed}>
                <div className="flex flex-col gap-1 sm:items-end">
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      disabled={a.status !== 'confirmed' || notYet || (complete.isPending && complete.variables === a.id)}
                      aria-describedby={notYet ? noteId : undefined}
                      onClick={() => setCompleting(a)}
                    >
                      Complete
                    </Button>
                    <Button size="sm" variant="outline" className="text-red-600 hover:bg-red-50" disabled={!open} onClick={() => setCancelling(a)}>
                      Cancel
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setMessagesOf(a)}>
                      Messages
                    </Button>
                    {a.status === 'confirmed' && canMarkNoShowNow(a.date, a.time, timeZone, now) && (
                      <Button size="sm" variant="outline" disabled={noShow.isPending && noShow.variables === a.id} onClick={() => setMissing(a)}>
                        No-show
                      </Button>
                    )}
                  </div>
                  {notYet && (
                    <p id={noteId} className="text-xs text-slate-600">
                      Can be completed from {formatClock(from.time, timeZone)}
                      {from.date === today ? ' today' : ` on ${formatShortDate(from.date)}`}
                    </p>
                  )}
                </div>
              </AppointmentRow>
            );
          })}
        </ul>
      )}
      <CompleteAppointmentDialog appointment={completing} releasesEscrow={completing !== null && swaps.get(completing.id)?.escrowStatus === 'held'} timeZone={timeZone} busy={complete.isPending} onConfirm={() => completing && markComplete(completing)} onClose={() => setCompleting(null)} />
      <NoShowDialog appointment={missing} timeZone={timeZone} busy={noShow.isPending} onConfirm={() => missing && markNoShow(missing)} onClose={() => setMissing(null)} />
      {cancelling && <CancelAppointmentDialog appointment={cancelling} side="business" onClose={() => setCancelling(null)} />}
      <AppointmentMessagesDialog appointment={messagesOf} onClose={() => setMessagesOf(null)} />
    </section>
  );
}
