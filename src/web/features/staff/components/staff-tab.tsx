import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { StaffMember } from '@contract/staff';
import { Button } from '@/components/ui/button';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { toast } from '@/components/ui/toast';
import { StrandedBookingsDialog } from '@/components/ui/stranded-bookings-dialog';
import { errorMessage } from '@/lib/api-client';
import { useStrandGuard } from '@/lib/stranded-bookings';
import { useAddTimeOff } from '../api/add-time-off';
import { useCreateStaff } from '../api/create-staff';
import { useDeactivateStaff } from '../api/deactivate-staff';
import { useDeleteTimeOff } from '../api/delete-time-off';
import { useAllBusinessStaff } from '../api/get-business-staff';
import { useSetStaffHours } from '../api/set-staff-hours';
import { useUpdateStaff } from '../api/update-staff';
import type { HoursRange } from '../lib/hours';
import { DeactivateStaffDialog } from './deactivate-staff-dialog';
import { type StaffAction, StaffMemberCard } from './staff-member-card';
import { type MemberValues, type ServiceOption, StaffMemberDialog } from './staff-member-dialog';
import { StaffHoursDialog } from './staff-hours-dialog';
import { TimeOffDialog } from './time-off-dialog';

const failed = (title: string) => (e: unknown) => toast({ title, description: errorMessage(e, ''), variant: 'destructive' });
// The server refuses a deactivation with 409 for two reasons; only upcoming appointments can be moved.

/**
 * The owner's staff (DESIGN section 9): members in their order, inactive ones marked, and dialogs to
 * add, edit, reorder, set hours and time off, and deactivate. The business's services and hours come
 * from the dashboard (this feature imports no other).
 */
export function StaffTab({ businessId, services, businessHours, today, timeZone }: { businessId: number; services: ServiceOption[]; businessHours?: HoursRange[]; today: string; timeZone?: string }) {
  const staff = useAllBusinessStaff(businessId);
  const create = useCreateStaff(businessId);
  const update = useUpdateStaff(businessId);
  const setHours = useSetStaffHours(businessId);
  const addTimeOff = useAddTimeOff(businessId);
  const removeTimeOff = useDeleteTimeOff(businessId);
  const deactivate = useDeactivateStaff(businessId);
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  // Ids, not members: the dialogs show the list's latest copy after each change.
  const [hoursId, setHoursId] = useState<number | null>(null);
  const [timeOffId, setTimeOffId] = useState<number | null>(null);
  const [deactivating, setDeactivating] = useState<StaffMember | null>(null);
  // Hours, time off or deactivation under upcoming bookings: the server lists them, and the owner
  // moves them (to a chosen member or any free one), cancels them, or backs out. `strandOf` is the
  // member the change is about, never offered to take over their own bookings.
  const strand = useStrandGuard();
  const [strandOf, setStrandOf] = useState<{ id: number; what: string } | null>(null);

  const members = staff.data ?? [];
  const active = members.filter((m) => m.active);
  const byId = (id: number | null) => members.find((m) => m.id === id) ?? null;

  const save = (values: MemberValues) => {
    if (editing === 'new') {
      create.mutate(values, { onSuccess: (m) => { toast({ title: 'Staff member added', description: `${m.name} can now be booked.` }); setEditing(null); }, onError: failed('Failed to add staff member') });
    } else if (editing) {
      update.mutate({ id: editing.id, input: values }, { onSuccess: (m) => { toast({ title: 'Staff member updated', description: `${m.name} was saved.` }); setEditing(null); }, onError: failed('Failed to update staff member') });
    }
  };

  const move = (member: StaffMember, by: -1 | 1) => {
    const neighbour = active[active.indexOf(member) + by];
    if (!neighbour) return;
    // Taking the neighbour's position puts the member before (up) or after (down) them.
    update.mutate({ id: member.id, input: { position: neighbour.position } }, { onError: failed('Failed to move staff member') });
  };

  const onAction = (member: StaffMember) => (action: StaffAction) => {
    if (action === 'edit') setEditing(member);
    else if (action === 'hours') setHoursId(member.id);
    else if (action === 'time-off') setTimeOffId(member.id);
    else if (action === 'deactivate') setDeactivating(member);
    else if (action === 'reactivate') {
      update.mutate({ id: member.id, input: { active: true } }, {
        onSuccess: (m) => toast({ title: 'Staff member reactivated', description: `${m.name} is offered to customers again.` }),
        onError: failed('Failed to reactivate staff member'),
      });
    }
    else move(member, action === 'up' ? -1 : 1);
  };

  const saveHours = (hours: HoursRange[] | null) => {
    const member = byId(hoursId);
    if (!member) return;
    setStrandOf({ id: member.id, what: `The change to ${member.name}'s hours` });
    strand.run(setHours, { id: member.id, hours }, {
      onSuccess: () => { toast({ title: 'Hours saved', description: hours ? `${member.name} works their own hours.` : `${member.name} works the business's hours.` }); setHoursId(null); },
      onError: failed('Failed to save hours'),
    });
  };

  const confirmDeactivate = () => {
    const member = deactivating;
    if (!member) return;
    setDeactivating(null);
    setStrandOf({ id: member.id, what: `Deactivating ${member.name}` });
    strand.run(deactivate, { id: member.id }, {
      onSuccess: ({ reassigned }) =>
        toast({ title: 'Staff member deactivated', description: reassigned ? `${member.name} was deactivated; ${reassigned} appointment${reassigned === 1 ? '' : 's'} moved to others.` : `${member.name} is no longer offered to customers.` }),
      onError: failed('Failed to deactivate staff member'),
    });
  };

  const addOff = (input: Parameters<typeof addTimeOff.mutate>[0]['input'], done: () => void) => {
    const member = byId(timeOffId);
    if (!member) return;
    setStrandOf({ id: member.id, what: `${member.name}'s time off` });
    strand.run(addTimeOff, { staffId: member.id, input }, { onSuccess: () => { toast({ title: 'Time off added' }); done(); }, onError: failed('Failed to add time off') });
  };

  const add = () => setEditing('new');
  return (
    <section aria-labelledby="staff-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="staff-title" className="text-lg font-semibold">Staff</h2>
          <p className="text-sm text-slate-600">Each member serves one customer at a time; customers see them in this order.</p>
        </div>
        <Button onClick={add}>
          <Plus aria-hidden="true" />
          Add member
        </Button>
      </div>
      {staff.isLoading ? (
        <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading staff">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : staff.error ? (
        <ErrorState title="Failed to fetch staff" message={errorMessage(staff.error, '')} onRetry={() => void staff.refetch()} />
      ) : !members.length ? (
        <EmptyState title="No staff yet" description="Add the people customers can book.">
          <Button onClick={add}>Add your first member</Button>
        </EmptyState>
      ) : (
        <ol className="space-y-3" aria-label="Staff members">
          {members.map((m) => (
            <li key={m.id}>
              <StaffMemberCard member={m} services={services} today={today} first={active[0] === m} last={active.at(-1) === m} busy={update.isPending} onAction={onAction(m)} />
            </li>
          ))}
        </ol>
      )}
      <StaffMemberDialog open={editing !== null} member={editing === 'new' ? null : editing} services={services} busy={create.isPending || update.isPending} onOpenChange={(open) => !open && setEditing(null)} onSubmit={save} />
      <StaffHoursDialog member={byId(hoursId)} businessHours={businessHours} busy={setHours.isPending} onOpenChange={(open) => !open && setHoursId(null)} onSubmit={saveHours} />
      <TimeOffDialog
        member={byId(timeOffId)}
        today={today}
        adding={addTimeOff.isPending}
        removingId={removeTimeOff.isPending ? (removeTimeOff.variables?.timeOffId ?? null) : null}
        onOpenChange={(open) => !open && setTimeOffId(null)}
        onAdd={addOff}
        onRemove={(id) => timeOffId !== null && removeTimeOff.mutate({ staffId: timeOffId, timeOffId: id }, { onSuccess: () => toast({ title: 'Time off removed' }), onError: failed('Failed to remove time off') })}
      />
      <DeactivateStaffDialog member={deactivating} busy={deactivate.isPending} onOpenChange={(open) => !open && setDeactivating(null)} onConfirm={confirmDeactivate} />
      <StrandedBookingsDialog
        guard={strand.guard}
        what={strandOf?.what ?? 'This change'}
        reassign
        members={active.filter((m) => m.id !== strandOf?.id).map((m) => ({ id: m.id, name: m.name }))}
        busy={setHours.isPending || addTimeOff.isPending || deactivate.isPending}
        timeZone={timeZone}
      />
    </section>
  );
}
