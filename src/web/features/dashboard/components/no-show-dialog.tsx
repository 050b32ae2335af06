import type { Appointment } from '@contract/appointments';
import { formatCents } from '@contract/money';
import { formatLongDate } from '@/components/ui/calendar';
import { ConfirmDialog } from '@/components/ui/dialog';
import { formatClock } from '@/lib/business-time';

/** What a no-show costs the customer, as the booking's service says (DESIGN section 11). */
function moneyOf(a: Appointment, noShowFeeCents: number | null): string {
  if (a.deposit?.status === 'held') return `Their deposit of $${a.deposit.amount} is kept and paid to your earnings.`;
  if (noShowFeeCents) return `The no-show fee of ${formatCents(noShowFeeCents)} is charged to the card they keep on file, once.`;
  return 'Nothing is charged.';
}

/** "Mark as a no-show?" — binding and may cost the customer money, so it is confirmed first and says what it does. */
export function NoShowDialog({ appointment: a, noShowFeeCents, timeZone, busy, onConfirm, onClose }: {
  appointment: Appointment | null; noShowFeeCents: number | null; timeZone: string; busy: boolean; onConfirm: () => void; onClose: () => void;
}) {
  const description = a
    ? `${a.customerName ?? 'The customer'}'s ${a.serviceName} on ${formatLongDate(a.date)} at ${formatClock(a.time, timeZone)} will be marked missed; ` +
      `their booking credit is voided and they are told. ${moneyOf(a, noShowFeeCents)} This cannot be undone.`
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
