import { useMutation } from '@tanstack/react-query';
import type { Business, CreateRestaurantInput } from '@contract/businesses';
import { apiPost } from '@/lib/api-client';
import { useOnBusinessCreated } from './create-business';

export const createRestaurant = (input: CreateRestaurantInput) => apiPost<Business>('/api/restaurants', input);

export function useCreateRestaurant() {
  const onSuccess = useOnBusinessCreated();
  return useMutation({ mutationFn: createRestaurant, onSuccess });
}
