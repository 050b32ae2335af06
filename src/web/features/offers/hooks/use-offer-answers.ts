import type { Offer } from '@contract/offers';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency';
import { isInsufficientCredit, toastInsufficientCredit } from '@/features/payments';
import { useAcceptCounter } from '../api/accept-counter';
import { useAcceptOffer } from '../api/accept-offer';
import { useCancelOffer } from '../api/cancel-offer';
import { useDeclineOffer } from '../api/decline-offer';

const failed = (fallback: string) => (error: unknown) =>
  isInsufficientCredit(error) ? toastInsufficientCredit(error) : toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });

/** Accept, accept a counter, decline or cancel an offer, each with its toast; one idempotency key per click. */
export function useOfferAnswers() {
  const accept = useAcceptOffer();
  const acceptCounter = useAcceptCounter();
  const decline = useDeclineOffer();
  const cancel = useCancelOffer();
  const key = useIdempotencyKey();
  const swapped = { title: 'Offer Accepted', description: 'The appointments have been swapped. Payment is held in escrow until both are completed.' };

  return {
    busy: accept.isPending || acceptCounter.isPending || decline.isPending || cancel.isPending,
    accept: (offer: Offer) =>
      accept.mutateAsync({ id: offer.id, idempotencyKey: key.keyFor(['accept', offer.id, offer.negotiationRound]) }).then(
        () => {
          toast(swapped);
          return true;
        },
        (error: unknown) => {
          failed('Failed to accept offer.')(error);
          return false;
        },
      ),
    acceptCounter: (offer: Offer, paymentIntentId?: string) =>
      acceptCounter.mutateAsync({ id: offer.id, paymentIntentId, idempotencyKey: key.keyFor(['accept-counter', offer.id, offer.negotiationRound, paymentIntentId]) }).then(
        () => {
          toast({ ...swapped, title: 'Counter Offer Accepted' });
          return true;
        },
        (error: unknown) => {
          failed('Failed to accept counter offer.')(error);
          return false;
        },
      ),
    decline: (offer: Offer) =>
      decline.mutate({ id: offer.id, idempotencyKey: key.keyFor(['decline', offer.id, offer.negotiationRound]) }, { onSuccess: () => toast({ title: 'Offer Declined', description: 'Any money held for it goes back to the payer.' }), onError: failed('Failed to decline offer.') }),
    cancel: (offer: Offer) =>
      cancel.mutate({ id: offer.id, idempotencyKey: key.keyFor(['cancel', offer.id, offer.negotiationRound]) }, { onSuccess: () => toast({ title: 'Offer Cancelled', description: 'The money held for it is returned to you.' }), onError: failed('Failed to cancel offer.') }),
  };
}
