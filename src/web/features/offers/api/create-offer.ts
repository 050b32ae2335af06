import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOfferInput, Offer } from '@contract/offers';
import { api } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency';
import { invalidateKeys, staleAfterAppointmentChange } from '@/lib/query-keys';

/** POST /api/queue-jump-offers: a queue-jump or move-back offer, paid by card or Que Credit. */
export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateOfferInput; idempotencyKey: string }) =>
      api<Offer>('POST', '/api/queue-jump-offers', input, idempotencyHeader(idempotencyKey)),
    onSettled: () => invalidateKeys(queryClient, staleAfterAppointmentChange()),
  });
}
