import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppointmentReminders, ReminderLink, ReminderRule } from '@contract/reminders';
import { apiGet, apiPost, apiPut } from '@/lib/api-client';

// Reminders (DESIGN section 11): the owner's rules, an appointment's messages, a signed link.

const rulesKey = (businessId: number) => ['reminder-rules', businessId] as const;
const messagesKey = (appointmentId: number) => ['appointment-reminders', appointmentId] as const;
const linkKey = (token: string) => ['reminder-link', token] as const;

/** GET /api/businesses/:id/reminders: the business's rules (the defaults until the owner saves a list). */
export const useReminderRules = (businessId: number) =>
  useQuery({ queryKey: rulesKey(businessId), queryFn: () => apiGet<ReminderRule[]>(`/api/businesses/${businessId}/reminders`) });

/** PUT /api/businesses/:id/reminders: replaces the whole list. */
export function useSaveReminderRules(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: ReminderRule[]) => apiPut<ReminderRule[]>(`/api/businesses/${businessId}/reminders`, rules),
    onSuccess: (rules) => queryClient.setQueryData(rulesKey(businessId), rules),
  });
}

/** GET /api/appointments/:id/reminders: its messages and their state, for the owner. */
export const useAppointmentReminders = (appointmentId: number | null) =>
  useQuery({
    queryKey: messagesKey(appointmentId ?? 0),
    queryFn: () => apiGet<AppointmentReminders>(`/api/appointments/${appointmentId}/reminders`),
    enabled: appointmentId !== null,
  });

/** GET /api/reminder-links/:token: what the link is (reading it changes nothing). */
export const useReminderLink = (token: string) =>
  useQuery({ queryKey: linkKey(token), queryFn: () => apiGet<ReminderLink>(`/api/reminder-links/${encodeURIComponent(token)}`), retry: false });

/** POST /api/reminder-links/:token: confirm or cancel, once. */
export function useReminderLinkAction(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<ReminderLink>(`/api/reminder-links/${encodeURIComponent(token)}`),
    onSuccess: (link) => queryClient.setQueryData(linkKey(token), link),
  });
}
