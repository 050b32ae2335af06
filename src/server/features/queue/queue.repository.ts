import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

// Queue entries mirror confirmed appointments (kept in step in SQL: que_queue_follow_change for a new
// booking, after it commits; que_booked_effects, que_queue_moved,
// que_cancelled_effects, que_appointment_complete); positions and waits are never stored, they are
// computed when read (rankedEntries).

export type QueueStatus = 'waiting' | 'called' | 'served' | 'cancelled';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface LockedEntry {
  id: number;
  businessId: number;
  customerId: number;
  appointmentId: number;
  status: QueueStatus;
  date: string;
}

/** Locks an entry until the transaction ends, so two calls of one entry take turns. */
export async function lockEntry(db: Db, id: number): Promise<LockedEntry | null> {
  const [row] = await rows<LockedEntry>(
    db,
    sql`select id, business_id as "businessId", customer_id as "customerId", appointment_id as "appointmentId", status,
               to_char(starts_at, 'YYYY-MM-DD') as date
        from queue_entries where id = ${id} for update`,
  );
  return row ?? null;
}

/**
 * Locks the first waiting entry of a business-day, of one member's line when `staffId` is given
 * (start time, then id: the order lines are ranked in). An entry another call holds is skipped, so
 * two owners' tabs calling at once call two customers, never one twice.
 */
export async function lockNextWaiting(db: Db, q: { businessId: number; date: string; staffId: number | null }): Promise<LockedEntry | null> {
  const member = q.staffId === null ? sql`true` : sql`exists (select 1 from appointments ap where ap.id = q.appointment_id and ap.staff_id = ${q.staffId})`;
  const [row] = await rows<LockedEntry>(
    db,
    sql`select q.id, q.business_id as "businessId", q.customer_id as "customerId", q.appointment_id as "appointmentId", q.status,
               to_char(q.starts_at, 'YYYY-MM-DD') as date
        from queue_entries q
        where q.business_id = ${q.businessId} and q.starts_at >= ${q.date}::date and q.starts_at < ${q.date}::date + 1
          and q.status = 'waiting' and ${member}
        order by q.starts_at, q.id
        limit 1
        for update skip locked`,
  );
  return row ?? null;
}

/** Whether a staff member belongs to the business (active or not: an inactive one may still have entries today). */
export async function isStaffOf(db: Db, staffId: number, businessId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(db, sql`select id from staff_members where id = ${staffId} and business_id = ${businessId}`);
  return found.length > 0;
}

export async function markCalled(db: Db, id: number): Promise<void> {
  await db.execute(sql`update queue_entries set status = 'called', called_at = now(), updated_at = now() where id = ${id}`);
}

/** One entry as read: its rank in its business-day and that day's head (for the delay), nothing personal decided yet. */
export interface RankedEntryRow {
  id: number;
  appointmentId: number;
  businessId: number;
  businessName: string;
  ownerId: number;
  timeZone: string;
  serviceId: number;
  serviceName: string;
  /** The member who serves it, whose line it stands in (null: a restaurant's table). */
  staffId: number | null;
  staffName: string | null;
  /** How many active members the business has (0 for a restaurant). */
  staffCount: number;
  customerId: number;
  /** The name the booking was made under (appointments.customer_name): only the owner is shown it. */
  customerName: string;
  date: string;
  time: string;
  status: QueueStatus;
  position: number | null;
  headId: number | null;
  headDate: string | null;
  headTime: string | null;
  headStatus: QueueStatus | null;
  /** When the head was called (epoch ms), or null. */
  headCalledAtMs: number | null;
}

/**
 * The entries `filter` picks, each ranked by start time among the active entries of its own line:
 * the business-day's entries served by the same member (DESIGN section 9: "2nd in line for Marco";
 * a restaurant's tables, with no member, form one line). All of that day's entries are read, not
 * only the picked ones, with each line's first active entry. One statement; a window per line.
 */
export async function rankedEntries(db: Db, filter: SQL): Promise<RankedEntryRow[]> {
  return rows<RankedEntryRow>(
    db,
    sql`
    with wanted as (select q.id from queue_entries q where ${filter}),
    days as (
      select distinct q.business_id, q.starts_at::date as day from queue_entries q join wanted w on w.id = q.id
    ),
    ranked as (
      select q.*, ap.staff_id, ap.customer_name,
             q.status in ('waiting', 'called') as active,
             row_number() over day_line as n,
             first_value(q.id) over day_line as head_id,
             first_value(q.starts_at) over day_line as head_starts_at,
             first_value(q.status) over day_line as head_status,
             first_value(q.called_at) over day_line as head_called_at
      from queue_entries q
      join days d on d.business_id = q.business_id and q.starts_at >= d.day and q.starts_at < d.day + 1
      left join appointments ap on ap.id = q.appointment_id
      window day_line as (partition by q.business_id, q.starts_at::date, ap.staff_id, q.status in ('waiting', 'called') order by q.starts_at, q.id)
    )
    select r.id, r.appointment_id as "appointmentId", r.business_id as "businessId", b.business_name as "businessName",
           b.owner_id as "ownerId", b.time_zone as "timeZone", r.service_id as "serviceId", s.name as "serviceName",
           r.staff_id as "staffId", sm.name as "staffName",
           (select count(*) from staff_members m where m.business_id = r.business_id and m.active)::int as "staffCount",
           r.customer_id as "customerId", r.customer_name as "customerName", to_char(r.starts_at, 'YYYY-MM-DD') as date, to_char(r.starts_at, 'HH24:MI') as time,
           r.status,
           case when r.active then r.n::int end as position,
           case when r.active then r.head_id end as "headId",
           case when r.active then to_char(r.head_starts_at, 'YYYY-MM-DD') end as "headDate",
           case when r.active then to_char(r.head_starts_at, 'HH24:MI') end as "headTime",
           case when r.active then r.head_status end as "headStatus",
           case when r.active then (extract(epoch from r.head_called_at) * 1000)::float8 end as "headCalledAtMs"
    from ranked r
    join wanted w on w.id = r.id
    join businesses b on b.id = r.business_id
    join services s on s.id = r.service_id
    left join staff_members sm on sm.id = r.staff_id
    order by r.starts_at, r.id`,
  );
}

// The live queue as a follower of the change log (decision 0029, issue 28): a new booking joins its
// day's line in the booking's follow job (que_queue_follow_change), so the booking's own transaction
// writes no queue row and publishes no queue push.
/** Puts a booked appointment in its day's queue, in the change's follow statement (decision 0040); gives the line's live events to publish after the follow commits. */
export const queueFollowsChange = { sql: sql`que_queue_follow_change(c)` };
