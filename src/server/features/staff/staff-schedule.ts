import type { User } from '../../../contract/auth.js';
import type { StaffMember, staffHoursSchema, timeOffSchema } from '../../../contract/staff.js';
import type { StrandChoice } from '../../../contract/stranded-bookings.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { guardedOwnerChange } from '../businesses/index.js';
import { recordCapacityOpened } from '../changes/index.js';
import { fullMember, requireOwnedMember } from './owned-member.js';
import * as staffRepository from './staff.repository.js';

// A member's working time: their own weekly hours (or the business's) and days off. Each change
// moves the business's free starts: the triggers of sql/staff-slots-changed.sql make its cached
// earliest ones stale in the same transaction. A change that leaves the member's upcoming bookings
// outside their working time is refused, unless the owner reassigns or cancels them (DESIGN section 4).

const noChoice: StrandChoice = { reassign: false, cancelBookings: false };

/** PUT /staff/:id/hours: the week replaced whole; `hours: null` returns the member to the business's hours. */
export async function setStaffHours(
  db: Db,
  user: User | null,
  id: number,
  input: z.output<typeof staffHoursSchema>,
  choice = noChoice,
  now: Date = new Date(),
): Promise<StaffMember> {
  const { business } = await requireOwnedMember(db, user, id);
  await guardedOwnerChange(db, business, choice, now, { staffId: id }, async (tx) => {
    await staffRepository.replaceHours(tx, id, input.hours);
    // New hours may open time on any day: the waitlist asks availability for its entries' days.
    await recordCapacityOpened(tx, business.id, business.ownerId, { source: 'staff_hours', staffId: id });
  });
  return fullMember(db, id);
}

/** POST /staff/:id/time-off. */
export async function addTimeOff(
  db: Db,
  user: User | null,
  id: number,
  input: z.output<typeof timeOffSchema>,
  choice = noChoice,
  now: Date = new Date(),
): Promise<StaffMember['timeOff'][number]> {
  const { business } = await requireOwnedMember(db, user, id);
  const scope = { staffId: id, from: input.startDate, to: input.endDate };
  return guardedOwnerChange(db, business, choice, now, scope, (tx) => staffRepository.insertTimeOff(tx, { staffId: id, ...input }));
}

/** DELETE /staff/:id/time-off/:timeOffId: 404 unless the entry is that member's. The days it covered open (capacity_opened). */
export async function removeTimeOff(db: Db, user: User | null, id: number, timeOffId: number): Promise<void> {
  const { business } = await requireOwnedMember(db, user, id);
  await unitOfWork(db, async (tx) => {
    const removed = await staffRepository.deleteTimeOff(tx, id, timeOffId);
    if (!removed) throw notFound('Time off');
    await recordCapacityOpened(tx, business.id, business.ownerId, { source: 'time_off_removed', staffId: id, from: removed.startDate, to: removed.endDate });
  });
}
