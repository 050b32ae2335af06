import { queueProgress } from '../lib/queue-list';

/** How far along the line this entry is: (total − position + 1) / total. */
export function QueueProgress({ position, total, label }: { position: number | null; total: number; label: string }) {
  const value = queueProgress(position, total);
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} className="h-2 w-full overflow-hidden rounded-full bg-slate-100">
      <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}
