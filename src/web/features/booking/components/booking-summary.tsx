import { formatLongDate } from '@/components/ui/calendar';
import { formatClock } from '@/lib/business-time';

/** The chosen slot, as a definition list: used above the details form and on the confirmation. */
export function BookingSummary({ rows }: { rows: [label: string, value: React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const dateRow = (date: string): [string, string] => ['Date', formatLongDate(date)];
/** The business's wall clock, saying whose from another zone: "9:00 AM New York time". */
export const timeRow = (time: string, timeZone: string | null | undefined): [string, string] => ['Time', formatClock(time, timeZone)];
/** Who serves it: a member's name, or "Anyone available" before the server has picked. Reads "With Marco". */
export const withRow = (who: string): [string, string] => ['With', who];
