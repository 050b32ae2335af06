import { BusinessDirectory } from '@/features/businesses';
import { useDocumentTitle } from '@/lib/document-title';

/** The directory restricted to restaurants (header label: Book Reservation). */
export default function RestaurantBookingRoute() {
  useDocumentTitle(['Book a Reservation']);
  return <BusinessDirectory restaurantsOnly />;
}
