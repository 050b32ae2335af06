import type { StaffMember } from '@contract/staff';
import { ConfirmDialog } from '@/components/ui/dialog';

/**
 * Deactivating a member: first "are you sure?"; when the server refuses because they still have
 * upcoming appointments (`conflict`, its own words), the offer to move those to other members.
 */
export function DeactivateStaffDialog({ member, conflict, busy, onOpenChange, onConfirm }: {
  member: StaffMember | null; conflict: string | null; busy: boolean; onOpenChange: (open: boolean) => void; onConfirm: (reassign: boolean) => void;
}) {
  const name = member?.name ?? '';
  if (conflict) {
    return (
      <ConfirmDialog
        open={member !== null}
        onOpenChange={onOpenChange}
        title={`${name} has upcoming appointments`}
        description={conflict}
        confirmLabel={busy ? 'Moving…' : 'Move their appointments to others and deactivate'}
        cancelLabel="Keep them active"
        busy={busy}
        onConfirm={() => onConfirm(true)}
      >
        <p className="mt-2 text-sm text-slate-600">Each appointment goes to another member who performs the service and is free then; if one cannot be moved, nothing changes.</p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={onOpenChange}
      title={`Deactivate ${name}?`}
      description={`${name} will no longer be offered to customers. Past appointments keep their name.`}
      confirmLabel={busy ? 'Deactivating…' : 'Deactivate'}
      cancelLabel="Keep them"
      busy={busy}
      onConfirm={() => onConfirm(false)}
    />
  );
}
