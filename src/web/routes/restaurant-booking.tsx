import { BusinessDirectory } from '@/features/businesses/components/business-directory';

/** The directory restricted to restaurants (header label: Book Reservation). */
export default function RestaurantBookingRoute() {
  return <BusinessDirectory restaurantsOnly />;
}
