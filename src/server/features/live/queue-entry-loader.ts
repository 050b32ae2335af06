import type { User } from '../../../contract/auth.js';
import { type QueueEntry, queueEntrySchema } from '../../../contract/live.js';
import type { Db } from '../../db/client.js';
import { findQueueEntry } from './live.repository.js';

/**
 * ADAPTER until features/queue exports `loadQueueEntryFor(db, entryId, viewer)`: one entry shaped
 * for a viewer. Only its customer and the business owner see customerId; isMine is the customer's.
 * estimatedWaitMinutes is left to the queue feature (it knows the day's delays).
 */
export async function loadQueueEntryFor(db: Db, entryId: number, viewer: User | null): Promise<QueueEntry | null> {
  const row = await findQueueEntry(db, entryId);
  if (!row) return null;
  const mayReadPersonal = viewer !== null && (viewer.id === row.customerId || viewer.id === row.ownerId);
  const [date, clock] = row.startsAt.split(/[ T]/);
  return queueEntrySchema.parse({
    id: row.id,
    customerId: mayReadPersonal ? row.customerId : null,
    businessId: row.businessId,
    businessName: row.businessName,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    appointmentId: row.appointmentId,
    date,
    time: clock.slice(0, 5),
    queuePosition: row.position,
    status: row.status,
    estimatedWaitMinutes: null,
    isMine: viewer !== null && viewer.id === row.customerId,
  });
}
