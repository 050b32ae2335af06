import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@contract/appointments';
import type { BusinessWaitlistEntry, ClaimWaitlistInput, JoinWaitlistInput, WaitlistEntry } from '@contract/waitlist';
import { api, apiPost } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';
import { invalidateKeys, queryKeys, staleAfterAppointmentChange } from '@/lib/query-keys';

/** GET /api/waitlist: the signed-in customer's entries, newest first, a page at a time. */
export const useMyWaitlist = (enabled = true) => useInfiniteQuery({ ...pagedQueryOptions<WaitlistEntry[]>(queryKeys.myWaitlist(), '/api/waitlist'), enabled });

/** GET /api/businesses/:id/waitlist?date: who waits on a day at the owner's business, oldest first, a page at a time. */
export const useBusinessWaitlist = (businessId: number, date: string, enabled = true) =>
  useInfiniteQuery({ ...pagedQueryOptions<BusinessWaitlistEntry[]>(queryKeys.businessWaitlist(businessId, date), `/api/businesses/${businessId}/waitlist?date=${date}`), enabled });

/** What a waitlist change makes stale: the list, and the appointments and free times a hold or claim changes. */
const stale = () => [queryKeys.myWaitlist(), ...staleAfterAppointmentChange()];

/** POST /api/waitlist: wait for a time between fromTime and toTime on a date. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinWaitlistInput) => apiPost<WaitlistEntry>('/api/waitlist', body),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.myWaitlist()]),
  });
}

/** POST /api/waitlist/:id/claim: the held time becomes a booking (with the card its payment policy needs). */
export function useClaimWaitlistOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, card }: { id: number; card?: ClaimWaitlistInput }) => apiPost<WaitlistEntry>(`/api/waitlist/${id}/claim`, card ?? {}),
    onSettled: () => invalidateKeys(queryClient, stale()),
  });
}

/** DELETE /api/waitlist/:id: leave the waitlist (a held time passes to the next person). */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>('DELETE', `/api/waitlist/${id}`),
    onSettled: () => invalidateKeys(queryClient, stale()),
  });
}

/** POST /api/appointments/:id/release: give a booking inside its cancel cut-off to the waitlist. */
export function useReleaseToWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<Appointment>(`/api/appointments/${id}/release`, {}),
    onSettled: () => invalidateKeys(queryClient, stale()),
  });
}
