import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type TimeSlot, timeSlotInputSchema } from '@contract/availability';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { DialogFormActions } from './dialog-form-actions';
import { asNumber } from '@/lib/number-field';
import { Field, Input, Label, NativeSelect } from '@/components/ui/input';
import type { TimeSlotInput } from '@/features/availability';

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const INTERVALS = [15, 30, 60] as const;

type FormInput = z.input<typeof timeSlotInputSchema>;

function TimeSlotForm({ businessId, slot, busy, onSubmit, onCancel }: { businessId: number; slot: TimeSlot | null; busy: boolean; onSubmit: (v: TimeSlotInput) => void; onCancel: () => void }) {
  // SPEC section 9: a new slot defaults to 17:00-23:00 every 30 minutes, active.
  const defaults: FormInput = slot
    ? { businessId, dayOfWeek: slot.dayOfWeek, startTime: slot.startTime.slice(0, 5), endTime: slot.endTime.slice(0, 5), intervalMinutes: slot.intervalMinutes, isActive: slot.isActive }
    : { businessId, dayOfWeek: 1, startTime: '17:00', endTime: '23:00', intervalMinutes: 30, isActive: true };
  const form = useForm<FormInput, unknown, TimeSlotInput>({ resolver: zodResolver(timeSlotInputSchema), defaultValues: defaults });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="slot-day" label="Day" error={errors.dayOfWeek?.message}>
          <NativeSelect id="slot-day" {...form.register('dayOfWeek', asNumber)}>
            {DAY_NAMES.map((name, day) => (
              <option key={day} value={day}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="slot-interval" label="Interval" error={errors.intervalMinutes?.message}>
          <NativeSelect id="slot-interval" {...form.register('intervalMinutes', asNumber)}>
            {INTERVALS.map((m) => (
              <option key={m} value={m}>
                Every {m} minutes
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="slot-start" label="Start time" error={errors.startTime?.message}>
          <Input id="slot-start" type="time" aria-invalid={errors.startTime ? true : undefined} {...form.register('startTime')} />
        </Field>
        <Field id="slot-end" label="End time" error={errors.endTime?.message}>
          <Input id="slot-end" type="time" aria-invalid={errors.endTime ? true : undefined} {...form.register('endTime')} />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Checkbox id="slot-active" checked={field.value ?? true} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} />
            <Label htmlFor="slot-active" className="font-normal">
              Active (offered to guests)
            </Label>
          </div>
        )}
      />
      <DialogFormActions onCancel={onCancel} busy={busy} submitLabel={slot ? 'Save Changes' : 'Create Time Slot'} />
    </form>
  );
}

export function TimeSlotFormDialog({ open, businessId, slot, busy, onOpenChange, onSubmit }: {
  open: boolean; businessId: number; slot: TimeSlot | null; busy: boolean; onOpenChange: (open: boolean) => void; onSubmit: (v: TimeSlotInput) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={slot ? 'Edit Time Slot' : 'Add Time Slot'} description="Guests can reserve tables at these times on that day of the week.">
      {open && <TimeSlotForm key={slot?.id ?? 'new'} businessId={businessId} slot={slot} busy={busy} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}
