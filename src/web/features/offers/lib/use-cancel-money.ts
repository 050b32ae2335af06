import { useAppointmentOffers } from '../api/get-appointment-offers';
import { cancelConsequences } from './offer-outcome';
import { ownerCancelConsequences } from './owner-cancel-outcome';

/**
 * What cancelling an appointment does to the money of the offers tied to it, read when its cancel
 * dialog opens, in the words of whoever cancels: its customer or its business (DESIGN section 5: said
 * before anyone confirms). `checking` holds the confirm button until the ties are known.
 */
export function useCancelMoney(appointmentId: number, by: 'customer' | 'business') {
  const ties = useAppointmentOffers(appointmentId);
  const offers = ties.data ?? [];
  const lines = by === 'business' ? ownerCancelConsequences(offers, appointmentId) : cancelConsequences(offers);
  return { ties, lines, checking: ties.isLoading };
}

export type CancelMoney = ReturnType<typeof useCancelMoney>;
