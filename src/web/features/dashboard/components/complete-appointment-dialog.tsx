import type { Appointment } from '@contract/appointments';
import { formatLongDate } from '@/components/ui/calendar';
import { formatClock } from '@/lib/business-time';
import { ConfirmDialog } from '@/components/ui/dialog';
import { hasStarted } from '../lib/has-started';

/** "Complete this appointment?" — says when it has not started yet, and that completion releases any swap escrow. */
export function CompleteAppointmentDialog({ appointment: a, releasesEscrow, timeZone, busy, onConfirm, onClose }: {
  appointment: Appointment | null; releasesEscrow: boolean; timeZone: string; busy: boolean; onConfirm: () => void; onClose: () => void;
}) {
  const early = a !== null && !hasStarted(a.date, a.time, timeZone);
  const description = a
    ? [
        `${a.customerName ?? 'The customer'}'s ${a.serviceName} on ${formatLongDate(a.date)} at ${formatClock(a.time, timeZone)} will be marked completed.`,
        early ? 'This appointment has not started yet.' : '',
        releasesEscrow
          ? 'It was swapped through a paid offer: completing it (together with the other swapped appointment) releases the escrow to the customer who gave up their slot.'
          : '',
      ]
        .filter(Boolean)
        .join(' ')
    : '';
  return (
    <ConfirmDialog
      open={a !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Complete this appointment?"
      description={description}
      confirmLabel="Mark Completed"
      cancelLabel="Not yet"
      destructive={false}
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
