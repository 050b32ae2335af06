import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@contract/offers';
import { api } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency';
import { invalidateKeys, staleAfterAppointmentChange } from '@/lib/query-keys';

/** POST /api/queue-jump-offers/:id/decline: refuse; the payer gets everything back. */
export function useDeclineOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      api<Offer>('POST', `/api/queue-jump-offers/${id}/decline`, {}, idempotencyHeader(idempotencyKey)),
    onSettled: () => invalidateKeys(queryClient, staleAfterAppointmentChange()),
  });
}
