import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ClaimPayment, WaitlistEntry, WaitlistStatus } from '../../../contract/waitlist.js';
import type { Db } from '../../db/client.js';
import { newestFirst, type PageKey } from '../../db/keyset.js';
import { appointments, businesses, services, waitlistEntries } from '../../db/schema.js';
import { sqlFunction } from '../../db/sql-function.js';

// The waitlist's reads (a customer's list) and its database functions (waitlist/sql), one typed
// wrapper each.

const p = (name: string) => sql.placeholder(name);

export const callJoin = sqlFunction(
  'que_waitlist_join',
  sql`select que_waitlist_join(${p('userId')}::int, ${p('businessId')}::int, ${p('serviceId')}::int, ${p('date')}::date, ${p('fromTime')}::text,
        ${p('toTime')}::text, ${p('staffId')}::int, ${p('partySize')}::int, ${p('horizon')}::int, ${p('now')}::timestamptz) as id`,
  z.object({ id: z.number().int() }),
);

export const callClaim = sqlFunction(
  'que_waitlist_claim',
  sql`select que_waitlist_claim(${p('userId')}::int, ${p('entryId')}::int, ${p('now')}::timestamptz) as appointment_id`,
  z.object({ appointment_id: z.number().int() }),
);

export const callLeave = sqlFunction(
  'que_waitlist_leave',
  sql`select que_waitlist_leave(${p('userId')}::int, ${p('entryId')}::int, ${p('now')}::timestamptz) as done`,
  z.object({ done: z.unknown() }),
);

export const callRelease = sqlFunction(
  'que_waitlist_release',
  sql`select que_waitlist_release(${p('userId')}::int, ${p('appointmentId')}::int, ${p('now')}::timestamptz) as id`,
  z.object({ id: z.unknown() }),
);

/** The changes of a hold: its offer ('held') and its lapse, followed in code (waitlist-follows-change.ts). */
export const HOLD_KINDS = ['held', 'hold_lapsed'] as const;

/** The change log's follower in the change's follow statement (decision 0040): the time a change frees offered to the day's waiting entries (que_waitlist_follow); a hold's or lapse's own change is followed in code (waitlist-follows-change.ts). */
export const freedTimeFollower = (horizon: number) => ({
  sql: sql`case when c.kind not in (${sql.raw(HOLD_KINDS.map((kind) => `'${kind}'`).join(', '))})
    then (select null::jsonb from que_waitlist_follow(c, ${sql.raw(String(Math.trunc(horizon)))}, ${p('now')}::timestamptz)) end`,
});

export const callFollow = sqlFunction(
  'que_waitlist_follow',
  sql`select que_waitlist_follow(c, ${p('horizon')}::int, ${p('now')}::timestamptz) as offered from changes c where c.id = ${p('changeId')}::bigint`,
  z.object({ offered: z.number().int() }).optional(),
);

export const callHoldLapse = sqlFunction(
  'que_waitlist_hold_lapse',
  sql`select que_waitlist_hold_lapse(${p('appointmentId')}::int, ${p('now')}::timestamptz) as again_at`,
  z.object({ again_at: z.union([z.date(), z.string()]).nullable() }),
);

export const callReleaseDue = sqlFunction(
  'que_waitlist_release_due',
  sql`select que_waitlist_release_due(${p('appointmentId')}::int) as changed`,
  z.object({ changed: z.boolean() }),
);

const customerPages = newestFirst(waitlistEntries.createdAt, waitlistEntries.id);

/**
 * What every read of an entry selects (joined to its business, service and held appointment): for
 * what, on which day and window, where it stands, and while offered the held time and its end.
 */
export const entryColumns = {
  id: waitlistEntries.id,
  serviceId: waitlistEntries.serviceId,
  serviceName: services.name,
  staffId: waitlistEntries.staffId,
  partySize: waitlistEntries.partySize,
  date: waitlistEntries.date,
  fromTime: waitlistEntries.fromTime,
  toTime: waitlistEntries.toTime,
  timeZone: businesses.timeZone,
  status: waitlistEntries.status,
  appointmentId: waitlistEntries.appointmentId,
  heldTime: sql<string | null>`to_char(${appointments.startsAt}, 'HH24:MI')`,
  heldUntil: appointments.heldUntil,
  createdAt: waitlistEntries.createdAt,
};

/** The fields every view of an entry shares (contract/waitlist.ts entryFields), from a row of entryColumns. */
type SharedFields = Pick<WaitlistEntry, 'serviceId' | 'serviceName' | 'staffId' | 'partySize' | 'date' | 'fromTime' | 'toTime' | 'timeZone'> & { status: string };
export const entryFieldsOf = (row: SharedFields) => ({
  serviceId: row.serviceId,
  serviceName: row.serviceName,
  staffId: row.staffId,
  partySize: row.partySize,
  date: row.date,
  fromTime: row.fromTime,
  toTime: row.toTime,
  timeZone: row.timeZone,
  status: row.status as WaitlistStatus,
});

/** One page of a customer's entries, newest first, and one more if there is another (waitlist_entries_customer_idx). */
export async function pageEntriesOf(db: Db, customerId: number, limit: number, after?: PageKey) {
  return db
    .select({
      ...entryColumns,
      businessId: waitlistEntries.businessId,
      businessName: businesses.businessName,
      heldDate: sql<string | null>`to_char(${appointments.startsAt}, 'YYYY-MM-DD')`,
      heldPolicies: appointments.bookedPolicies,
      keyTime: customerPages.keyTime,
    })
    .from(waitlistEntries)
    .innerJoin(businesses, eq(businesses.id, waitlistEntries.businessId))
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .leftJoin(appointments, eq(appointments.id, waitlistEntries.appointmentId))
    .where(and(eq(waitlistEntries.customerId, customerId), customerPages.after(after)))
    .orderBy(...customerPages.orderBy)
    .limit(limit + 1);
}

export type EntryRow = Awaited<ReturnType<typeof pageEntriesOf>>[number];

export function toEntry(row: EntryRow): WaitlistEntry {
  const status = row.status as WaitlistStatus;
  return {
    id: row.id,
    businessId: row.businessId,
    businessName: row.businessName,
    ...entryFieldsOf(row),
    offer:
      status === 'offered' && row.appointmentId !== null && row.heldUntil
        ? {
            appointmentId: row.appointmentId,
            date: row.heldDate ?? row.date,
            time: row.heldTime ?? '',
            expiresAt: new Date(row.heldUntil).toISOString(),
            payment: claimPaymentOf(row.heldPolicies),
          }
        : null,
    appointmentId: status === 'claimed' ? row.appointmentId : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** What a hold's notice says: its customer, service, business, time and until when it is held; and whose waitlist day it is. */
export async function findHoldNotice(db: Db, appointmentId: number) {
  const result = (await db.execute(sql`
    select a.customer_id as "userId", b.owner_id as "ownerId", a.business_id as "businessId", to_char(a.starts_at, 'YYYY-MM-DD') as "date", s.name as "serviceName", b.business_name as "businessName", que_slot_text(a.starts_at) as "slot",
           to_char(a.held_until at time zone b.time_zone, 'HH24:MI') as "until", a.status
      from appointments a join services s on s.id = a.service_id join businesses b on b.id = a.business_id
     where a.id = ${appointmentId}`)) as unknown as { rows: { userId: number; ownerId: number; businessId: number; date: string; serviceName: string; businessName: string; slot: string; until: string; status: string }[] };
  return result.rows[0];
}

/** What the hold's claim takes, from the policies it was held under (a booking of it would take the same). */
function claimPaymentOf(policies: unknown): ClaimPayment | null {
  const p = (policies ?? {}) as Record<string, unknown>;
  const policy = p.paymentPolicy;
  if (policy !== 'deposit' && policy !== 'card_on_file') return null;
  const cents = (key: string) => (typeof p[key] === 'number' ? (p[key] as number) : null);
  return {
    paymentPolicy: policy,
    depositCents: cents('depositCents'),
    noShowFeeCents: cents('noShowFeeCents'),
    lateCancelFeeCents: cents('lateCancelFeeCents'),
    cancelCutoffMinutes: cents('cancelCutoffMinutes'),
  };
}
