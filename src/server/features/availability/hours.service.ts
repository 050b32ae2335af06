import type { DayHours } from '../../../contract/availability.js';
import type { User } from '../../../contract/auth.js';
import type { StrandChoice } from '../../../contract/stranded-bookings.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { getBusiness, guardedOwnerChange, requireOwnedBusiness } from '../businesses/index.js';
import { recordCapacityOpened } from '../changes/index.js';
import * as hoursRepository from './hours.repository.js';

export async function getWeeklyHours(db: Db, businessId: number): Promise<{ hours: DayHours[] }> {
  await getBusiness(db, businessId);
  return { hours: await hoursRepository.listHours(db, businessId) };
}

/** Replaces the whole week: days left out are closed. Hours that no longer hold upcoming bookings are refused unless the owner reassigns or cancels them. */
export async function setWeeklyHours(
  db: Db,
  user: User | null,
  businessId: number,
  hours: DayHours[],
  choice: StrandChoice = { reassign: false, cancelBookings: false },
  now: Date = new Date(),
): Promise<{ hours: DayHours[] }> {
  const business = await requireOwnedBusiness(db, user, businessId);
  if (business.businessType === 'restaurant') {
    throw new AppError(ErrorCode.CONFLICT, 'Restaurants set their opening times with time slots, not weekly hours');
  }
  // Only the weekdays whose hours change can strand a booking, read under the business's lock.
  let before: DayHours[] = [];
  const changedWeekdays = async (tx: Db) => {
    before = await hoursRepository.listHours(tx, businessId);
    return { weekdays: [0, 1, 2, 3, 4, 5, 6].filter((day) => dayKey(before, day) !== dayKey(hours, day)) };
  };
  await guardedOwnerChange(db, business, choice, now, changedWeekdays, async (tx) => {
    await hoursRepository.replaceHours(tx, businessId, hours);
    // Weekdays open longer than before free time the waitlist may be waiting for (capacity_opened).
    const opened = [0, 1, 2, 3, 4, 5, 6].filter((day) => opensMore(before, hours, day));
    if (opened.length) await recordCapacityOpened(tx, businessId, business.ownerId, { source: 'business_hours', weekdays: opened });
  });
  return { hours: await hoursRepository.listHours(db, businessId) };
}

const dayKey = (list: DayHours[], day: number) => list.filter((h) => h.dayOfWeek === day).map((h) => `${h.openTime}-${h.closeTime}`).join();

/** Whether the new hours of `day` cover some minute the old ones did not ("HH:MM" compare as text). */
function opensMore(before: DayHours[], after: DayHours[], day: number): boolean {
  const old = before.filter((h) => h.dayOfWeek === day);
  return after
    .filter((h) => h.dayOfWeek === day)
    .some((h) => !old.some((o) => o.openTime <= h.openTime && h.closeTime <= o.closeTime));
}
