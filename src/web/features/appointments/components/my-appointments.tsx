import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Appointment } from '@contract/appointments';
import { formatTime12h } from '@contract/time';
import { Button } from '@/components/ui/button';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { formatLongDate, todayIso } from '@/components/ui/calendar';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useMyAppointments } from '../api/get-appointments';
import { useUpdateAppointment } from '../api/update-appointment';
import { AppointmentCard } from './appointment-card';
import { AppointmentFilters, type StatusFilter } from './appointment-filters';
import { RescheduleDialog } from './reschedule-dialog';

const MoveBackDialog = lazy(() => import('@/features/offers/components/move-back-dialog'));

const byStart = (a: Appointment, b: Appointment) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`);

function Section({ title, items, onReschedule, onMoveBack, onCancel }: { title: string; items: Appointment[]; onReschedule: (a: Appointment) => void; onMoveBack: (a: Appointment) => void; onCancel: (a: Appointment) => void }) {
  if (items.length === 0) return null;
  return (
    <section className="space-y-3">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {title} <span className="font-normal">({items.length})</span>
      </h2>
      {items.map((a) => (
        <AppointmentCard key={a.id} appointment={a} onReschedule={() => onReschedule(a)} onMoveBack={() => onMoveBack(a)} onCancel={() => onCancel(a)} />
      ))}
    </section>
  );
}

/** The signed-in customer's appointments: filter, reschedule, cancel. */
export function MyAppointments() {
  const { data, isLoading, error, refetch } = useMyAppointments();
  const [date, setDate] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [rescheduling, setRescheduling] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [movingBack, setMovingBack] = useState<Appointment | null>(null);
  const update = useUpdateAppointment();

  if (isLoading) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading appointments">
        <Skeleton className="h-20" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (error) return <ErrorState title="Failed to load your appointments" message={errorMessage(error, '')} onRetry={() => void refetch()} />;

  const all = data ?? [];
  if (all.length === 0) {
    return (
      <EmptyState title="No appointments yet" description="When you book an appointment or a table it shows up here.">
        <Button asChild>
          <Link to="/businesses">Browse Businesses</Link>
        </Button>
      </EmptyState>
    );
  }

  const today = todayIso();
  const filtered = all.filter((a) => (!date || a.date === date) && (status === 'all' || a.status === status));
  const active = (a: Appointment) => a.status === 'confirmed' || a.status === 'pending';
  const upcoming = filtered.filter((a) => active(a) && a.date >= today).sort(byStart);
  const past = filtered.filter((a) => !(active(a) && a.date >= today)).sort((a, b) => byStart(b, a));

  const cancel = () => {
    if (!cancelling) return;
    update.mutate(
      { id: cancelling.id, change: { status: 'cancelled' } },
      {
        onSuccess: () => toast({ title: 'Appointment Cancelled', description: `${cancelling.serviceName} on ${formatLongDate(cancelling.date)} was cancelled.` }),
        onError: (e) => toast({ title: 'Cancellation Failed', description: errorMessage(e, 'Failed to cancel appointment. Please try again.'), variant: 'destructive' }),
        onSettled: () => setCancelling(null),
      },
    );
  };

  return (
    <div className="space-y-6">
      <AppointmentFilters date={date} status={status} onDateChange={setDate} onStatusChange={setStatus} />
      {filtered.length === 0 ? (
        // One 'Clear filters' button, the one beside the filters: the empty result points to it.
        <EmptyState title="No appointments match these filters" description="Try another date or status, or clear the filters above." />
      ) : (
        <>
          <Section title="Upcoming" items={upcoming} onReschedule={setRescheduling} onMoveBack={setMovingBack} onCancel={setCancelling} />
          <Section title="Past and cancelled" items={past} onReschedule={setRescheduling} onMoveBack={setMovingBack} onCancel={setCancelling} />
        </>
      )}
      <RescheduleDialog appointment={rescheduling} onClose={() => setRescheduling(null)} />
      {movingBack && (
        <Suspense fallback={null}>
          <MoveBackDialog key={movingBack.id} appointment={movingBack} onClose={() => setMovingBack(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel this appointment?"
        description={cancelling ? `${cancelling.serviceName} at ${cancelling.businessName} on ${formatLongDate(cancelling.date)} at ${formatTime12h(cancelling.time)} will be cancelled. This cannot be undone.` : ''}
        confirmLabel="Cancel Appointment"
        cancelLabel="Keep Appointment"
        busy={update.isPending}
        onConfirm={cancel}
      />
    </div>
  );
}
