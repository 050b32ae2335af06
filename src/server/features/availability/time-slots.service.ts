import type { TimeSlot } from '../../../contract/availability.js';
import type { User } from '../../../contract/auth.js';
import type { Business } from '../../../contract/businesses.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { getBusiness, requireOwnedBusiness } from '../businesses/index.js';
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

async function requireOwnedSlot(db: Db, user: User | null, id: number): Promise<TimeSlot> {
  const existing = await timeSlotsRepository.findTimeSlot(db, id);
  if (!existing) throw notFound('Time slot');
  await requireOwnedBusiness(db, user, existing.businessId);
  return existing;
}

export async function updateTimeSlot(db: Db, user: User | null, id: number, input: TimeSlotInput): Promise<TimeSlot> {
  const existing = await requireOwnedSlot(db, user, id);
  if (input.businessId !== existing.businessId) {
    throw new AppError(ErrorCode.VALIDATION, 'businessId must be the business this time slot belongs to');
  }
  const { businessId: _b, ...values } = input;
  const updated = await timeSlotsRepository.updateTimeSlot(db, id, values);
  if (!updated) throw notFound('Time slot');
  return updated;
}

export async function deleteTimeSlot(db: Db, user: User | null, id: number): Promise<void> {
  await requireOwnedSlot(db, user, id);
  if (!(await timeSlotsRepository.deleteTimeSlot(db, id))) throw notFound('Time slot');
}
