import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TimeSlot } from '@contract/availability';
import { formatTime12h } from '@contract/time';
import { Button } from '@/components/ui/button';
import { Badge, EmptyState, Skeleton } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { StrandedBookingsDialog } from '@/components/ui/stranded-bookings-dialog';
import { toast } from '@/components/ui/toast';
import { type TimeSlotInput, useCreateTimeSlot, useDeleteTimeSlot, useTimeSlots, useUpdateTimeSlot } from '@/features/availability';
import { errorMessage } from '@/lib/api-client';
import { useStrandGuard } from '@/lib/stranded-bookings';
import { DAY_NAMES, TimeSlotFormDialog } from './time-slot-form-dialog';

// Monday first; Sunday (0) last.
const weekOrder = (day: number) => (day + 6) % 7;

/** A restaurant's reservation windows per weekday. */
export function TimeSlotsTab({ businessId }: { businessId: number }) {
  const slots = useTimeSlots(businessId);
  const create = useCreateTimeSlot(businessId);
  const update = useUpdateTimeSlot(businessId);
  const remove = useDeleteTimeSlot(businessId);
  const [editing, setEditing] = useState<TimeSlot | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TimeSlot | null>(null);
  // A change that leaves reservations outside every slot: the server lists them for the owner to cancel or keep the slot.
  const strand = useStrandGuard();
  const describe = (s: { dayOfWeek: number; startTime: string; endTime: string }) => `${DAY_NAMES[s.dayOfWeek]} ${formatTime12h(s.startTime.slice(0, 5))} – ${formatTime12h(s.endTime.slice(0, 5))}`;

  const save = (input: TimeSlotInput) => {
    const fail = (title: string) => (e: unknown) => toast({ title, description: errorMessage(e, ''), variant: 'destructive' });
    if (editing === 'new') {
      create.mutate(input, { onSuccess: (s) => { toast({ title: 'Time Slot Created', description: describe(s) }); setEditing(null); }, onError: fail('Failed to create time slot') });
    } else if (editing) {
      strand.run(update, { id: editing.id, input }, { onSuccess: (s) => { toast({ title: 'Time Slot Updated', description: describe(s) }); setEditing(null); }, onError: fail('Failed to update time slot') });
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    setDeleting(null);
    strand.run(remove, { id: target.id }, {
      onSuccess: () => toast({ title: 'Time Slot Deleted', description: describe(target) }),
      onError: (e) => toast({ title: 'Failed to delete time slot', description: errorMessage(e, ''), variant: 'destructive' }),
    });
  };

  const list = [...(slots.data ?? [])].sort((a, b) => weekOrder(a.dayOfWeek) - weekOrder(b.dayOfWeek) || a.startTime.localeCompare(b.startTime));

  return (
    <section aria-labelledby="time-slots-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="time-slots-title" className="text-lg font-semibold">
            Time Slots
          </h2>
          <p className="text-sm text-slate-600">When guests can reserve a table, per day of the week.</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add Time Slot
        </Button>
      </div>
      {slots.isLoading ? (
        <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading time slots">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : slots.error ? (
        <ErrorState title="Failed to fetch time slots" message={errorMessage(slots.error, '')} onRetry={() => void slots.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="No time slots yet" description="Without time slots guests cannot reserve a table.">
          <Button onClick={() => setEditing('new')}>Add a time slot</Button>
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {list.map((s) => (
            <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="time-slot">
              <div>
                <p className="font-medium text-slate-900">{DAY_NAMES[s.dayOfWeek]}</p>
                <p className="text-sm text-slate-600">
                  {formatTime12h(s.startTime.slice(0, 5))} – {formatTime12h(s.endTime.slice(0, 5))} · every {s.intervalMinutes} min{' '}
                  {s.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => setEditing(s)} aria-label={`Edit ${describe(s)}`}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
                <Button variant="outline" size="sm" className="text-red-600 hover:bg-red-50" onClick={() => setDeleting(s)} aria-label={`Delete ${describe(s)}`}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <TimeSlotFormDialog open={editing !== null} businessId={businessId} slot={editing === 'new' ? null : editing} busy={create.isPending || update.isPending} onOpenChange={(o) => !o && setEditing(null)} onSubmit={save} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete time slot"
        description="Are you sure you want to delete this time slot?"
        confirmLabel="Delete"
        cancelLabel="Keep it"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
      <StrandedBookingsDialog guard={strand.guard} what="This time slot change" busy={update.isPending || remove.isPending} />
    </section>
  );
}
