import { appointmentStatuses } from '@contract/appointment-choices';
import { Button } from '@/components/ui/button';
import { Field, Input, NativeSelect } from '@/components/ui/input';

export type StatusFilter = 'all' | 'confirmed' | 'pending' | 'cancelled' | 'no_show';
export const statusFilters: StatusFilter[] = ['all', ...appointmentStatuses.filter((s): s is Exclude<StatusFilter, 'all'> => s !== 'completed')];

export function AppointmentFilters({ date, status, onDateChange, onStatusChange }: {
  date: string;
  status: StatusFilter;
  onDateChange: (date: string) => void;
  onStatusChange: (status: StatusFilter) => void;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-end">
      <div className="sm:w-48">
        <Field id="filter-date" label="Date">
          <Input id="filter-date" type="date" value={date} onChange={(e) => onDateChange(e.target.value)} />
        </Field>
      </div>
      <div className="sm:w-48">
        <Field id="filter-status" label="Status">
          <NativeSelect id="filter-status" value={status} onChange={(e) => onStatusChange(e.target.value as StatusFilter)}>
            {statusFilters.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? 'All statuses' : s.charAt(0).toUpperCase() + s.slice(1).replace('_', '-')}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      {(date || status !== 'all') && (
        <Button variant="ghost" onClick={() => { onDateChange(''); onStatusChange('all'); }}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
