import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { centsToDecimal } from '../../../contract/money.js';
import type { Service } from '../../../contract/services.js';
import type { Db } from '../../db/client.js';
import { cachedQuery } from '../../db/prepared.js';
import { services } from '../../db/schema.js';

const columns = {
  id: services.id,
  businessId: services.businessId,
  name: services.name,
  description: services.description,
  duration: services.duration,
  priceCents: services.priceCents,
};
type Row = { id: number; businessId: number; name: string; description: string; duration: number; priceCents: number };
export const toService = ({ priceCents, ...row }: Row): Service => ({ ...row, price: centsToDecimal(priceCents) });

export async function insertService(db: Db, values: Omit<Row, 'id'>): Promise<Service> {
  const [row] = await db.insert(services).values(values).returning(columns);
  return toService(row);
}

export async function listByBusiness(db: Db, businessId: number): Promise<Service[]> {
  const rows = await db
    .select(columns)
    .from(services)
    .where(and(eq(services.businessId, businessId), isNull(services.deletedAt)))
    .orderBy(asc(services.id));
  return rows.map(toService);
}

// The booking path reads a live service on every booking.
const selectLiveService = cachedQuery('services_find_live', (db) =>
  db
    .select(columns)
    .from(services)
    .where(and(eq(services.id, sql.placeholder('id')), isNull(services.deletedAt)))
    .limit(1),
);

/** Live services only, unless includeDeleted (past appointments still name deleted services). */
export async function findService(db: Db, id: number, includeDeleted = false): Promise<(Service & { priceCents: number }) | null> {
  const [row] = includeDeleted
    ? await db.select(columns).from(services).where(eq(services.id, id)).limit(1)
    : await selectLiveService(db, { id });
  return row ? { ...toService(row), priceCents: row.priceCents } : null;
}

export async function updateService(db: Db, id: number, values: Omit<Row, 'id' | 'businessId'>): Promise<Service | null> {
  const [row] = await db.update(services).set(values).where(and(eq(services.id, id), isNull(services.deletedAt))).returning(columns);
  return row ? toService(row) : null;
}

export async function softDeleteService(db: Db, id: number): Promise<boolean> {
  const rows = await db.update(services).set({ deletedAt: new Date() }).where(and(eq(services.id, id), isNull(services.deletedAt))).returning({ id: services.id });
  return rows.length > 0;
}
