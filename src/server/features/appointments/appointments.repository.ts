import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { SLOT_HOLDING_STATUSES } from '../../../contract/appointment-statuses.js';
import type { Db } from '../../db/client.js';
import { appointments, businesses, services } from '../../db/schema.js';

export type NewAppointment = typeof appointments.$inferInsert;

const viewColumns = {
  id: appointments.id,
  businessId: appointments.businessId,
  serviceId: appointments.serviceId,
  customerId: appointments.customerId,
  date: sql<string>`to_char(${appointments.startsAt}, 'YYYY-MM-DD')`,
  time: sql<string>`to_char(${appointments.startsAt}, 'HH24:MI')`,
  duration: appointments.duration,
  priceCents: appointments.priceCents,
  status: appointments.status,
  exclusive: appointments.exclusive,
  partySize: appointments.partySize,
  blockOffers: appointments.blockOffers,
  notes: appointments.notes,
  customerName: appointments.customerName,
  customerEmail: appointments.customerEmail,
  customerPhone: appointments.customerPhone,
  seatingPreference: appointments.seatingPreference,
  occasionType: appointments.occasionType,
  dietaryRestrictions: appointments.dietaryRestrictions,
  createdAt: appointments.createdAt,
  serviceName: services.name,
  businessName: businesses.businessName,
  businessType: businesses.businessType,
  ownerId: businesses.ownerId,
  timeZone: businesses.timeZone,
};

export type AppointmentRow = Awaited<ReturnType<typeof listAppointments>>[number];

/** Every column a booking sets; the rest (id, timestamps) come from their defaults. */
function selectView(db: Db) {
  return db
    .select(viewColumns)
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(businesses, eq(businesses.id, appointments.businessId));
}

export async function findAppointmentView(db: Db, id: number) {
  const [row] = await selectView(db).where(eq(appointments.id, id)).limit(1);
  return row ?? null;
}

export async function findAppointmentViews(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return selectView(db).where(inArray(appointments.id, ids));
}

/** Locks the appointment row until the transaction ends: changes to one appointment take turns. */
export async function lockAppointment(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, id)).for('update');
  return rows.length > 0;
}

/**
 * Serializes bookings of one restaurant: seat capacity is a sum over rows, which no constraint can
 * check. NO KEY UPDATE conflicts with itself but not with the KEY SHARE locks foreign keys take.
 */
export async function lockBusiness(db: Db, businessId: number): Promise<void> {
  await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('no key update');
}

export async function updateStatus(db: Db, id: number, status: string): Promise<void> {
  await db.update(appointments).set({ status, updatedAt: sql`now()` }).where(eq(appointments.id, id));
}

export interface AppointmentFilter {
  customerId?: number;
  businessId?: number;
  serviceId?: number;
  date?: string;
  activeOnly?: boolean;
  newestFirst?: boolean;
}

const dayRange = (date: string) =>
  sql`${appointments.startsAt} >= ${date}::date and ${appointments.startsAt} < ${date}::date + 1`;

export async function listAppointments(db: Db, f: AppointmentFilter, limit = 2000) {
  const conditions: (SQL | undefined)[] = [
    f.customerId !== undefined ? eq(appointments.customerId, f.customerId) : undefined,
    f.businessId !== undefined ? eq(appointments.businessId, f.businessId) : undefined,
    f.serviceId !== undefined ? eq(appointments.serviceId, f.serviceId) : undefined,
    f.date !== undefined ? dayRange(f.date) : undefined,
    f.activeOnly ? inArray(appointments.status, [...SLOT_HOLDING_STATUSES]) : undefined,
    // A restaurant offer's pending reservation is the sender's alone: never part of a business's list.
    f.businessId !== undefined && f.customerId === undefined ? ne(appointments.status, 'pending') : undefined,
  ];
  const order = f.newestFirst ? [desc(appointments.startsAt), desc(appointments.id)] : [asc(appointments.startsAt), asc(appointments.id)];
  return selectView(db)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit);
}

/** Active restaurant reservations of one day, by time. */
export async function listReservations(db: Db, businessId: number, date: string) {
  return db
    .select({
      id: appointments.id,
      customerId: appointments.customerId,
      time: sql<string>`to_char(${appointments.startsAt}, 'HH24:MI')`,
      partySize: appointments.partySize,
      seatingPreference: appointments.seatingPreference,
    })
    .from(appointments)
    .where(and(eq(appointments.businessId, businessId), dayRange(date), inArray(appointments.status, [...SLOT_HOLDING_STATUSES])))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}
