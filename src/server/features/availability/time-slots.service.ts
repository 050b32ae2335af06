import type { TimeSlot } from '../../../contract/availability.js';
import type { User } from '../../../contract/auth.js';
import type { StrandChoice } from '../../../contract/stranded-bookings.js';
import type { Business } from '../../../contract/businesses.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { getBusiness, guardedOwnerChange, requireOwnedBusiness } from '../businesses/index.js';
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

export async function createTimeSlot(db: Db, user: User | null, input: TimeSlotInput): Promise<TimeSlot> {
  requireRestaurant(await requireOwnedBusiness(db, user, input.businessId));
  return timeSlotsRepository.insertTimeSlot(db, input);
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
    const updated = await timeSlotsRepository.updateTimeSlot(tx, id, values);
    if (!updated) throw notFound('Time slot');
    return updated;
  });
}

export async function deleteTimeSlot(db: Db, user: User | null, id: number, choice = noChoice, now: Date = new Date()): Promise<void> {
  const existing = await requireOwnedSlot(db, user, id);
  await guardedOwnerChange(db, existing.business, choice, now, slotWeekdays(id), async (tx) => {
    if (!(await timeSlotsRepository.deleteTimeSlot(tx, id))) throw notFound('Time slot');
  });
}
