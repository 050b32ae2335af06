import { Card } from '@/components/ui/card';

/** Active Queues, Avg Wait (min) and Completed. */
export function QueueStatCards({ active, avgWait, completed }: { active: number; avgWait: number; completed: number }) {
  const stats = [
    ['Active Queues', active],
    ['Avg Wait (min)', avgWait],
    ['Completed', completed],
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-3">
      {stats.map(([label, value]) => (
        <Card key={label} className="p-4">
          <dt className="text-xs font-medium text-slate-600 sm:text-sm">{label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid={`stat-${label}`}>{value}</dd>
        </Card>
      ))}
    </dl>
  );
}
