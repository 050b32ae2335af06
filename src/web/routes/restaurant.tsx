import { useParams, useSearchParams } from 'react-router';
import { RestaurantBooking } from '@/features/booking';

/** /restaurant/:restaurantId?date=&time= */
export default function RestaurantRoute() {
  const { restaurantId } = useParams();
  const [search] = useSearchParams();
  const id = Number(restaurantId);
  const valid = /^\d+$/.test(restaurantId ?? '') && id > 0 && id <= 2147483647;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
      <RestaurantBooking key={restaurantId} restaurantId={valid ? id : null} prefill={{ date: search.get('date'), time: search.get('time') }} />
    </div>
  );
}
