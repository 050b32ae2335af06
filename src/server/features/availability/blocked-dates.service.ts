import type { BlockedDate } from '../../../contract/availability.js';
import type { User } from '../../../contract/auth.js';
import type { StrandChoice } from '../../../contract/stranded-bookings.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, notFound } from '../../errors.js';
import { getBusiness, guardedOwnerChange, requireOwnedBusiness } from '../businesses/index.js';
import { recordCapacityOpened } from '../changes/index.js';
import * as blockedDatesRepository from './blocked-dates.repository.js';
import { businessNow } from './business-clock.js';

/** Today and later in the business's zone: past blocks no longer affect anything. */
export async function listBlockedDates(db: Db, businessId: number, now?: Date): Promise<BlockedDate[]> {
  const business = await getBusiness(db, businessId);
  return blockedDatesRepository.listFrom(db, businessId, businessNow(business.timeZone, now).date);
}

/** A blocked date over upcoming bookings is refused, or they are reassigned or cancelled as the owner asks (DESIGN section 4). */
export async function blockDate(
  db: Db,
  user: User | null,
  input: { businessId: number; date: string; reason: string },
  choice: StrandChoice = { reassign: false, cancelBookings: false },
  now: Date = new Date(),
): Promise<BlockedDate> {
  const business = await requireOwnedBusiness(db, user, input.businessId);
  if (input.date < businessNow(business.timeZone).date) {
    throw new AppError(ErrorCode.VALIDATION, 'The date must be today or later');
  }
  return guardedOwnerChange(db, business, choice, now, { from: input.date, to: input.date }, async (tx) => {
    const created = await blockedDatesRepository.insertBlockedDate(tx, input);
    if (!created) throw new AppError(ErrorCode.DUPLICATE, `${input.date} is already blocked`);
    return created;
  });
}

/** The day opens again: its freed time is a change (capacity_opened) the waitlist follows, recorded with the delete. */
export async function unblockDate(db: Db, user: User | null, id: number): Promise<void> {
  const existing = await blockedDatesRepository.findBlockedDate(db, id);
  if (!existing) throw notFound('Blocked date');
  const business = await requireOwnedBusiness(db, user, existing.businessId);
  await unitOfWork(db, async (tx) => {
    if (!(await blockedDatesRepository.deleteBlockedDate(tx, id))) throw notFound('Blocked date');
    await recordCapacityOpened(tx, business.id, business.ownerId, { source: 'unblocked_day', dates: [existing.date] });
  });
}
