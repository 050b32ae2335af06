import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { SLOT_HOLDING_STATUSES } from '../../../contract/appointment-statuses.js';
import type { Db } from '../../db/client.js';
import { newestFirst, type PageKey } from '../../db/keyset.js';
import { appointments, businesses, reviews, services, staffMembers } from '../../db/schema.js';

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
  cancelledBy: appointments.cancelledBy,
  createdAt: appointments.createdAt,
  serviceName: services.name,
  businessName: businesses.businessName,
  businessType: businesses.businessType,
  ownerId: businesses.ownerId,
  timeZone: businesses.timeZone,
  // The cut-offs it was booked under (DESIGN section 9) and whether its business takes offers now.
  cancelCutoffMinutes: sql<number | null>`(${appointments.bookedPolicies}->>'cancelCutoffMinutes')::int`,
  // Where only a cancel cut-off is set, it closes rescheduling too (que_booked_cutoff).
  rescheduleCutoffMinutes: sql<number | null>`que_booked_cutoff(${appointments.bookedPolicies}, 'rescheduleCutoffMinutes')`,
  swapMarket: sql<boolean>`(que_policies(${businesses.businessType}, ${businesses.policies}, NULL)->>'swapMarket')::boolean`,
  // Who serves it (DESIGN section 9); null for a restaurant's table.
  staffId: appointments.staffId,
  staffName: staffMembers.name,
  staffRequested: appointments.staffRequested,
  // Settlement's one exception (offers/sql/settle-offer.sql): a bought slot the business cancelled refunds its payer.
  cancelledByBusiness: sql<boolean>`que_cancelled_by_business(${appointments.status}, ${appointments.cancelledBy}, ${businesses.ownerId})`,
  updatedAt: appointments.updatedAt,
  // Its review, joined in the same query (reviews_appointment_id_key: at most one).
  reviewId: reviews.id,
  reviewRating: reviews.rating,
  // Confirmed by its customer from a reminder's link (DESIGN section 11).
  customerConfirmedAt: appointments.customerConfirmedAt,
  // Its deposit (DESIGN section 11), or null.
  cardFees: sql<{ noShowFeeCents: number; lateCancelFeeCents: number; charged: ('no_show_fee' | 'late_cancel_fee')[]; declined: ('no_show_fee' | 'late_cancel_fee')[] } | null>`que_appointment_card_fees(${appointments.id})`,
  deposit: sql<{ amountCents: number; status: 'held' | 'posted' | 'refunded' | 'kept' } | null>`que_appointment_deposit(${appointments.id})`,
  heldUntil: sql<string | null>`case when ${appointments.status} = 'held' then ${appointments.heldUntil} end`,
};

// A hold that lapsed unclaimed (cancelled, held_until kept) was never a booking: lists leave it out.
const notLapsedHold = sql`not (${appointments.status} = 'cancelled' and ${appointments.heldUntil} is not null)`;

export type { AppointmentRow } from './appointment-row.js';

/** Every column a booking sets; the rest (id, timestamps) come from their defaults. */
function selectView(db: Db) {
  return db
    .select(viewColumns)
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(businesses, eq(businesses.id, appointments.businessId))
    .leftJoin(staffMembers, eq(staffMembers.id, appointments.staffId))
    .leftJoin(reviews, eq(reviews.appointmentId, appointments.id));
}

export async function findAppointmentView(db: Db, id: number) {
  const [row] = await selectView(db).where(eq(appointments.id, id)).limit(1);
  return row ?? null;
}

export async function findAppointmentViews(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return selectView(db).where(inArray(appointments.id, ids));
}

/** Who booked an appointment, at which business and for which service: what a permission check reads. */
export async function findAppointmentParties(db: Db, id: number) {
  const [row] = await db
    .select({ customerId: appointments.customerId, businessId: appointments.businessId, serviceId: appointments.serviceId })
    .from(appointments)
    .where(eq(appointments.id, id))
    .limit(1);
  return row ?? null;
}

export interface AppointmentFilter {
  businessId: number;
  serviceId?: number;
  date?: string;
  status?: string;
  activeOnly?: boolean;
}

const dayRange = (date: string) =>
  sql`${appointments.startsAt} >= ${date}::date and ${appointments.startsAt} < ${date}::date + 1`;

/** A business's appointments by time (its owner's list, or a day or a service as others see it). */
export async function listAppointments(db: Db, f: AppointmentFilter, limit = 2000) {
  const conditions: (SQL | undefined)[] = [
    eq(appointments.businessId, f.businessId),
    f.serviceId !== undefined ? eq(appointments.serviceId, f.serviceId) : undefined,
    f.date !== undefined ? dayRange(f.date) : undefined,
    f.status !== undefined ? eq(appointments.status, f.status) : undefined,
    f.activeOnly ? inArray(appointments.status, [...SLOT_HOLDING_STATUSES]) : undefined,
    // A restaurant offer's pending reservation is the sender's alone: never part of a business's list.
    ne(appointments.status, 'pending'),
    notLapsedHold,
  ];
  return selectView(db)
    .where(and(...conditions))
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(limit);
}

const customerPages = newestFirst(appointments.startsAt, appointments.id);

/**
 * One page of a customer's own appointments, latest start first, and one more if there is another:
 * read in the order of appointments_customer_starts_idx, so a page reads its own rows (a day's, with
 * `date`) whatever the customer's history. A status filter skips the others on the way.
 */
export async function pageAppointmentsOfCustomer(
  db: Db,
  customerId: number,
  f: { serviceId?: number; date?: string; status?: string },
  limit: number,
  after?: PageKey,
) {
  return db
    .select({ ...viewColumns, keyTime: customerPages.keyTime })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(businesses, eq(businesses.id, appointments.businessId))
    .leftJoin(staffMembers, eq(staffMembers.id, appointments.staffId))
    .leftJoin(reviews, eq(reviews.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.customerId, customerId),
        f.serviceId !== undefined ? eq(appointments.serviceId, f.serviceId) : undefined,
        f.date !== undefined ? dayRange(f.date) : undefined,
        f.status !== undefined ? eq(appointments.status, f.status) : undefined,
        notLapsedHold,
        customerPages.after(after),
      ),
    )
    .orderBy(...customerPages.orderBy)
    .limit(limit + 1);
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
