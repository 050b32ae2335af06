import type { z } from 'zod';
import type { User } from '../../../contract/auth.js';
import { toCents } from '../../../contract/money.js';
import type { Service, serviceInputSchema } from '../../../contract/services.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { getBusiness, requireOwnedBusiness } from '../businesses/index.js';
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

/** Soft delete: appointments already booked keep their service. */
export async function deleteService(db: Db, user: User | null, id: number): Promise<void> {
  const existing = await getService(db, id);
  await requireOwnedBusiness(db, user, existing.businessId);
  if (!(await servicesRepository.softDeleteService(db, id))) throw notFound('Service');
}
