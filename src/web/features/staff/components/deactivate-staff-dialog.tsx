import type { StaffMember } from '@contract/staff';
import { ConfirmDialog } from '@/components/ui/dialog';

/**
 * Deactivating a member: "are you sure?". Upcoming appointments they still have come back from the
 * server as a list (STRANDS_BOOKINGS), shown by the staff tab's StrandedBookingsDialog.
 */
export function DeactivateStaffDialog({ member, busy, onOpenChange, onConfirm }: {
  member: StaffMember | null; busy: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void;
}) {
  const name = member?.name ?? '';
  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={onOpenChange}
      title={`Deactivate ${name}?`}
      description={`${name} will no longer be offered to customers. Past appointments keep their name.`}
      confirmLabel={busy ? 'Deactivating…' : 'Deactivate'}
      cancelLabel="Keep them"
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
