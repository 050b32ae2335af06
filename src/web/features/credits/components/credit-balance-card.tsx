import { Coins } from 'lucide-react';
import { formatCents, formatPrice, toCents } from '@contract/money';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@/components/ui/card';
import { ShowMore } from '@/components/ui/show-more';
import { loadedItems } from '@/lib/paged-query';
import { useCredits } from '../api/get-credits';
import { useCreditTransactions } from '../api/get-credit-transactions';
import { CreditHistoryItem } from './credit-history-item';
import { RULES } from '@contract/rules';

/** "$1.00 pending until your appointment is completed"; one booking earns RULES.bookingCreditCents, so more means several. */
function pendingNote(pending: string) {
  const several = (toCents(pending) ?? 0) > RULES.bookingCreditCents;
  return `${formatPrice(pending)} pending until your ${several ? 'appointments are' : 'appointment is'} completed`;
}

/** The Que Credit balance (spendable, and pending apart) and its history, newest first, a page at a time. */
export function CreditBalanceCard({ userId }: { userId: number }) {
  const credits = useCredits(userId);
  const transactions = useCreditTransactions(userId);
  // Newest first as the server sends them, a few at a time: the history grows with every booking.
  const list = loadedItems(transactions.data);

  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4 space-y-0">
        <div>
          <CardTitle className="flex items-center gap-2">
            <Coins className="size-5 text-amber-500" aria-hidden="true" />
            Que Credit
          </CardTitle>
          <p className="mt-1 text-sm text-slate-600">Earn {formatCents(RULES.bookingCreditCents)} with every completed booking; spend it to skip the line.</p>
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
          <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading credit history">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : transactions.error && !transactions.isFetchNextPageError ? (
          <p className="text-sm text-red-600">Could not load your credit history.</p>
        ) : list.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">No credit transactions yet</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {list.map((t) => (
                <CreditHistoryItem key={t.id} transaction={t} />
              ))}
            </ul>
            <ShowMore query={transactions} label="Show more history" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
