import type { User } from '../../../contract/auth.js';
import type { StaffMember, staffHoursSchema, timeOffSchema } from '../../../contract/staff.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { notFound } from '../../errors.js';
import { fullMember, requireOwnedMember } from './owned-member.js';
import * as staffRepository from './staff.repository.js';

// A member's working time: their own weekly hours (or the business's) and days off. Each change
// moves the business's free starts: the triggers of sql/staff-slots-changed.sql make its cached
// earliest ones stale in the same transaction.

/** PUT /staff/:id/hours: the week replaced whole; `hours: null` returns the member to the business's hours. */
export async function setStaffHours(db: Db, user: User | null, id: number, input: z.output<typeof staffHoursSchema>): Promise<StaffMember> {
  await requireOwnedMember(db, user, id);
  await unitOfWork(db, (tx) => staffRepository.replaceHours(tx, id, input.hours));
  return fullMember(db, id);
}

/** POST /staff/:id/time-off. */
export async function addTimeOff(db: Db, user: User | null, id: number, input: z.output<typeof timeOffSchema>): Promise<StaffMember['timeOff'][number]> {
  await requireOwnedMember(db, user, id);
  return staffRepository.insertTimeOff(db, { staffId: id, ...input });
}

/** DELETE /staff/:id/time-off/:timeOffId: 404 unless the entry is that member's. */
export async function removeTimeOff(db: Db, user: User | null, id: number, timeOffId: number): Promise<void> {
  await requireOwnedMember(db, user, id);
  if (!(await staffRepository.deleteTimeOff(db, id, timeOffId))) throw notFound('Time off');
}


