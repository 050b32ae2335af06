import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { sqlFunction } from '../../db/sql-function.js';
import { databaseDetailOf, RaisedState, sqlStateOf } from '../../db/sql-state.js';
import { intlCanonical } from '../../db/time-zones.js';
import { isTransaction } from '../../db/unit-of-work.js';

// The slot rules live in SQL (0012: que_day_slots_within, que_require_slot, que_slot_engine), once
// for the slot list, every booking, reschedule and swap; this file is how TypeScript calls them.

export interface DaySlotsQuery {
  businessId: number;
  date: string;
  serviceId?: number;
  partySize?: number;
  excludeAppointmentIds?: number[];
  /** Only this staff member's starts (checked to be an active member of the business beforehand). */
  staffId?: number;
  restaurantHorizonDays: number;
  now?: Date;
}

const p = (name: string) => sql.placeholder(name);

/** Ids as a PostgreSQL array literal (both drivers take it as text); null for none. */
const idArray = (ids?: number[]) => (ids?.length ? `{${ids.map((id) => Math.trunc(id)).join(',')}}` : null);

const values = (q: DaySlotsQuery) => ({
  businessId: q.businessId,
  date: q.date,
  serviceId: q.serviceId ?? null,
  partySize: q.partySize ?? null,
  exclude: idArray(q.excludeAppointmentIds),
  horizon: q.restaurantHorizonDays,
  now: q.now ? q.now.toISOString() : null,
  staffId: q.staffId ?? null,
});

/**
 * Runs a slot call with the business's stored zone; when PostgreSQL cannot use that zone (a row
 * written before zones were checked: "US/Pacific-New") but Node's Intl knows it, again with Intl's
 * canonical name, so that a business works wherever Intl and the database agree on the rules.
 * Costs nothing until it fails. Inside a transaction the failure has ended it: no second try.
 */
export async function withZoneFallback<T>(db: Db, call: (zone: string | null) => Promise<T>): Promise<T> {
  try {
    return await call(null);
  } catch (error) {
    if (sqlStateOf(error) !== RaisedState.unusableZone || isTransaction(db)) throw error;
    const zone = databaseDetailOf(error);
    const canonical = zone ? intlCanonical(zone) : null;
    if (!canonical || canonical === zone) throw error;
    return call(canonical);
  }
}

// que_day_slots_within itself (p_only null: the whole day), not its wrapper que_day_slots: one
// PL/pgSQL call fewer per list, the same answer.
const selectDaySlots = sqlFunction(
  'que_day_slots_within',
  sql`select closed, slots from que_day_slots_within(${p('businessId')}::int, ${p('date')}::date, ${p('serviceId')}::int, ${p('partySize')}::int,
        ${p('exclude')}::int[], ${p('horizon')}::int, ${p('now')}::timestamptz, true, ${p('zone')}::text, null::int, ${p('staffId')}::int, false)`,
  z.object({ closed: z.string().nullable(), slots: z.array(z.string()).nullable() }),
);

// The same call with who is free at each start (GET /businesses/:id/availability).
const selectDaySlotsWithStaff = sqlFunction(
  'que_day_slots_within_staff',
  sql`select closed, slots, slot_staff from que_day_slots_within(${p('businessId')}::int, ${p('date')}::date, ${p('serviceId')}::int, ${p('partySize')}::int,
        ${p('exclude')}::int[], ${p('horizon')}::int, ${p('now')}::timestamptz, true, ${p('zone')}::text, null::int, ${p('staffId')}::int, true)`,
  z.object({ closed: z.string().nullable(), slots: z.array(z.string()).nullable(), slot_staff: z.array(z.array(z.number().int())).nullable() }),
);

/** A day's bookable start times ("HH:mm", ascending), and why a whole day has none (null when open). */
export async function daySlots(db: Db, q: DaySlotsQuery): Promise<{ slots: string[]; closed: string | null }> {
  const row = await withZoneFallback(db, (zone) => selectDaySlots(db, { ...values(q), zone }));
  return { slots: row.slots ?? [], closed: row.closed };
}

/** daySlots with, for each start, the ids of the members free then in the owner's order. */
export async function daySlotsWithStaff(db: Db, q: DaySlotsQuery): Promise<{ slots: string[]; slotStaff: number[][]; closed: string | null }> {
  const row = await withZoneFallback(db, (zone) => selectDaySlotsWithStaff(db, { ...values(q), zone }));
  return { slots: row.slots ?? [], slotStaff: row.slot_staff ?? [], closed: row.closed };
}

const selectActiveMember = sqlFunction(
  'staff_active_member',
  sql`select exists (select 1 from staff_members where id = ${p('staffId')}::int and business_id = ${p('businessId')}::int and active) as found`,
  z.object({ found: z.boolean() }),
);

/** Whether the member is an active staff member of that business. */
export async function isActiveMember(db: Db, businessId: number, staffId: number): Promise<boolean> {
  return (await selectActiveMember(db, { businessId, staffId })).found;
}

const selectOpenDays = sqlFunction(
  'que_open_days',
  sql`select que_open_days(${p('businessId')}::int, ${p('from')}::date, ${p('to')}::date, ${p('serviceId')}::int, ${p('partySize')}::int,
        ${p('staffId')}::int, ${p('horizon')}::int, ${p('now')}::timestamptz, ${p('zone')}::text)::text[] as days`,
  z.object({ days: z.array(z.string()).nullable() }),
);

/** The days from..to ("yyyy-MM-dd", inclusive) with at least one bookable start, by the slot list's rules, in one statement. */
export async function openDays(db: Db, q: Omit<DaySlotsQuery, 'date' | 'excludeAppointmentIds'> & { from: string; to: string }): Promise<string[]> {
  const row = await withZoneFallback(db, (zone) =>
    selectOpenDays(db, {
      businessId: q.businessId, from: q.from, to: q.to, serviceId: q.serviceId ?? null, partySize: q.partySize ?? null, staffId: q.staffId ?? null,
      horizon: q.restaurantHorizonDays, now: q.now ? q.now.toISOString() : null, zone,
    }),
  );
  return row.days ?? [];
}
