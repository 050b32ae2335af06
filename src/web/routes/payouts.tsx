import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Card, CardContent, Skeleton } from '@/components/ui/card';
import { useUser } from '@/features/auth';
import { goToPayoutSetup, PayoutAccountsCard, usePaymentConfig } from '@/features/payments';
import { useDocumentTitle } from '@/lib/document-title';

/**
 * Payout setup: where the user's and their businesses' payouts go, and Stripe's way back. Stripe
 * returns here (?setup=returned: the list shows what Stripe says now), or sends the browser here
 * when a setup link expired (?setup=expired), which opens a fresh one at once, as Stripe asks.
 */
export default function PayoutsRoute() {
  useDocumentTitle(['Payouts']);
  const { data: user, isPending } = useUser();
  const config = usePaymentConfig();
  const [params] = useSearchParams();
  const setup = params.get('setup');
  const business = Number(params.get('business'));
  const businessId = Number.isInteger(business) && business > 0 ? business : null;
  const restarted = useRef(false);
  useEffect(() => {
    if (setup !== 'expired' || !user || config.data?.processor !== 'stripe' || restarted.current) return;
    restarted.current = true;
    void goToPayoutSetup(businessId);
  }, [setup, user, config.data, businessId]);

  if (isPending || config.isPending) return <div className="mx-auto max-w-xl p-6"><Skeleton className="h-40" /></div>;
  if (!user) return <Navigate to="/login?redirect=/payouts" replace />;
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-6 sm:py-10">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Payouts</h1>
        <p className="mt-1 text-slate-600">Where the money you are owed is sent: swaps you accept and, for owners, your business.</p>
      </header>
      {setup === 'returned' && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-slate-800">
          Back from Stripe. Each status below is what Stripe says now.
        </p>
      )}
      {setup === 'expired' && config.data?.processor === 'stripe' && (
        <p role="status" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          That setup link had expired. Opening a fresh one…
        </p>
      )}
      {config.data?.processor === 'stripe' ? (
        <PayoutAccountsCard />
      ) : (
        <Card>
          <CardContent className="pt-5 text-sm text-slate-700">
            Payouts need no setup here: with the test card processor, money owed to you is paid out at once.
          </CardContent>
        </Card>
      )}
    </div>
  );
}
