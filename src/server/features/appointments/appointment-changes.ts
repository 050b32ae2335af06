import type { Db } from '../../db/client.js';
import type { AppointmentRow } from './appointments.repository.js';

// Booking and an accepted offer's swap or table hand-over are SQL functions that do their effects
// themselves (que_book, que_offer_accept: migrations 0007 and 0008); they are not announced.
export type AppointmentChangeKind = 'cancelled' | 'rescheduled' | 'completed';

export interface AppointmentChange {
  kind: AppointmentChangeKind;
  /** The appointment as it is after the change. */
  appointment: AppointmentRow;
  /** Where it was before a reschedule. */
  previous?: { date: string; time: string };
  /** Who made the change (the customer, the business owner, or a party of an offer). */
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
