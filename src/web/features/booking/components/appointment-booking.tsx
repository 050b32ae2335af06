import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { useBusiness } from '@/features/businesses';
import { useBusinessServices } from '@/features/services';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import type { BookingPrefill } from '../lib/prefill';
import { AppointmentWizard } from './appointment-wizard';
import { BusinessReviews } from '@/features/reviews';
import { useBusinessStaff } from '@/features/staff';
import { BusinessWaitlistPanel } from '@/features/waitlist';
import { BusinessHeader } from './business-header';

function NotFound() {
  return (
    <ErrorState title="Business not found.">
      <Button variant="outline" asChild>
        <Link to="/businesses">Browse businesses</Link>
      </Button>
    </ErrorState>
  );
}

/** Loads the business and its services, then runs the booking flow. */
export function AppointmentBooking({ businessId, prefill }: { businessId: number | null; prefill: BookingPrefill }) {
  const business = useBusiness(businessId);
  const services = useBusinessServices(businessId);
  const staff = useBusinessStaff(businessId);
  // Once the flow shows, it names the chosen service in the title itself.
  const flowShown = Boolean(business.data && business.data.businessType !== 'restaurant' && services.data);
  useDocumentTitle(flowShown ? null : [business.data?.businessName ?? (businessId === null || business.error ? 'Business not found' : 'Book an appointment')]);

  if (businessId === null) return <NotFound />;
  if (business.isLoading || services.isLoading) {
    return (
      <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-28" />
        <Skeleton className="h-8 w-1/2" />
        <div className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      </div>
    );
  }
  if (business.error) {
    if (business.error instanceof ApiError && (business.error.status === 404 || business.error.status === 400)) return <NotFound />;
    return <ErrorState title="Failed to fetch business" message={errorMessage(business.error, '')} onRetry={() => void business.refetch()} />;
  }
  if (!business.data) return <NotFound />;
  if (business.data.businessType === 'restaurant') {
    return (
      <ErrorState title={`${business.data.businessName} takes table reservations`}>
        <Button asChild>
          <Link to={`/restaurant/${business.data.id}`}>Make Reservation</Link>
        </Button>
      </ErrorState>
    );
  }
  return (
    <>
      <BusinessHeader business={business.data} />
      {services.error || !services.data ? (
        <ErrorState title="Failed to fetch services" message={errorMessage(services.error, '')} onRetry={() => void services.refetch()} />
      ) : (
        <>
          <AppointmentWizard business={business.data} services={services.data} prefill={prefill} />
          <BusinessWaitlistPanel businessId={business.data.id} timeZone={business.data.timeZone} services={services.data} staff={staff.data ?? []} />
        </>
      )}
      <BusinessReviews business={business.data} />
    </>
  );
}
