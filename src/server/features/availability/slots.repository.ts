import { and, asc, eq, isNull, notInArray, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cachedQuery } from '../../db/prepared.js';
import { appointments, businesses, businessHours, restaurantTimeSlots, services } from '../../db/schema.js';

/**
 * Appointments that hold a slot or seats (SLOT_HOLDING_STATUSES); kept as a literal so the planner
 * can use the partial index on status.
 */
const activeStatus = sql`${appointments.status} = 'confirmed'`;

/** The business fields slot computation (and a booking) needs, with the day's blocked flag. */
export interface SlotContext {
  id: number;
  ownerId: number;
  businessName: string;
  businessType: string;
  timeZone: string;
  reservationDuration: number | null;
  seatingCapacity: number | null;
  maxPartySize: number | null;
  blocked: boolean;
}

const selectSlotContext = cachedQuery('slots_context', (db) =>
  db
    .select({
      id: businesses.id,
      ownerId: businesses.ownerId,
      businessName: businesses.businessName,
      businessType: businesses.businessType,
      timeZone: businesses.timeZone,
      reservationDuration: businesses.reservationDuration,
      seatingCapacity: businesses.seatingCapacity,
      maxPartySize: businesses.maxPartySize,
      // Spelled out: drizzle writes select-list columns unqualified, which the subquery would capture.
      blocked: sql<boolean>`exists (select 1 from blocked_dates bd where bd.business_id = "businesses"."id" and bd.date = ${sql.placeholder('date')}::date)`,
    })
    .from(businesses)
    .where(eq(businesses.id, sql.placeholder('businessId')))
    .limit(1),
);

/** The business fields slot computation needs, and whether `date` is blocked, in one round trip. */
export async function findSlotContext(db: Db, businessId: number, date: string): Promise<SlotContext | null> {
  const [row] = await selectSlotContext(db, { businessId, date });
  return row ? { ...row, blocked: Boolean(row.blocked) } : null;
}

export interface SlotService {
  id: number;
  businessId: number;
  duration: number;
}

const serviceColumns = { id: services.id, businessId: services.businessId, duration: services.duration };

const selectLiveService = cachedQuery('slots_live_service', (db) =>
  db
    .select(serviceColumns)
    .from(services)
    .where(and(eq(services.id, sql.placeholder('serviceId')), isNull(services.deletedAt)))
    .limit(1),
);

export async function findLiveService(db: Db, serviceId: number): Promise<SlotService | null> {
  const [row] = await selectLiveService(db, { serviceId });
  return row ?? null;
}

/** The business's first live service (lowest id): what a booking without serviceId is for. */
export async function findFirstLiveService(db: Db, businessId: number): Promise<SlotService | null> {
  const [row] = await db
    .select(serviceColumns)
    .from(services)
    .where(and(eq(services.businessId, businessId), isNull(services.deletedAt)))
    .orderBy(asc(services.id))
    .limit(1);
  return row ?? null;
}

// Read on every slot list and every booking: built once, prepared per connection.
const selectHoursOfDay = cachedQuery('slots_hours_of_day', (db) =>
  db
    .select({ openTime: businessHours.openTime, closeTime: businessHours.closeTime })
    .from(businessHours)
    .where(and(eq(businessHours.businessId, sql.placeholder('businessId')), eq(businessHours.dayOfWeek, sql.placeholder('dayOfWeek'))))
    .limit(1),
);

export async function findHoursOfDay(db: Db, businessId: number, dayOfWeek: number) {
  const [row] = await selectHoursOfDay(db, { businessId, dayOfWeek });
  return row ?? null;
}

export async function findActiveTimeSlotsOfDay(db: Db, businessId: number, dayOfWeek: number) {
  return db
    .select({ startTime: restaurantTimeSlots.startTime, endTime: restaurantTimeSlots.endTime, intervalMinutes: restaurantTimeSlots.intervalMinutes })
    .from(restaurantTimeSlots)
    .where(and(eq(restaurantTimeSlots.businessId, businessId), eq(restaurantTimeSlots.dayOfWeek, dayOfWeek), eq(restaurantTimeSlots.isActive, true)));
}

type BookedPeriodsQuery = { businessId: number; from: string; to: string; exclusiveOnly: boolean; excludeAppointmentIds?: number[] };

type Bindable<T> = { [K in keyof T]: T[K] | Placeholder };

function selectBookedPeriods(db: Db, q: Bindable<Omit<BookedPeriodsQuery, 'exclusiveOnly' | 'excludeAppointmentIds'>> & Pick<BookedPeriodsQuery, 'exclusiveOnly' | 'excludeAppointmentIds'>) {
  const conditions: SQL[] = [
    eq(appointments.businessId, q.businessId),
    activeStatus,
    sql`tsrange(${appointments.startsAt}, ${appointments.endsAt}, '[)') && tsrange(${q.from}::timestamp, ${q.to}::timestamp, '[)')`,
  ];
  if (q.exclusiveOnly) conditions.push(eq(appointments.exclusive, true));
  if (q.excludeAppointmentIds?.length) conditions.push(notInArray(appointments.id, q.excludeAppointmentIds));
  return db
    .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt, partySize: appointments.partySize })
    .from(appointments)
    .where(and(...conditions));
}

// The two shapes every slot list and booking uses (no appointment excluded), built once.
const bookedPeriodsOf = (exclusiveOnly: boolean) =>
  cachedQuery(`slots_booked_periods_${exclusiveOnly ? 'exclusive' : 'all'}`, (db) =>
    selectBookedPeriods(db, { businessId: sql.placeholder('businessId'), from: sql.placeholder('from'), to: sql.placeholder('to'), exclusiveOnly }),
  );
const bookedPeriods = { exclusive: bookedPeriodsOf(true), all: bookedPeriodsOf(false) };

/** Active appointments of a business overlapping [from, to) (wall-clock timestamps). */
export async function findBookedPeriods(db: Db, q: BookedPeriodsQuery) {
  if (q.excludeAppointmentIds?.length) return selectBookedPeriods(db, q);
  return (q.exclusiveOnly ? bookedPeriods.exclusive : bookedPeriods.all)(db, { businessId: q.businessId, from: q.from, to: q.to });
}
