import { Wallet as WalletIcon } from 'lucide-react';
import { formatPrice } from '@contract/money';
import type { Wallet } from '@contract/payments';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@/components/ui/card';
import { useWallet } from '../api/get-wallet';

const rows: { key: keyof Wallet; label: string; hint: string }[] = [
  { key: 'credits', label: 'Que Credit', hint: 'spendable now' },
  { key: 'pendingCredits', label: 'Pending credit', hint: 'spendable once the appointment is completed' },
  { key: 'heldInEscrow', label: 'Held in escrow', hint: 'for your offers' },
  { key: 'pendingIncoming', label: 'Pending incoming', hint: 'paid to you when both appointments are completed' },
  { key: 'earnings', label: 'Earnings', hint: 'released to you' },
  { key: 'depositsHeld', label: 'Deposits held', hint: 'on your card for upcoming bookings: refunded on a cancel in time' },
];

/** The wallet: credit, escrow held for the user's offers, money on its way and what has been paid out. */
export function WalletCard() {
  const wallet = useWallet();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <WalletIcon className="size-5 text-brand-600" aria-hidden="true" />
          Wallet
        </CardTitle>
      </CardHeader>
      <CardContent>
        {wallet.isLoading ? (
          <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading wallet">
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        ) : wallet.error || !wallet.data ? (
          <p className="text-sm text-red-600">Wallet unavailable.</p>
        ) : (
          <dl className="divide-y divide-slate-100" aria-live="polite">
            {/* A server from before deposits (DESIGN section 11) sends no depositsHeld: that row is left out. */}
            {rows.filter(({ key }) => wallet.data[key] !== undefined).map(({ key, label, hint }) => (
              <div key={key} className="flex items-baseline justify-between gap-3 py-2" data-testid={`wallet-${key}`}>
                <dt className="min-w-0">
                  <span className="text-sm text-slate-800">{label}</span>
                  <span className="block text-xs text-slate-500">{hint}</span>
                </dt>
                <dd className="shrink-0 font-semibold tabular-nums text-slate-900">{formatPrice(wallet.data[key])}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
