import type { z } from 'zod';
import type { User } from '../../../contract/auth.js';
import { toCents } from '../../../contract/money.js';
import type { Service, serviceInputSchema } from '../../../contract/services.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, notFound } from '../../errors.js';
import { ErrorCode } from '../../../contract/errors.js';
import { getBusiness, lockBusinessRow, requireOwnedBusiness, settleStranded } from '../businesses/index.js';
import * as servicesRepository from './services.repository.js';

type ServiceInput = z.infer<typeof serviceInputSchema>;
const toRow = (input: ServiceInput) => ({ name: input.name, description: input.description, duration: input.duration, priceCents: toCents(input.price)! });

export async function listServices(db: Db, businessId: number): Promise<Service[]> {
  await getBusiness(db, businessId);
  return servicesRepository.listByBusiness(db, businessId);
}

export async function getService(db: Db, id: number) {
  const service = await servicesRepository.findService(db, id);
  if (!service) throw notFound('Service');
  return service;
}

export async function createService(db: Db, user: User | null, businessId: number, input: ServiceInput): Promise<Service> {
  await requireOwnedBusiness(db, user, businessId);
  const policies = Object.fromEntries(Object.entries(input.policies ?? {}).filter(([, v]) => v !== null && v !== undefined));
  return servicesRepository.insertService(db, { businessId, ...toRow(input), policies });
}

export async function updateService(db: Db, user: User | null, id: number, input: ServiceInput): Promise<Service> {
  const existing = await getService(db, id);
  await requireOwnedBusiness(db, user, existing.businessId);
  const updated = await servicesRepository.updateService(db, id, { ...toRow(input), policies: input.policies });
  if (!updated) throw notFound('Service');
  return updated;
}

/**
 * Soft delete (archived): off the menu and not bookable; appointments already booked keep their
 * service. One with upcoming confirmed bookings is refused with 409 STRANDS_BOOKINGS naming them
 * (DESIGN section 4), unless the owner keeps them (the service archived under them: they stay valid
 * and movable) or cancels them; in one transaction under the business's lock, which bookings take.
 */
export async function deleteService(db: Db, user: User | null, id: number, choice: { keepBookings: boolean; cancelBookings: boolean }, now: Date = new Date()): Promise<void> {
  if (choice.keepBookings && choice.cancelBookings) throw new AppError(ErrorCode.VALIDATION, 'Ask for keepBookings or cancelBookings, not both');
  const existing = await getService(db, id);
  const business = await requireOwnedBusiness(db, user, existing.businessId);
  await unitOfWork(db, async (tx) => {
    await lockBusinessRow(tx, business.id);
    if (!choice.keepBookings) {
      const ids = await servicesRepository.upcomingBookingIds(tx, id, now);
      const refusal = `${existing.name} has ${ids.length} upcoming booking${ids.length === 1 ? '' : 's'}: keep ${ids.length === 1 ? 'it' : 'them'} (the service is archived, off the menu) or cancel ${ids.length === 1 ? 'it' : 'them'}`;
      await settleStranded(tx, business.ownerId, ids, { reassign: false, cancelBookings: choice.cancelBookings }, now, refusal);
    }
    if (!(await servicesRepository.softDeleteService(tx, id))) throw notFound('Service');
  });
}
