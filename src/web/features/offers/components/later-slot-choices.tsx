import type { Appointment } from '@contract/appointments';
import { formatShortDate } from '@/components/ui/calendar';
import { cn } from '@/lib/cn';
import { formatClock } from '@/lib/business-time';

/** Move Back's later appointments of other customers, one radio each (keyboard: arrows move between them). */
export function LaterSlotChoices({ slots, chosenId, onChoose }: { slots: Appointment[]; chosenId: number | null; onChoose: (id: number) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Later time to take</legend>
      <div className="grid max-h-56 gap-2 overflow-y-auto sm:grid-cols-2">
        {slots.map((a) => (
          <label key={a.id} className={cn('flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm focus-within:ring-2 focus-within:ring-brand-200', chosenId === a.id ? 'border-brand-500 bg-brand-50' : 'border-slate-300')}>
            <input type="radio" name="move-back-slot" value={a.id} checked={chosenId === a.id} onChange={() => onChoose(a.id)} className="accent-brand-600" />
            <span>
              <span className="font-medium">{formatShortDate(a.date)}</span> at {formatClock(a.time, a.timeZone)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
