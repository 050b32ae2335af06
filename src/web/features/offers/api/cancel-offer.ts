import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@contract/offers';
import { api } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency';
import { invalidateKeys, staleAfterAppointmentChange } from '@/lib/query-keys';

/** POST /api/queue-jump-offers/:id/cancel: the sender withdraws; the hold is returned. */
export function useCancelOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      api<Offer>('POST', `/api/queue-jump-offers/${id}/cancel`, {}, idempotencyHeader(idempotencyKey)),
    onSettled: () => invalidateKeys(queryClient, staleAfterAppointmentChange()),
  });
}
