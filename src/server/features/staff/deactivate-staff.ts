import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { StrandChoice } from '../../../contract/stranded-bookings.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { sqlCall } from '../../errors.js';
import { lockBusinessRow, requireOneChoice, settleStranded } from '../businesses/index.js';
import { requireOwnedMember } from './owned-member.js';
import * as staffRepository from './staff.repository.js';

/**
 * DELETE /staff/:id: the member stops taking bookings, in one transaction under the business's lock.
 * Their upcoming confirmed bookings are listed in a 409 STRANDS_BOOKINGS unless the owner asks to
 * cancel them, or to reassign them (to toStaffId, else each to any free qualified member, all or
 * none). The rules of deactivating itself (the last member stays; moving to anyone) are
 * features/staff/sql/deactivate.sql's.
 */
export async function deactivateStaff(db: Db, user: User | null, id: number, choice: StrandChoice, now: Date): Promise<{ deactivated: true; reassigned: number }> {
  requireOneChoice(choice);
  const { member, business } = await requireOwnedMember(db, user, id);
  return unitOfWork(db, async (tx) => {
    await lockBusinessRow(tx, business.id);
    const ids = await upcomingOf(tx, id, now);
    const named = choice.reassign && choice.toStaffId !== undefined;
    if (ids.length > 0 && !choice.reassign) {
      const n = ids.length;
      const refusal = `${member.name} has ${n} upcoming appointment${n === 1 ? '' : 's'}: reassign ${n === 1 ? 'it' : 'them'} or cancel ${n === 1 ? 'it' : 'them'} first`;
      await settleStranded(tx, business.ownerId, ids, choice, now, refusal);
    }
    if (named) await settleStranded(tx, business.ownerId, ids, choice, now);
    const reassigned = await sqlCall(staffRepository.deactivate(tx, id, choice.reassign && !named, now));
    return { deactivated: true as const, reassigned: named ? ids.length : reassigned };
  });
}

async function upcomingOf(db: Db, staffId: number, now: Date): Promise<number[]> {
  const result = (await db.execute(
    sql`select a.id from appointments a join businesses bz on bz.id = a.business_id
         where a.staff_id = ${staffId} and a.status = 'confirmed' and a.starts_at > (${now.toISOString()}::timestamptz at time zone bz.time_zone)
         order by a.starts_at, a.id`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}
