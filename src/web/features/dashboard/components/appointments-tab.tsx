import { useState } from 'react';
import type { Appointment } from '@contract/appointments';
import { formatTime12h } from '@contract/time';
import { Button } from '@/components/ui/button';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { formatLongDate, todayIso } from '@/components/ui/calendar';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Field, NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useCompleteAppointment } from '@/features/appointments/api/complete-appointment';
import { useUpdateAppointment } from '@/features/appointments/api/update-appointment';
import { swapsByAppointment, useBusinessSwaps } from '@/features/offers/api/get-business-swaps';
import { errorMessage } from '@/lib/api-client';
import { AppointmentRow } from './appointment-row';
import { CompleteAppointmentDialog } from './complete-appointment-dialog';

type Filter = 'upcoming' | 'all' | Appointment['status'];
const filters: { value: Filter; label: string }[] = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'all', label: 'All' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

const byStart = (a: Appointment, b: Appointment) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`);

/** Every appointment of the business, with the customer's contact details; complete or cancel. */
export function AppointmentsTab({ businessId, appointments, loading, error, onRetry, timeZone }: {
  businessId: number; appointments: Appointment[]; loading: boolean; error: unknown; onRetry: () => void; timeZone: string;
}) {
  const swaps = swapsByAppointment(useBusinessSwaps(businessId).data);
  const [filter, setFilter] = useState<Filter>('all');
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [completing, setCompleting] = useState<Appointment | null>(null);
  const complete = useCompleteAppointment();
  const cancel = useUpdateAppointment();
  const today = todayIso(timeZone);

  const shown = appointments
    .filter((a) => (filter === 'all' ? true : filter === 'upcoming' ? a.date >= today && (a.status === 'confirmed' || a.status === 'pending') : a.status === filter))
    .sort(filter === 'upcoming' ? byStart : (a, b) => byStart(b, a));

  const markComplete = (a: Appointment) =>
    complete.mutate(a.id, {
      onSuccess: () => toast({ title: 'Appointment Completed', description: `${a.customerName ?? 'The customer'}'s ${a.serviceName} is marked complete.` }),
      onError: (e) => toast({ title: 'Failed to complete appointment.', description: errorMessage(e, ''), variant: 'destructive' }),
      onSettled: () => setCompleting(null),
    });

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate({ id: cancelling.id, change: { status: 'cancelled' } }, {
      onSuccess: () => toast({ title: 'Appointment Cancelled', description: `${cancelling.serviceName} on ${formatLongDate(cancelling.date)} was cancelled.` }),
      onError: (e) => toast({ title: 'Failed to cancel appointment.', description: errorMessage(e, ''), variant: 'destructive' }),
      onSettled: () => setCancelling(null),
    });
  };

  return (
    <section aria-labelledby="appointments-title" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="appointments-title" className="text-lg font-semibold">
          Appointments
        </h2>
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
      {loading ? (
        <div className="space-y-2" aria-busy="true" aria-label="Loading appointments">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : error ? (
        <ErrorState title="Failed to load appointments" message={errorMessage(error, '')} onRetry={onRetry} />
      ) : shown.length === 0 ? (
        <EmptyState title={appointments.length ? 'No appointments match this filter' : 'No appointments yet'} description={appointments.length ? undefined : 'Bookings from customers will appear here.'} />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {shown.map((a) => {
            const open = a.status === 'confirmed' || a.status === 'pending';
            return (
              <AppointmentRow key={a.id} appointment={a} swap={swaps.get(a.id)}>
                <Button size="sm" disabled={a.status !== 'confirmed' || (complete.isPending && complete.variables === a.id)} onClick={() => setCompleting(a)}>
                  Complete
                </Button>
                <Button size="sm" variant="outline" className="text-red-600 hover:bg-red-50" disabled={!open} onClick={() => setCancelling(a)}>
                  Cancel
                </Button>
              </AppointmentRow>
            );
          })}
        </ul>
      )}
      <CompleteAppointmentDialog appointment={completing} releasesEscrow={completing !== null && swaps.get(completing.id)?.escrowStatus === 'held'} timeZone={timeZone} busy={complete.isPending} onConfirm={() => completing && markComplete(completing)} onClose={() => setCompleting(null)} />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(o) => !o && setCancelling(null)}
        title="Cancel this appointment?"
        description={cancelling ? `${cancelling.customerName ?? 'The customer'}'s ${cancelling.serviceName} on ${formatLongDate(cancelling.date)} at ${formatTime12h(cancelling.time)} will be cancelled.` : ''}
        confirmLabel="Cancel Appointment"
        cancelLabel="Keep Appointment"
        busy={cancel.isPending}
        onConfirm={confirmCancel}
      />
    </section>
  );
}
