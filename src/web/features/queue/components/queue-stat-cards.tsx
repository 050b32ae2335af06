import { Fragment } from 'react';
import { Card } from '@/components/ui/card';
import { formatWaitLength } from '../lib/wait-text';

/** "11 h 52 min" as two unbreakable parts, so a narrow card wraps between them, never inside one. */
const WaitLength = ({ minutes }: { minutes: number }) => {
  const parts = formatWaitLength(minutes).split(/ (?=[~\d])/);
  // The space between the parts stays outside them: it is where the line may break.
  return parts.map((part, i) => (
    <Fragment key={part}>
      {i > 0 && ' '}
      <span className="whitespace-nowrap">{part}</span>
    </Fragment>
  ));
};

/**
 * Active Queues, Avg Wait and Completed; the wait as a length ("3 h 20 min"), never a bare minute count.
 * The wait is today's lines' (null: nobody in a line today, said as such rather than a made-up 0).
 */
export function QueueStatCards({ active, avgWait, completed }: { active: number; avgWait: number | null; completed: number }) {
  const stats = [
    ['Active Queues', active],
    ['Avg Wait', avgWait === null ? <span key="wait" className="text-base font-medium text-slate-600">None today</span> : <WaitLength key="wait" minutes={avgWait} />],
    ['Completed', completed],
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-3">
      {stats.map(([label, value]) => (
        <Card key={label} className="p-4">
          <dt className="text-xs font-medium text-slate-600 sm:text-sm">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl" data-testid={`stat-${label}`}>{value}</dd>
        </Card>
      ))}
    </dl>
  );
}
