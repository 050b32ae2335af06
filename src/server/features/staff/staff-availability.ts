import type { Availability } from '../../../contract/staff.js';
import type { Db } from '../../db/client.js';
import { type SlotRules, slotsOfDayWithStaff } from '../availability/index.js';
import * as staffRepository from './staff.repository.js';

/**
 * GET /businesses/:id/availability: the day's free starts (the rules of GET /available-slots, the
 * same SQL call) and who is free at each, in the owner's order.
 */
export async function staffAvailability(
  db: Db,
  q: { businessId: number; date: string; serviceId?: number; staffId?: number; now?: Date; rules: SlotRules },
): Promise<Availability> {
  const day = await slotsOfDayWithStaff(db, q);
  const names = new Map((await staffRepository.listMembers(db, q.businessId, true)).map((m) => [m.id, m.name]));
  return {
    date: q.date,
    slots: day.slots.map((time, i) => ({ time, staff: (day.slotStaff[i] ?? []).map((id) => ({ id, name: names.get(id) ?? '' })) })),
  };
}
