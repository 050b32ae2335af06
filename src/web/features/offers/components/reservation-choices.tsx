import { formatTime12h } from '@contract/time';
import type { RestaurantReservation } from '@/features/appointments';
import { cn } from '@/lib/cn';

/**
 * The day's tables held by other guests, one radio each (keyboard: arrows move between them). Their
 * times are bare: the dialog around them says once whose clock they are on.
 */
export function ReservationChoices({ reservations, chosenId, onChoose }: {
  reservations: RestaurantReservation[]; chosenId: number | null; onChoose: (id: number) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Reservation to swap with</legend>
      <div className="grid max-h-56 gap-2 overflow-y-auto sm:grid-cols-2">
        {reservations.map((r) => (
          <label
            key={r.id}
            className={cn('flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm focus-within:ring-2 focus-within:ring-brand-200', chosenId === r.id ? 'border-brand-500 bg-brand-50' : 'border-slate-300')}
          >
            <input type="radio" name="reservation" value={r.id} checked={chosenId === r.id} onChange={() => onChoose(r.id)} className="accent-brand-600" />
            <span>
              <span className="font-medium">{formatTime12h(r.time)}</span> · party of {r.partySize}
              {r.seatingPreference ? ` · ${r.seatingPreference}` : ''}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
