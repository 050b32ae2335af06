import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { QueueEntry } from '../../../contract/live.js';
import { formatSlot } from '../../../contract/time.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, notFound, unauthenticated } from '../../errors.js';
import type { Business } from '../../../contract/businesses.js';
import { requireOwnedBusiness } from '../businesses/index.js';
import { publishLive } from '../../live-events.js';
import { notify } from '../notifications/index.js';
import { loadQueueEntryFor } from './queue.service.js';
import * as queueRepository from './queue.repository.js';

/** The owner calls a waiting customer: the entry becomes called, and the customer is told at once. */
export async function callQueueEntry(db: Db, user: User | null, entryId: number): Promise<QueueEntry> {
  if (!user) throw unauthenticated();
  return unitOfWork(db, async (tx) => {
    const entry = await queueRepository.lockEntry(tx, entryId);
    if (!entry) throw notFound('Queue entry');
    const business = await requireOwnedBusiness(tx, user, entry.businessId);
    if (entry.status !== 'waiting') throw new AppError(ErrorCode.INVALID_STATE, `Only a waiting entry can be called; this one is ${entry.status}`);
    return callLockedEntry(tx, user, business, entry);
  });
}

/** Marks a locked waiting entry called, tells its customer and pushes the change (the caller owns the business). */
export async function callLockedEntry(tx: Db, user: User, business: Business, entry: queueRepository.LockedEntry): Promise<QueueEntry> {
  await queueRepository.markCalled(tx, entry.id);
  const called = (await loadQueueEntryFor(tx, entry.id, user))!;
  await notify(tx, {
    userId: entry.customerId,
    kind: 'called',
    title: "It's your turn",
    // Worded as the screens and the database's notices word a slot (formatSlot, que_slot_text).
    body: `${business.businessName} is ready for you (${called.serviceName}, ${formatSlot(called.date, called.time)}).`,
    link: '/queue-dashboard',
    appointmentId: entry.appointmentId,
  });
  await publishLive(tx, { type: 'queue_status_update', userIds: [...new Set([entry.customerId, user.id])], businessId: entry.businessId, date: entry.date, queueEntryId: entry.id });
  return called;
}
