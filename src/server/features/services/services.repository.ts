import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { centsToDecimal } from '../../../contract/money.js';
import type { Service } from '../../../contract/services.js';
import type { Db } from '../../db/client.js';
import { jsonbPatch } from '../../db/jsonb-patch.js';
import { cachedQuery } from '../../db/prepared.js';
import { services } from '../../db/schema.js';

const columns = {
  id: services.id,
  businessId: services.businessId,
  name: services.name,
  description: services.description,
  duration: services.duration,
  priceCents: services.priceCents,
  policies: services.policies,
};
type Row = { id: number; businessId: number; name: string; description: string; duration: number; priceCents: number; policies: unknown };
export const toService = ({ priceCents, policies, ...row }: Row): Service => ({
  ...row,
  price: centsToDecimal(priceCents),
  policies: (policies ?? {}) as Service['policies'],
});

type Values = Omit<Row, 'id' | 'policies'> & { policies?: Record<string, unknown> };

export async function insertService(db: Db, values: Values): Promise<Service> {
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

/**
 * The service's fields, and its policy overrides merged in one statement: the keys given set, those
 * sent as null removed (the business's value applies again), the others kept.
 */
export async function updateService(db: Db, id: number, values: Omit<Values, 'businessId'>): Promise<Service | null> {
  const { policies: patch, ...fields } = values;
  const [row] = await db.update(services).set({ ...fields, policies: jsonbPatch(services.policies, patch) }).where(and(eq(services.id, id), isNull(services.deletedAt))).returning(columns);
  return row ? toService(row) : null;
}

export async function softDeleteService(db: Db, id: number): Promise<boolean> {
  const rows = await db.update(services).set({ deletedAt: new Date() }).where(and(eq(services.id, id), isNull(services.deletedAt))).returning({ id: services.id });
  return rows.length > 0;
}

/** The service's upcoming confirmed bookings, by start (the business's clock). */
export async function upcomingBookingIds(db: Db, serviceId: number, now: Date): Promise<number[]> {
  const result = (await db.execute(
    sql`select a.id from appointments a join businesses bz on bz.id = a.business_id
         where a.service_id = ${serviceId} and a.status = 'confirmed' and a.starts_at > (${now.toISOString()}::timestamptz at time zone bz.time_zone)
         order by a.starts_at, a.id`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}
