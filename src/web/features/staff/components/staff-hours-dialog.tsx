import { Plus, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { StaffMember } from '@contract/staff';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { DAY_NAMES, dayProblem, fromWeek, type HoursRange, nextRange, type Range, toWeek, type Week, WEEK } from '../lib/hours';
import { Switch } from './switch';

// On a phone the native picker opens on a tap, so the clock icon gives its room to the time itself.
const TIME_INPUT = 'min-w-0 flex-1 px-1.5 sm:w-32 sm:flex-none sm:px-3 max-sm:[&::-webkit-calendar-picker-indicator]:hidden';

// Monday to Friday, nine to five: what a member starts from when the business's hours are unknown.
const FALLBACK: HoursRange[] = [1, 2, 3, 4, 5].map((d) => ({ dayOfWeek: d, openTime: '09:00', closeTime: '17:00' }));

function HoursForm({ member, businessHours, busy, onSubmit, onCancel }: {
  member: StaffMember; businessHours: HoursRange[] | undefined; busy: boolean; onSubmit: (hours: HoursRange[] | null) => void; onCancel: () => void;
}) {
  const [useBusiness, setUseBusiness] = useState(member.hours === null);
  // Own hours start from the business's, so a lunch break is one added range away.
  const [week, setWeek] = useState<Week>(() => toWeek(member.hours ?? businessHours ?? FALLBACK));
  const [checked, setChecked] = useState(false);

  const setDay = (day: number, ranges: Range[]) => setWeek((w) => ({ ...w, [day]: ranges }));
  const setRange = (day: number, i: number, patch: Partial<Range>) => setDay(day, week[day].map((r, j) => (j === i ? { ...r, ...patch } : r)));
  // Shown as soon as the owner types for an overlap (the point of the editor); other problems after a save attempt too.
  const problems = Object.fromEntries(WEEK.map((d) => [d, dayProblem(week[d])]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (useBusiness) return onSubmit(null);
    if (WEEK.some((d) => problems[d])) return;
    onSubmit(fromWeek(week));
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Switch id="staff-hours-business" checked={useBusiness} onCheckedChange={setUseBusiness} label="Use the business's hours" />
      {useBusiness ? (
        <p className="text-sm text-slate-600">{member.name} works whenever the business is open.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {WEEK.map((day) => {
            const ranges = week[day];
            const problem = problems[day];
            const show = problem && (checked || problem.includes('overlap'));
            const errorId = `staff-hours-${day}-error`;
            return (
              <li key={day} className="flex flex-col gap-2 p-2 sm:flex-row sm:gap-3 sm:p-3" role="group" aria-label={DAY_NAMES[day]}>
                {/* A phone puts the day over its ranges; a wider screen beside them. */}
                <div className="flex items-center justify-between gap-2 sm:w-24 sm:shrink-0 sm:flex-col sm:items-start sm:justify-start sm:gap-0 sm:pt-2">
                  <p className="text-sm font-medium text-slate-800">{DAY_NAMES[day]}</p>
                  {!ranges.length && <p className="text-sm text-slate-500">Day off</p>}
                </div>
                <div className="min-w-0 flex-1 space-y-2">
                {ranges.map((r, i) => (
                  <div key={i} className="flex items-center gap-1.5 sm:gap-2">
                    <Input type="time" step={300} aria-label={`${DAY_NAMES[day]} range ${i + 1} start`} className={TIME_INPUT}
                      aria-invalid={show ? true : undefined} aria-describedby={show ? errorId : undefined} value={r.openTime} onChange={(e) => setRange(day, i, { openTime: e.target.value })} />
                    <span aria-hidden="true" className="text-sm text-slate-500">–</span>
                    <Input type="time" step={300} aria-label={`${DAY_NAMES[day]} range ${i + 1} end`} className={TIME_INPUT}
                      aria-invalid={show ? true : undefined} aria-describedby={show ? errorId : undefined} value={r.closeTime} onChange={(e) => setRange(day, i, { closeTime: e.target.value })} />
                    <Button type="button" variant="ghost" size="icon" className="shrink-0" aria-label={`Remove ${DAY_NAMES[day]} range ${i + 1}`} onClick={() => setDay(day, ranges.filter((_, j) => j !== i))}>
                      <X aria-hidden="true" />
                    </Button>
                  </div>
                ))}
                {show && (
                  <p id={errorId} role="alert" className="text-sm text-red-600">
                    {problem}
                  </p>
                )}
                <Button type="button" variant="outline" size="sm" onClick={() => setDay(day, [...ranges, nextRange(ranges)])}>
                  <Plus aria-hidden="true" />
                  {ranges.length ? 'Add range' : 'Add hours'}
                  <span className="sr-only"> on {DAY_NAMES[day]}</span>
                </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save hours'}
        </Button>
      </div>
    </form>
  );
}

/** A member's weekly hours: the business's, or their own with breaks (several ranges a day) and days off. */
export function StaffHoursDialog({ member, businessHours, busy, onOpenChange, onSubmit }: {
  member: StaffMember | null; businessHours: HoursRange[] | undefined; busy: boolean; onOpenChange: (open: boolean) => void; onSubmit: (hours: HoursRange[] | null) => void;
}) {
  return (
    <Dialog className="p-4 sm:p-6" open={member !== null} onOpenChange={onOpenChange} title={member ? `Hours for ${member.name}` : 'Hours'} description="Several ranges on a day leave a break between them; a day without one is a day off.">
      {member && <HoursForm key={member.id} member={member} businessHours={businessHours} busy={busy} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}
