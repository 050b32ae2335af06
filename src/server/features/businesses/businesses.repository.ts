import { eq, sql } from 'drizzle-orm';
import type { Business } from '../../../contract/businesses.js';
import { effectivePolicies } from '../../../contract/policies.js';
import type { Db } from '../../db/client.js';
import { jsonbPatch } from '../../db/jsonb-patch.js';
import { TABLE_RESERVATION_SERVICE } from '../../../contract/appointment-statuses.js';
import { businesses, businessHours, restaurantTimeSlots, services } from '../../db/schema.js';
import { isInvalidParameterError } from './unusable-time-zones.js';

export type NewBusiness = typeof businesses.$inferInsert;

// 'Open today' means hours (service) or active time slots (restaurant) on today's weekday in the business's zone.
// Written with qualified names: drizzle renders a bare "id" inside a correlated subquery.
const openToday = sql<boolean>`case when "businesses"."business_type" = 'restaurant'
  then exists (select 1 from ${restaurantTimeSlots} ts where ts.business_id = "businesses"."id" and ts.is_active
    and ts.day_of_week = extract(dow from (now() at time zone "businesses"."time_zone"))::int)
  else exists (select 1 from ${businessHours} bh where bh.business_id = "businesses"."id"
    and bh.day_of_week = extract(dow from (now() at time zone "businesses"."time_zone"))::int) end`;

const columns = {
  id: businesses.id,
  ownerId: businesses.ownerId,
  businessName: businesses.businessName,
  category: businesses.category,
  businessType: businesses.businessType,
  description: businesses.description,
  address: businesses.address,
  phone: businesses.phone,
  email: businesses.email,
  website: businesses.website,
  operatingHours: businesses.operatingHours,
  cuisineType: businesses.cuisineType,
  priceRange: businesses.priceRange,
  maxPartySize: businesses.maxPartySize,
  reservationDuration: businesses.reservationDuration,
  seatingCapacity: businesses.seatingCapacity,
  timeZone: businesses.timeZone,
  openToday,
  policies: businesses.policies,
  createdAt: businesses.createdAt,
  latitude: businesses.latitude,
  longitude: businesses.longitude,
  ratingAverage: businesses.ratingAverage,
  ratingCount: businesses.ratingCount,
  listed: businesses.listed,
};

export type BusinessRow = { [K in keyof typeof columns]: unknown } & Record<string, unknown>;
export const toBusiness = (row: BusinessRow): Business =>
  ({
    ...row,
    openToday: Boolean(row.openToday),
    policies: effectivePolicies(row.businessType === 'restaurant' ? 'restaurant' : 'service', row.policies),
    createdAt: new Date(row.createdAt as string).toISOString(),
    ratingAverage: row.ratingAverage === null ? null : Number(row.ratingAverage),
  }) as Business;

/** The owner's name as registration asked it, kept as their profile's full name. */
export async function setOwnerName(db: Db, userId: number, fullName: string): Promise<void> {
  await db.execute(sql`update users set full_name = ${fullName} where id = ${userId}`);
}

export async function insertBusiness(db: Db, values: NewBusiness): Promise<number> {
  const [row] = await db.insert(businesses).values(values).returning({ id: businesses.id });
  return row.id;
}

export async function findBusiness(db: Db, id: number): Promise<Business | null> {
  try {
    const [row] = await db.select(columns).from(businesses).where(eq(businesses.id, id)).limit(1);
    return row ? toBusiness(row) : null;
  } catch (error) {
    if (!isInvalidParameterError(error)) throw error;
    // A zone the database cannot use (see unusable-time-zones.ts): still show the business, just not as open today.
    const [row] = await db
      .select({ ...columns, openToday: sql<boolean>`false` })
      .from(businesses)
      .where(eq(businesses.id, id))
      .limit(1)
      .catch(() => {
        throw error;
      });
    return row ? toBusiness(row) : null;
  }
}

/** Advisory lock namespace (the two-key form, apart from the migrations' one-key lock). */
const OWNER_CREATE_LOCK = 727275;

/** Serialises business creation per owner, so the one-business-per-account check sees a parallel create. */
export async function lockOwnerForCreate(db: Db, ownerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${OWNER_CREATE_LOCK}, ${ownerId})`);
}

/** What a booking needs of its business; no openToday, which costs two subqueries per read. */
export async function findBusinessByOwner(db: Db, ownerId: number): Promise<{ id: number } | null> {
  const [row] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.ownerId, ownerId)).limit(1);
  return row ?? null;
}

export async function insertDefaultHours(db: Db, businessId: number, hours: { dayOfWeek: number; openTime: string; closeTime: string }[]) {
  if (hours.length) await db.insert(businessHours).values(hours.map((h) => ({ ...h, businessId })));
}

/**
 * A new restaurant's one bookable service, created with the restaurant (a default, like its hours
 * and time slots; afterwards the services feature manages it like any other service).
 */
export async function insertTableReservationService(db: Db, businessId: number, maxPartySize: number, duration: number) {
  await db.insert(services).values({
    businessId,
    name: TABLE_RESERVATION_SERVICE,
    description: `A table for up to ${maxPartySize} guests`,
    duration,
    priceCents: 0,
  });
}

export async function insertDefaultTimeSlots(db: Db, businessId: number, slots: { dayOfWeek: number; startTime: string; endTime: string; intervalMinutes: number }[]) {
  if (slots.length) await db.insert(restaurantTimeSlots).values(slots.map((s) => ({ ...s, businessId, isActive: true })));
}


export async function updateBusiness(db: Db, businessId: number, changes: Partial<NewBusiness>) {
  await db.update(businesses).set(changes).where(eq(businesses.id, businessId));
}

/** Writes some policy keys in one statement: only the keys given change, null restores a default. */
export async function updatePolicies(db: Db, businessId: number, patch: Record<string, unknown>) {
  await db.update(businesses).set({ policies: jsonbPatch(businesses.policies, patch) }).where(eq(businesses.id, businessId));
}
