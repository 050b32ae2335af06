import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@contract/offers';
import { api } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency';
import { invalidateKeys, staleAfterAppointmentChange } from '@/lib/query-keys';

export interface CounterBody {
  counterAmount: string;
  counterMessage: string;
  /** When the payer raises the price by card: an authorized intent for the difference. */
  paymentIntentId?: string;
}

/** POST /api/queue-jump-offers/:id/negotiate: a counter offer. */
export function useNegotiateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: number; body: CounterBody; idempotencyKey: string }) =>
      api<Offer>('POST', `/api/queue-jump-offers/${id}/negotiate`, body, idempotencyHeader(idempotencyKey)),
    onSettled: () => invalidateKeys(queryClient, staleAfterAppointmentChange()),
  });
}
