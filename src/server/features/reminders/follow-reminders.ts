import type { Db } from '../../db/client.js';
import type { Change } from '../changes/index.js';
import { followAppointment } from './reminders.repository.js';

/** The changes that start, move or end an appointment's reminders. */
const PLANNING_KINDS = new Set(['booked', 'moved', 'swapped', 'cancelled', 'completed']);

/**
 * The reminders' follower of the change log (decision 0029, docs/decisions/0031-reminders.md), in
 * the follow job's transaction: plans a booked appointment's reminders (rows the one send job sends when due),
 * re-plans a moved or swapped one, drops a cancelled or completed one's. `now` is the app's clock:
 * a reminder already due then is sent at once or skipped (the due-at-booking rule).
 */
export async function remindersFollowChange(tx: Db, change: Change, now: Date): Promise<void> {
  if (change.appointmentId === null || change.offerId !== null || !PLANNING_KINDS.has(change.kind)) return;
  await followAppointment(tx, change.appointmentId, now);
}
