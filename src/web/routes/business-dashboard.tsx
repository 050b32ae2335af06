import { Navigate } from 'react-router';
import { Skeleton } from '@/components/ui/card';
import { useUser } from '@/features/auth';
import { BusinessDashboard, NoBusinessPrompt } from '@/features/dashboard';
import { PayoutAccountsCard } from '@/features/payments';
import { useDocumentTitle } from '@/lib/document-title';

export default function BusinessDashboardRoute() {
  useDocumentTitle(['Business Dashboard']);
  const { data: user, isLoading } = useUser();
  if (isLoading) {
    return (
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-10" role="status" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  // SPEC section 2: anyone but a business user is sent to log in (as a business).
  if (!user || user.userType !== 'business') return <Navigate to="/login?redirect=/business-dashboard" replace />;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-10">
      {user.businessId === null ? <NoBusinessPrompt /> : <BusinessDashboard key={user.businessId} businessId={user.businessId} />}
      {/* With Stripe: where the business's money goes, and "Set up payouts" until it can. */}
      {user.businessId !== null && <PayoutAccountsCard scope="business" />}
    </div>
  );
}
