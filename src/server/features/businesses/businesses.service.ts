import type { User } from '../../../contract/auth.js';
import type { Business } from '../../../contract/businesses.js';
import type { Db } from '../../db/client.js';
import { forbidden, notFound, unauthenticated } from '../../errors.js';
import * as businessesRepository from './businesses.repository.js';

export async function getBusiness(db: Db, id: number): Promise<Business> {
  const business = await businessesRepository.findBusiness(db, id);
  if (!business) throw notFound('Business');
  return business;
}

/** Owner-only writes: 401 signed out, 404 no such business, 403 anyone but its owner. */
export async function requireOwnedBusiness(db: Db, user: User | null, businessId: number): Promise<Business> {
  if (!user) throw unauthenticated();
  const business = await getBusiness(db, businessId);
  if (business.ownerId !== user.id) throw forbidden('Only the owner of this business can do this');
  return business;
}
