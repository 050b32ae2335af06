import type { CreditTransaction } from '@contract/credits';
import { formatPrice, toCents } from '@contract/money';
import { Badge } from '@/components/ui/card';
import { cn } from '@/lib/cn';

const formatWhen = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
};

/** One credit movement; pending ones are not spendable yet, voided ones came to nothing ("Not earned": the visit did not happen). */
export function CreditHistoryItem({ transaction: t }: { transaction: CreditTransaction }) {
  const cents = toCents(t.amount) ?? 0;
  const voided = t.status === 'voided';
  const pending = t.status === 'pending';
  return (
    <li className="flex items-center justify-between gap-3 px-3 py-2 text-sm" data-testid="credit-transaction" data-status={t.status}>
      <div className="min-w-0">
        <p className={cn('break-words', voided ? 'text-slate-500' : 'text-slate-800')}>{t.description || t.transactionType}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
          {formatWhen(t.createdAt)}
          {pending && (
            <Badge variant="warning" className="px-2 py-0 font-medium">
              Pending
            </Badge>
          )}
          {voided && (
            <Badge variant="secondary" className="px-2 py-0 font-medium">
              Not earned
            </Badge>
          )}
        </p>
      </div>
      <span
        className={cn(
          'shrink-0 font-semibold tabular-nums',
          voided ? 'text-slate-500' : pending ? 'text-amber-700' : cents < 0 ? 'text-red-700' : 'text-emerald-700',
        )}
      >
        {cents > 0 ? '+' : ''}
        {formatPrice(t.amount)}
        {pending && <span className="sr-only"> (pending)</span>}
      </span>
    </li>
  );
}
