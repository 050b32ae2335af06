import type { Db } from '../../db/client.js';
import type { AppointmentRow } from './appointments.repository.js';

export type AppointmentChangeKind = 'booked' | 'cancelled' | 'rescheduled' | 'completed' | 'swapped';

export interface AppointmentChange {
  kind: AppointmentChangeKind;
  /** The appointment as it is after the change. */
  appointment: AppointmentRow;
  /** Where it was before a reschedule or swap. */
  previous?: { date: string; time: string };
  /** Who made the change (the customer, the business owner, or the other party of a swap). */
  byUserId: number;
}

/** Runs inside the changing transaction: a listener that throws rolls the change back. */
export type AppointmentChangeListener = (tx: Db, change: AppointmentChange) => Promise<void>;

/**
 * The seam between appointments and the features that react to them (credit, offers, the queue,
 * notifications). Appointments announce each change inside its transaction; listeners are
 * registered once in app.ts, so appointments never imports the features that listen.
 */
export class AppointmentChanges {
  private readonly listeners: AppointmentChangeListener[] = [];

  subscribe(listener: AppointmentChangeListener): void {
    this.listeners.push(listener);
  }

  async announce(tx: Db, change: AppointmentChange): Promise<void> {
    for (const listener of this.listeners) await listener(tx, change);
  }
}
