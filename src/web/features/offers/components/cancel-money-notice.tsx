import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import type { CancelMoney } from '../lib/use-cancel-money';

/** Inside a cancel dialog: what happens to the money, or that it is being checked, or why it could not be. */
export function CancelMoneyNotice({ money: { ties, lines } }: { money: CancelMoney }) {
  if (ties.isLoading) {
    return (
      <p className="mt-3 text-sm text-slate-600" aria-busy="true">
        Checking the offers tied to this appointment…
      </p>
    );
  }
  if (ties.error) {
    return (
      <div className="mt-3 space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        <p>Could not check the offers tied to this appointment: {errorMessage(ties.error, 'please try again')}.</p>
        <Button size="sm" variant="outline" onClick={() => void ties.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (lines.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="cancel-money" aria-label="What happens to the money">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
