import type { Appointment } from '@contract/appointments';
import { formatLongDate } from '@/components/ui/calendar';
import { ConfirmDialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useUpdateAppointment } from '@/features/appointments';
import { formatClock } from '@/lib/business-time';
import { useCancelMoney } from '../lib/use-cancel-money';
import { CancelMoneyNotice } from './cancel-money-notice';

type Side = 'customer' | 'business';

/** What each side is told, and SPEC's failure toast for each (My Appointments and the dashboard). */
const wording: Record<Side, { describe(a: Appointment): string; failed: string; fallback: string }> = {
  customer: {
    describe: (a) => `${a.serviceName} at ${a.businessName} on ${formatLongDate(a.date)} at ${formatClock(a.time, a.timeZone)} will be cancelled. This cannot be undone.`,
    failed: 'Cancellation Failed',
    fallback: 'Failed to cancel appointment. Please try again.',
  },
  business: {
    describe: (a) => `${a.customerName ?? 'The customer'}'s ${a.serviceName} on ${formatLongDate(a.date)} at ${formatClock(a.time, a.timeZone)} will be cancelled.`,
    failed: 'Failed to cancel appointment.',
    fallback: '',
  },
};

/**
 * Cancelling an appointment, confirmed first, by its customer or by the business (DESIGN section 5:
 * the dialog says which money rule applies before anyone confirms; the business cancelling a slot a
 * customer bought refunds that customer). The offers tied to it are read for this appointment alone,
 * when the dialog is shown; cancelling refreshes the appointments, offers, wallet and credit at once.
 */
export default function CancelAppointmentDialog({ appointment: a, side = 'customer', onClose }: { appointment: Appointment; side?: Side; onClose: () => void }) {
  const money = useCancelMoney(a.id, side);
  const update = useUpdateAppointment();
  const words = wording[side];

  const cancel = () =>
    update.mutate(
      { id: a.id, change: { status: 'cancelled' } },
      {
        onSuccess: () => toast({ title: 'Appointment Cancelled', description: `${a.serviceName} on ${formatLongDate(a.date)} was cancelled.` }),
        onError: (e) => toast({ title: words.failed, description: errorMessage(e, words.fallback), variant: 'destructive' }),
        onSettled: onClose,
      },
    );

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Cancel this appointment?"
      description={words.describe(a)}
      confirmLabel="Cancel Appointment"
      cancelLabel="Keep Appointment"
      // What happens to the money is said before anyone can confirm.
      busy={update.isPending || money.checking}
      onConfirm={cancel}
    >
      <CancelMoneyNotice money={money} />
    </ConfirmDialog>
  );
}
