import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { addDays, dayOfWeek, formatWeekdayDate, isValidDate, MONTH_NAMES } from '@contract/time';
import { cn } from '@/lib/cn';

const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

// A directory page asks each card's zone for today: one formatter per zone, kept (building one costs
// far more than using it). null: a zone name Intl does not know, which falls back to the visitor's calendar.
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();
function dayFormat(timeZone: string): Intl.DateTimeFormat | null {
  if (!dayFormats.has(timeZone)) {
    let format: Intl.DateTimeFormat | null = null;
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      // Not a zone Intl knows.
    }
    dayFormats.set(timeZone, format);
  }
  return dayFormats.get(timeZone)!;
}

/**
 * Today as yyyy-MM-dd: in the given IANA time zone (a business's own calendar decides what
 * "today" and "30 days ahead" mean for its bookings), else in the visitor's.
 */
export function todayIso(timeZone?: string): string {
  const format = timeZone ? dayFormat(timeZone) : null;
  if (format) return format.format(new Date());
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** "2025-03-07" -> "Friday, March 7, 2025" (formatWeekdayDate with the year, so slots and dates read alike). */
export function formatLongDate(date: string): string {
  if (!isValidDate(date)) return date;
  return `${formatWeekdayDate(date)}, ${date.slice(0, 4)}`;
}

/** "2025-03-07" -> "Mar 7, 2025". */
export function formatShortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return `${MONTH_NAMES[m - 1].slice(0, 3)} ${d}, ${y}`;
}

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const shiftMonth = (start: string, by: number) => {
  const [y, m] = start.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 10);
};
const daysInMonth = (start: string) => {
  const [y, m] = start.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

export interface CalendarProps {
  value?: string | null;
  onChange: (date: string) => void;
  /** Earliest selectable date (inclusive), yyyy-MM-dd. */
  min?: string;
  /** Latest selectable date (inclusive), yyyy-MM-dd. */
  max?: string;
  isDateDisabled?: (date: string) => boolean;
  label?: string;
  className?: string;
  /** The day to highlight as today (defaults to the visitor's today). */
  today?: string;
  /** Told the month shown ("yyyy-MM"), first and whenever it changes: a caller can ask for that month's open days. */
  onMonthChange?: (month: string) => void;
  /** A day to mark (the appointment's current date in a reschedule), named in its label: "(current)". */
  marked?: string;
  /** What a day that is not past the limits but disabled by isDateDisabled means, said in its label. */
  disabledNote?: string;
}

/**
 * A month grid of day buttons. Arrow keys move by day and week, PageUp/PageDown by month,
 * Home/End to the week's ends; only one day is in the tab order (roving tabindex).
 */
export function Calendar({ value, onChange, min, max, isDateDisabled, label = 'Choose a date', className, today = todayIso(), onMonthChange, marked, disabledNote }: CalendarProps) {
  const initial = value ?? (min && min > today ? min : today);
  const [focused, setFocused] = useState(initial);
  const [month, setMonth] = useState(monthStart(initial));
  const moveFocus = useRef(false);
  const grid = useRef<HTMLDivElement>(null);
  // A day chosen from outside (the first day with free times, found after the grid first showed)
  // brings its month into view: the preselected day is never on a page the person has to look for.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value && monthStart(value) !== month) {
      setMonth(monthStart(value));
      setFocused(value);
    }
  }

  const monthChanged = useRef(onMonthChange);
  monthChanged.current = onMonthChange;
  useEffect(() => monthChanged.current?.(month.slice(0, 7)), [month]);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, month]);

  const outside = (date: string) => (min !== undefined && date < min) || (max !== undefined && date > max);
  const disabled = (date: string) => outside(date) || (isDateDisabled?.(date) ?? false);

  const focusDate = (date: string) => {
    const target = min && date < min ? min : max && date > max ? max : date;
    moveFocus.current = true;
    setFocused(target);
    setMonth(monthStart(target));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7, Home: -dayOfWeek(date), End: 6 - dayOfWeek(date) };
    if (event.key in moves) {
      event.preventDefault();
      focusDate(addDays(date, moves[event.key]));
    } else if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      const target = shiftMonth(monthStart(date), event.key === 'PageUp' ? -1 : 1);
      focusDate(addDays(target, Math.min(Number(date.slice(8)), daysInMonth(target)) - 1));
    }
  };

  const count = daysInMonth(month);
  const lead = dayOfWeek(month);
  const days = Array.from({ length: count }, (_, i) => addDays(month, i));
  const tabbable = days.includes(focused) ? focused : (days.find((d) => d === value) ?? days.find((d) => !disabled(d)) ?? month);
  const canGoBack = !min || shiftMonth(month, -1) >= monthStart(min);
  const canGoForward = !max || shiftMonth(month, 1) <= max;
  const [y, m] = month.split('-').map(Number);

  return (
    // A phone's day is a 44 px target each way (WCAG 2.5.5): the grid takes the width it needs there.
    <div className={cn('w-full max-w-sm rounded-lg border border-slate-200 bg-white p-2 sm:max-w-80 sm:p-3', className)} role="group" aria-label={label}>
      <div className="mb-2 flex items-center justify-between">
        <button type="button" className="inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-30" aria-label="Previous month" disabled={!canGoBack} onClick={() => setMonth(shiftMonth(month, -1))}>
          <ChevronLeft className="size-4" />
        </button>
        <p className="text-sm font-semibold" aria-live="polite">
          {MONTH_NAMES[m - 1]} {y}
        </p>
        <button type="button" className="inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-30" aria-label="Next month" disabled={!canGoForward} onClick={() => setMonth(shiftMonth(month, 1))}>
          <ChevronRight className="size-4" />
        </button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-slate-500" aria-hidden="true">
        {WEEKDAYS.map((d) => (
          <span key={d} className="py-1">
            {d}
          </span>
        ))}
      </div>
      <div ref={grid} className="grid grid-cols-7 gap-0.5 sm:gap-1">
        {Array.from({ length: lead }, (_, i) => (
          <span key={`lead-${i}`} />
        ))}
        {days.map((date) => {
          const isDisabled = disabled(date);
          const selected = date === value;
          const isToday = date === today;
          const isMarked = date === marked;
          // Closed or full (not merely outside the window): greyed, and said so to a screen reader.
          const note = isDisabled && !outside(date) && disabledNote ? `, ${disabledNote}` : '';
          return (
            <button
              key={date}
              type="button"
              data-date={date}
              tabIndex={date === tabbable ? 0 : -1}
              // aria-disabled rather than disabled: the keyboard can still land on (and skip over) it.
              aria-disabled={isDisabled || undefined}
              aria-pressed={selected}
              aria-label={`${formatLongDate(date)}${isMarked ? ' (current)' : ''}${note}`}
              onClick={() => {
                setFocused(date);
                if (!isDisabled) onChange(date);
              }}
              onKeyDown={(e) => onKeyDown(e, date)}
              className={cn(
                'h-11 min-w-11 rounded-md text-sm tabular-nums sm:h-10 sm:min-w-0',
                isDisabled ? 'cursor-not-allowed text-slate-300' : 'text-slate-800 hover:bg-brand-50',
                note && 'bg-slate-50 line-through decoration-slate-300',
                isMarked && !selected && 'ring-2 ring-inset ring-brand-300',
                isToday && !selected && 'font-bold text-brand-700',
                selected && 'bg-brand-600 font-semibold text-white hover:bg-brand-700',
              )}
            >
              {Number(date.slice(8))}
            </button>
          );
        })}
      </div>
    </div>
  );
}
