import type { TimeSlot } from '../../../contract/availability.js';
import type { User } from '../../../contract/auth.js';
import type { StrandChoice } from '../../../contract/stranded-bookings.js';
import type { Business } from '../../../contract/businesses.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { getBusiness, guardedOwnerChange, requireOwnedBusiness } from '../businesses/index.js';
import { recordCapacityOpened } from '../changes/index.js';
import * as timeSlotsRepository from './time-slots.repository.js';

type TimeSlotInput = Omit<TimeSlot, 'id'>;

function requireRestaurant(business: Business) {
  if (business.businessType !== 'restaurant') {
    throw new AppError(ErrorCode.CONFLICT, 'Time slots are only for restaurants; service businesses set weekly hours');
  }
}

export async function listTimeSlots(db: Db, businessId: number): Promise<TimeSlot[]> {
  await getBusiness(db, businessId);
  return timeSlotsRepository.listByBusiness(db, businessId);
}

/** Adds a slot; starts it adds to its weekday free time the waitlist may be waiting for (capacity_opened). */
export async function createTimeSlot(db: Db, user: User | null, input: TimeSlotInput): Promise<TimeSlot> {
  const business = await requireOwnedBusiness(db, user, input.businessId);
  requireRestaurant(business);
  return unitOfWork(db, async (tx) => {
    const before = await timeSlotsRepository.listByBusiness(tx, business.id);
    const created = await timeSlotsRepository.insertTimeSlot(tx, input);
    await recordStartsOpened(tx, business, before, [created.dayOfWeek]);
    return created;
  });
}

/** Every start a weekday's active slots offer (que_candidate_starts: from each start, every interval, before its end), in minutes. */
function startsOf(slots: TimeSlot[], day: number): Set<number> {
  const starts = new Set<number>();
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  for (const slot of slots.filter((s) => s.isActive && s.dayOfWeek === day && s.intervalMinutes > 0)) {
    for (let t = minutes(slot.startTime); t < minutes(slot.endTime); t += slot.intervalMinutes) starts.add(t);
  }
  return starts;
}

/**
 * Records capacity_opened (decision 0034) for the weekdays among `days` whose slots now offer a start
 * they did not before (a new, widened, denser, reactivated or moved slot); narrowing records nothing.
 */
async function recordStartsOpened(tx: Db, business: Business, before: TimeSlot[], days: number[]) {
  const after = await timeSlotsRepository.listByBusiness(tx, business.id);
  const opened = [...new Set(days)].filter((day) => {
    const old = startsOf(before, day);
    return [...startsOf(after, day)].some((t) => !old.has(t));
  });
  if (opened.length) await recordCapacityOpened(tx, business.id, business.ownerId, { source: 'time_slots', weekdays: opened.sort((a, b) => a - b) });
}

async function requireOwnedSlot(db: Db, user: User | null, id: number): Promise<TimeSlot & { business: Business }> {
  const existing = await timeSlotsRepository.findTimeSlot(db, id);
  if (!existing) throw notFound('Time slot');
  return { ...existing, business: await requireOwnedBusiness(db, user, existing.businessId) };
}

const noChoice: StrandChoice = { reassign: false, cancelBookings: false };

/** A slot change can strand only reservations on the slot's weekday, as it is under the lock, and the one it moves to. */
const slotWeekdays = (id: number, movedTo?: number) => async (tx: Db) => {
  const current = await timeSlotsRepository.findTimeSlot(tx, id);
  return { weekdays: [current?.dayOfWeek, movedTo].filter((day): day is number => day !== undefined) };
};

/** A change that leaves upcoming reservations outside every active slot is refused unless the owner cancels them (DESIGN section 4). */
export async function updateTimeSlot(db: Db, user: User | null, id: number, input: TimeSlotInput, choice = noChoice, now: Date = new Date()): Promise<TimeSlot> {
  const existing = await requireOwnedSlot(db, user, id);
  if (input.businessId !== existing.businessId) {
    throw new AppError(ErrorCode.VALIDATION, 'businessId must be the business this time slot belongs to');
  }
  const { businessId: _b, ...values } = input;
  return guardedOwnerChange(db, existing.business, choice, now, slotWeekdays(id, input.dayOfWeek), async (tx) => {
    const before = await timeSlotsRepository.listByBusiness(tx, existing.businessId);
    const updated = await timeSlotsRepository.updateTimeSlot(tx, id, values);
    if (!updated) throw notFound('Time slot');
    await recordStartsOpened(tx, existing.business, before, [updated.dayOfWeek]);
    return updated;
  });
}

export async function deleteTimeSlot(db: Db, user: User | null, id: number, choice = noChoice, now: Date = new Date()): Promise<void> {
  const existing = await requireOwnedSlot(db, user, id);
  await guardedOwnerChange(db, existing.business, choice, now, slotWeekdays(id), async (tx) => {
    if (!(await timeSlotsRepository.deleteTimeSlot(tx, id))) throw notFound('Time slot');
  });
}
