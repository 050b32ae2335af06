import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { QueueEntry } from '../../../contract/live.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, notFound, unauthenticated } from '../../errors.js';
import { todayIn } from '../../time/business-time.js';
import { requireOwnedBusiness } from '../businesses/index.js';
import { callLockedEntry } from './call-queue-entry.js';
import * as queueRepository from './queue.repository.js';

/**
 * The owner's "Call next": the first waiting customer of today's line (in the business's zone), of
 * one member's line when `staffId` is given (DESIGN section 9: each member serves their own line).
 * 409 when nobody is waiting.
 */
export async function callNextQueueEntry(db: Db, user: User | null, businessId: number, staffId: number | null, now: Date = new Date()): Promise<QueueEntry> {
  if (!user) throw unauthenticated();
  return unitOfWork(db, async (tx) => {
    const business = await requireOwnedBusiness(tx, user, businessId);
    if (staffId !== null && !(await queueRepository.isStaffOf(tx, staffId, businessId))) throw notFound('Staff member');
    const entry = await queueRepository.lockNextWaiting(tx, { businessId, date: todayIn(business.timeZone, now), staffId });
    if (!entry) throw new AppError(ErrorCode.INVALID_STATE, staffId === null ? 'Nobody is waiting today' : 'Nobody is waiting for this staff member today');
    return callLockedEntry(tx, user, business, entry);
  });
}
