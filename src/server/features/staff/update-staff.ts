import type { User } from '../../../contract/auth.js';
import type { StaffMember, updateStaffSchema } from '../../../contract/staff.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { recordCapacityOpened } from '../changes/index.js';
import { fullMember, requireOwnedMember, requireOwnServices } from './owned-member.js';
import * as staffRepository from './staff.repository.js';

/**
 * PATCH /staff/:id: only the keys given change. A new position moves the member in the owner's order
 * and shifts the others, so positions stay 1..n (a position past the end means last). `active: true`
 * reactivates a member: offered again from then on (their hours and time off are as they were).
 */
export async function updateStaff(db: Db, user: User | null, id: number, input: z.output<typeof updateStaffSchema>): Promise<StaffMember> {
  const { member, business } = await requireOwnedMember(db, user, id);
  if (input.serviceIds) await requireOwnServices(db, member.businessId, input.serviceIds);
  await unitOfWork(db, async (tx) => {
    const { position, ...fields } = input;
    await staffRepository.updateMember(tx, id, fields);
    if (position !== undefined) {
      await staffRepository.lockBusiness(tx, member.businessId);
      const order = (await staffRepository.listMembers(tx, member.businessId, true)).filter((m) => m.id !== id);
      const target = Math.min(position, order.length + 1);
      const ids = [...order.slice(0, target - 1).map((m) => m.id), id, ...order.slice(target - 1).map((m) => m.id)];
      const current = new Map(order.map((m) => [m.id, m.position]));
      current.set(id, member.position);
      for (const [i, memberId] of ids.entries()) {
        if (current.get(memberId) !== i + 1) await staffRepository.updateMember(tx, memberId, { position: i + 1 });
      }
    }
    // Back at work, or serving more: time the waitlist may be waiting for (capacity_opened).
    if ((input.active && !member.active) || (input.serviceIds && servesMore(member.serviceIds, input.serviceIds))) {
      await recordCapacityOpened(tx, business.id, business.ownerId, { source: 'staff_changed', staffId: id });
    }
  });
  return fullMember(db, id);
}

/** Whether the new list offers a service the old did not (an empty list means every service). */
function servesMore(before: number[], after: number[]): boolean {
  if (!before.length) return false;
  return !after.length || after.some((serviceId) => !before.includes(serviceId));
}
