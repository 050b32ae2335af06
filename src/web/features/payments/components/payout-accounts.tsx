import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { formatPrice } from '@contract/money';
import type { PayoutAccount, PayoutStatus } from '@contract/payments';
import { Button } from '@/components/ui/button';
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { usePaymentConfig } from '../api/get-payment-config';
import { startPayoutSetup, usePayouts } from '../api/payouts';
import { browserNavigation } from '../lib/leave-page';

const STATUS: Record<PayoutStatus, { label: string; variant: 'outline' | 'warning' | 'success'; hint: string; action?: string }> = {
  not_started: { label: 'Not started', variant: 'outline', hint: 'Add your details and bank account with Stripe to be paid.', action: 'Set up payouts' },
  pending: { label: 'Pending', variant: 'warning', hint: 'Stripe still needs something from you, or is checking what you sent.', action: 'Continue setup' },
  ready: { label: 'Ready', variant: 'success', hint: 'Payouts go to your bank account through Stripe.' },
};

const DESCRIPTION = {
  user: 'Card payments you are owed for swaps are sent to your bank account through Stripe.',
  business: 'Deposits and fees your business earns by card are sent to its bank account through Stripe.',
  all: 'Card payments you are owed (swap earnings, your businesses’ deposits and fees) are sent to your bank account through Stripe.',
} as const;

/** Sends the browser to Stripe's onboarding forms (Stripe sends it back to /payouts). */
export async function goToPayoutSetup(businessId: number | null): Promise<boolean> {
  try {
    const { url } = await startPayoutSetup(businessId);
    browserNavigation.leave(url);
    return true;
  } catch (error) {
    toast({ title: 'Payout setup failed', description: errorMessage(error, 'Payout setup is unavailable right now.'), variant: 'destructive' });
    return false;
  }
}

function AccountRow({ account }: { account: PayoutAccount }) {
  const [leaving, setLeaving] = useState(false);
  const status = STATUS[account.status];
  const who = account.businessId === null ? 'Your swap earnings' : account.name;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid={`payout-${account.businessId ?? 'user'}`}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span className="break-words">{who}</span>
          <Badge variant={status.variant}>{status.label}</Badge>
        </p>
        <p className="text-xs text-slate-500">{status.hint}</p>
        {(Number(account.paidOut) > 0 || Number(account.waiting) > 0) && (
          <p className="text-xs text-slate-700" data-testid="payout-money">
            Paid out {formatPrice(account.paidOut)}
            {Number(account.waiting) > 0 && ` · ${formatPrice(account.waiting)} waiting to be paid out`}
          </p>
        )}
      </div>
      {status.action && (
        <Button
          size="sm"
          className="shrink-0"
          disabled={leaving}
          onClick={async () => {
            setLeaving(true);
            if (!(await goToPayoutSetup(account.businessId))) setLeaving(false);
          }}
        >
          {leaving ? 'Opening Stripe…' : status.action}
        </Button>
      )}
    </li>
  );
}

/**
 * Where payouts go, with a "Set up payouts" action per account: the user's own (a swap's recipient)
 * or their businesses' (deposits and fees they earned), each with what was paid out and what waits. Shown only with Stripe: the test processor pays out without an account.
 */
export function PayoutAccountsCard({ scope = 'all' }: { scope?: 'user' | 'business' | 'all' }) {
  const config = usePaymentConfig();
  const payouts = usePayouts(config.data?.processor === 'stripe');
  if (config.data?.processor !== 'stripe') return null;
  const accounts = (payouts.data?.accounts ?? []).filter((a) => scope === 'all' || (scope === 'user') === (a.businessId === null));
  if (payouts.isSuccess && accounts.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark className="size-5 text-brand-600" aria-hidden="true" />
          Payouts
        </CardTitle>
        <CardDescription>{DESCRIPTION[scope]}</CardDescription>
      </CardHeader>
      <CardContent>
        {payouts.isPending ? (
          <Skeleton className="h-12" aria-busy="true" aria-label="Loading payouts" />
        ) : payouts.isError ? (
          <p className="text-sm text-red-600">{errorMessage(payouts.error, 'Payouts unavailable.')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {accounts.map((account) => (
              <AccountRow key={account.businessId ?? 'user'} account={account} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
