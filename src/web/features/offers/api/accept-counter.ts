import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@contract/offers';
import { api } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency';
import { invalidateKeys, staleAfterAppointmentChange } from '@/lib/query-keys';

/** POST /api/queue-jump-offers/:id/accept-counter: agree to the last counter; the appointments swap. */
export function useAcceptCounter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paymentIntentId, idempotencyKey }: { id: number; paymentIntentId?: string; idempotencyKey: string }) =>
      api<Offer>('POST', `/api/queue-jump-offers/${id}/accept-counter`, paymentIntentId ? { paymentIntentId } : {}, idempotencyHeader(idempotencyKey)),
    onSettled: () => invalidateKeys(queryClient, staleAfterAppointmentChange()),
  });
}
