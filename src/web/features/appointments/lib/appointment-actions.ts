import type { Appointment } from '@contract/appointments';

export interface AppointmentActions {
  reschedule: boolean;
  moveBack: boolean;
  cancel: boolean;
  /** Why moving is not offered, shown on the card; null when nothing needs saying. */
  note: string | null;
}

/**
 * What a customer may still do with one of their appointments, as the server allows it. A pending
 * reservation is the table a restaurant offer asks for (decision 10): it holds no seats and cannot
 * be moved or offered on until the offer is answered; cancelling it withdraws the offer.
 */
export function appointmentActions(a: Pick<Appointment, 'status'>): AppointmentActions {
  if (a.status === 'cancelled' || a.status === 'completed') return { reschedule: false, moveBack: false, cancel: false, note: null };
  if (a.status === 'pending') {
    return { reschedule: false, moveBack: false, cancel: true, note: 'Waiting for the answer to your table offer: it can be moved once the offer is accepted.' };
  }
  return { reschedule: true, moveBack: true, cancel: true, note: null };
}
