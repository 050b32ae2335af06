import type { Appointment } from '@contract/appointments';
import { formatPrice } from '@contract/money';
import { formatLongDate } from '@/components/ui/calendar';
import { ConfirmDialog } from '@/components/ui/dialog';
import { formatClock } from '@/lib/business-time';

/** What a no-show costs the customer, as the booking's service says (DESIGN section 11). */
function moneyOf(a: Appointment): string {
  if (a.deposit?.status === 'held') return `Their deposit of ${formatPrice(a.deposit.amount)} is kept and paid to your earnings.`;
  if (a.cardFees && Number(a.cardFees.noShowFee) > 0) return `The no-show fee of ${formatPrice(a.cardFees.noShowFee)} is charged to the card they keep on file, once.`;
  return 'Nothing is charged.';
}

/** "Mark as a no-show?" — binding and may cost the customer money, so it is confirmed first and says what it does. */
export function NoShowDialog({ appointment: a, timeZone, busy, onConfirm, onClose }: {
  appointment: Appointment | null; timeZone: string; busy: boolean; onConfirm: () => void; onClose: () => void;
}) {
  const description = a
    ? `${a.customerName ?? 'The customer'}'s ${a.serviceName} on ${formatLongDate(a.date)} at ${formatClock(a.time, timeZone)} will be marked missed; ` +
      `their booking credit is voided and they are told. ${moneyOf(a)} This cannot be undone.`
    : '';
  return (
    <ConfirmDialog
      open={a !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Mark as a no-show?"
      description={description}
      confirmLabel="Mark No-show"
      cancelLabel="Not now"
      destructive
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
