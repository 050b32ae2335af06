import { Coins } from 'lucide-react';
import { useState } from 'react';
import { formatPrice, toCents } from '@contract/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useCredits } from '../api/get-credits';
import { useCreditTransactions } from '../api/get-credit-transactions';

const SHOWN = 5;

const formatWhen = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
};

/** The Que Credit balance and its history, newest first. */
export function CreditBalanceCard({ userId }: { userId: number }) {
  const credits = useCredits(userId);
  const transactions = useCreditTransactions(userId);
  const [showAll, setShowAll] = useState(false);
  const list = [...(transactions.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const shown = showAll ? list : list.slice(0, SHOWN);

  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4 space-y-0">
        <div>
          <CardTitle className="flex items-center gap-2">
            <Coins className="size-5 text-amber-500" aria-hidden="true" />
            Que Credit
          </CardTitle>
          <p className="mt-1 text-sm text-slate-600">Earn $1.00 with every booking; spend it to skip the line.</p>
        </div>
        <div className="text-right" aria-live="polite">
          {credits.isLoading ? (
            <Skeleton className="h-8 w-20" />
          ) : credits.error ? (
            <p className="text-sm text-red-600">Balance unavailable</p>
          ) : (
            <p className="text-2xl font-bold text-slate-900" data-testid="credit-balance">
              {formatPrice(credits.data?.credits ?? '0.00')}
            </p>
          )}
          <p className="text-xs text-slate-500">available</p>
        </div>
      </CardHeader>
      <CardContent>
        <h3 className="mb-2 text-sm font-semibold text-slate-700">History</h3>
        {transactions.isLoading ? (
          <div className="space-y-2" aria-busy="true" aria-label="Loading credit history">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : transactions.error ? (
          <p className="text-sm text-red-600">Could not load your credit history.</p>
        ) : list.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">No credit transactions yet</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {shown.map((t) => {
                const negative = (toCents(t.amount) ?? 0) < 0;
                return (
                  <li key={t.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                    <div className="min-w-0">
                      <p className="break-words text-slate-800">{t.description || t.transactionType}</p>
                      <p className="text-xs text-slate-500">{formatWhen(t.createdAt)}</p>
                    </div>
                    <span className={cn('shrink-0 font-semibold tabular-nums', negative ? 'text-red-700' : 'text-emerald-700')}>
                      {negative ? '' : '+'}
                      {formatPrice(t.amount)}
                    </span>
                  </li>
                );
              })}
            </ul>
            {list.length > SHOWN && (
              <Button variant="link" size="sm" className="mt-1 px-0" onClick={() => setShowAll((v) => !v)}>
                {showAll ? 'Show less' : `Show all ${list.length}`}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
