import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { useBusiness } from '@/features/businesses';
import { useBusinessServices } from '@/features/services';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { BusinessReviews } from '@/features/reviews';
import { BusinessWaitlistPanel } from '@/features/waitlist';
import { RestaurantHeader } from './restaurant-header';
import { RestaurantWizard } from './restaurant-wizard';

const BackToRestaurants = () => (
  <Button variant="outline" asChild>
    <Link to="/restaurant-booking">Browse restaurants</Link>
  </Button>
);

/** Loads the restaurant (and its table service), then runs the reservation flow. */
export function RestaurantBooking({ restaurantId, prefill }: { restaurantId: number | null; prefill: { date: string | null; time: string | null } }) {
  const restaurant = useBusiness(restaurantId);
  const services = useBusinessServices(restaurantId);
  const flowShown = Boolean(restaurant.data?.businessType === 'restaurant' && !services.error && !services.isLoading);
  useDocumentTitle(flowShown ? null : [restaurantId === null ? 'Invalid restaurant ID' : restaurant.error || restaurant.data ? 'Restaurant not found' : 'Reserve a table']);

  if (restaurantId === null) {
    return (
      <ErrorState title="Invalid restaurant ID">
        <BackToRestaurants />
      </ErrorState>
    );
  }
  if (restaurant.isLoading || services.isLoading) {
    return (
      <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading restaurant">
        <Skeleton className="h-36" />
        <div className="grid gap-6 md:grid-cols-[20rem_1fr]">
          <Skeleton className="h-72" />
          <Skeleton className="h-40" />
        </div>
      </div>
    );
  }
  if (restaurant.error instanceof ApiError && restaurant.error.status === 404) {
    return (
      <ErrorState title="Restaurant not found">
        <BackToRestaurants />
      </ErrorState>
    );
  }
  if (restaurant.error) return <ErrorState title="Error loading restaurant" message={errorMessage(restaurant.error, '')} onRetry={() => void restaurant.refetch()} />;
  if (!restaurant.data || restaurant.data.businessType !== 'restaurant') {
    return (
      <ErrorState title="Restaurant not found">
        {restaurant.data && (
          <Button asChild>
            <Link to={`/book/${restaurant.data.id}`}>Book an appointment at {restaurant.data.businessName}</Link>
          </Button>
        )}
        <BackToRestaurants />
      </ErrorState>
    );
  }
  if (services.error) return <ErrorState title="Something went wrong" message={errorMessage(services.error, 'Failed to fetch restaurant services')} onRetry={() => void services.refetch()} />;
  return (
    <>
      <RestaurantHeader restaurant={restaurant.data} />
      <RestaurantWizard restaurant={restaurant.data} serviceId={services.data?.[0]?.id} terms={services.data?.[0]?.policies ?? {}} prefill={prefill} />
      {services.data?.[0] && (
        <BusinessWaitlistPanel businessId={restaurant.data.id} timeZone={restaurant.data.timeZone} services={services.data.slice(0, 1)} maxPartySize={restaurant.data.maxPartySize ?? 20} />
      )}
      <BusinessReviews business={restaurant.data} />
    </>
  );
}
