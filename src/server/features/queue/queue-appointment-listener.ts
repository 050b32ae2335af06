import type { Db } from '../../db/client.js';
import type { AppointmentChangeListener } from '../appointments/appointment-changes.js';
import type { AppointmentRow } from '../appointments/appointments.repository.js';
import { publishLive, type QueueLineChange } from '../live/publish.js';
import * as queueRepository from './queue.repository.js';

const audience = (a: AppointmentRow) => [...new Set([a.customerId, a.ownerId])];

async function publish(tx: Db, type: 'queue_update' | 'queue_status_update', a: AppointmentRow, date: string, queueEntryId: number, line: QueueLineChange) {
  await publishLive(tx, { type, userIds: audience(a), businessId: a.businessId, date, queueEntryId, line });
}

/**
 * Keeps each appointment's queue entry in step inside the appointment's own transaction:
 * cancelling and completing end it. A confirmed booking waits in line and a move (reschedule,
 * either side of a swap) takes the entry along, both in SQL (que_on_booked, que_queue_moved, run by
 * que_book, que_reschedule and que_offer_accept). A restaurant's pending reservation has no entry
 * until it is confirmed. Every change is published with pg_notify in the same transaction, so
 * sockets hear of it only if it commits.
 */
export const queueAppointmentListener: AppointmentChangeListener = async (tx, change) => {
  const a = change.appointment;
  switch (change.kind) {
    case 'rescheduled':
      // que_reschedule (migration 0007) moves the entry in the reschedule's one call.
      return;
    case 'cancelled': {
      // A pending reservation that ends has no entry: nothing to cancel.
      const id = await queueRepository.setStatusByAppointment(tx, a.id, 'cancelled');
      if (id !== null) await publish(tx, 'queue_status_update', a, a.date, id, { from: a.time, to: null });
      return;
    }
    case 'completed': {
      const id = (await queueRepository.setStatusByAppointment(tx, a.id, 'served')) ?? (await queueRepository.upsertEntry(tx, a, 'served'));
      await publish(tx, 'queue_status_update', a, a.date, id, { from: a.time, to: null });
      return;
    }
  }
};
