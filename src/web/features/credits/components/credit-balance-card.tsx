import { Coins } from 'lucide-react';
import { useState } from 'react';
import { BOOKING_CREDIT_CENTS, formatPrice, toCents } from '@contract/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@/components/ui/card';
import { useCredits } from '../api/get-credits';
import { useCreditTransactions } from '../api/get-credit-transactions';
import { CreditHistoryItem } from './credit-history-item';

const SHOWN = 5;

/** "$1.00 pending until your appointment is completed"; one booking's credit is $1.00, so more means several. */
function pendingNote(pending: string) {
  const several = (toCents(pending) ?? 0) > BOOKING_CREDIT_CENTS;
  return `${formatPrice(pending)} pending until your ${several ? 'appointments are' : 'appointment is'} completed`;
}

/** The Que Credit balance (spendable, and pending apart) and its history, newest first. */
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
          <p className="mt-1 text-sm text-slate-600">Earn $1.00 with every completed booking; spend it to skip the line.</p>
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
        {credits.data && (toCents(credits.data.pending) ?? 0) > 0 && (
          <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="credit-summary">
            {formatPrice(credits.data.credits)} available · {pendingNote(credits.data.pending)}
          </p>
        )}
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
              {shown.map((t) => (
                <CreditHistoryItem key={t.id} transaction={t} />
              ))}
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
