import { sql, type SQL } from 'drizzle-orm';
import { SLOT_STEP_MINUTES } from '../../../contract/availability.js';
import type { Db } from '../../db/client.js';

export interface EarliestRow {
  business_id: number;
  business_name: string;
  business_type: 'service' | 'restaurant';
  category: string;
  service_id: number;
  service_name: string;
  service_duration: number;
  price_cents: number;
  slot_minutes: number;
  /** The free start, in whole minutes since the epoch of the business's wall clock. */
  start_minute: number;
}

type EarliestQuery = { now: Date; businessId?: number; skipTimeZones?: string[] };

export async function findEarliest(db: Db, q: EarliestQuery): Promise<EarliestRow[]> {
  // JIT is off for the whole pool (db/client.ts): compiling this statement cost seconds.
  const result = await db.execute(earliestStatement(q));
  return (result as unknown as { rows: EarliestRow[] }).rows;
}

/**
 * The (service_id, t) rows of candidate set `cands` (service_id, business_id, rest, t, dur, cap)
 * that are taken, by the rules of the SQL slot engine (que_slot_engine, migration 0007) (restaurants for a party of 1), checked against
 * `win`, the active appointments of the window, by hash joins rather than one index probe each.
 */
function taken(cands: string): SQL {
  const c = sql.raw(cands);
  return sql`
      select c.service_id, c.t
      from ${c} c
      join win w on w.business_id = c.business_id and w.s < c.t + c.dur and w.e > c.t
      where not c.rest and w.exclusive
      union
      -- seats only rise where a reservation starts: the peak is at the candidate or at such a start
      select m.service_id, m.t
      from (
        select c.service_id, c.business_id, c.t, c.cap, c.t as moment from ${c} c where c.rest
        union all
        select c.service_id, c.business_id, c.t, c.cap, w.s
        from ${c} c join win w on w.business_id = c.business_id and w.s > c.t and w.s < c.t + c.dur
        where c.rest
      ) m
      join win w on w.business_id = m.business_id and w.s <= m.moment and w.e > m.moment
      group by m.service_id, m.t, m.moment, m.cap
      having sum(w.party_size) + 1 > m.cap`;
}

/** Per span `sp` of service `v`: its step and its first start after now (valid when next + need <= close). */
const nextStart = sql`
      cross join lateral (select least(sp.step, v.step_cap) as step) st
      cross join lateral (
        select case when v.now_min < sp.first then sp.first
                 else sp.first + st.step * ((v.now_min - sp.first) / st.step + 1) end as next
      ) k`;

/**
 * The earliest free start per live service over the 7 days from each business's local today, in
 * ONE statement, by the rules of the SQL slot engine (que_slot_engine, migration 0007) (restaurants for a party of 1).
 *
 * Times are whole minutes since the epoch of the business's wall clock (days: minutes / 1440).
 * Candidates form series: per open weekday ("span", landing on exactly one day of the coming week)
 * first + k * step. The earliest FREE candidate is always the first candidate after now in some
 * span, or the first one at or after the end of some active appointment: if the candidate before
 * it is taken and it is not, a booking in the way ended between the two. So each service's first
 * start after now is checked first, and only services where that one is taken have the other
 * spans' first starts and the starts right after bookings end checked.
 */
export function earliestStatement(q: EarliestQuery): SQL {
  const only: SQL[] = [];
  if (q.businessId !== undefined) only.push(sql`b.id = ${q.businessId}`);
  // Zones the database cannot use (unusable-time-zones.ts); such a row would fail the statement for everyone.
  if (q.skipTimeZones?.length) only.push(sql`b.time_zone not in (${sql.join(q.skipTimeZones.map((zone) => sql`${zone}`), sql`, `)})`);
  const onlyBusiness = only.length ? sql`where ${sql.join(only, sql` and `)}` : sql``;
  const onlyAppointmentsOf = q.businessId === undefined ? sql`` : sql`and a.business_id = ${q.businessId}`;
  return sql`
    with biz as materialized (
      select b.id as business_id, b.business_type = 'restaurant' as rest,
             coalesce(b.reservation_duration, 120) as reservation_duration,
             coalesce(b.seating_capacity, 40) as cap, n.now_min, n.now_min / 1440 as today
      from businesses b
      cross join lateral (select floor(date_part('epoch', ${q.now.toISOString()}::timestamptz at time zone b.time_zone) / 60)::int as now_min) n
      ${onlyBusiness}
    ),
    spans as materialized (
      select s.business_id, s.day * 1440 + s.open as first, s.day * 1440 + s.close as close, s.step
      from (
        -- 1970-01-01 was a Thursday (day of week 4); times are whole minutes, as the slot engine reads them
        select biz.business_id, biz.today + (h.day_of_week - (biz.today + 4) % 7 + 7) % 7 as day,
               date_part('epoch', h.open_time)::int / 60 as open, date_part('epoch', h.close_time)::int / 60 as close,
               ${sql.raw(String(SLOT_STEP_MINUTES))} as step
        from biz
        join business_hours h on h.business_id = biz.business_id
        where not biz.rest
        union all
        select biz.business_id, biz.today + (ts.day_of_week - (biz.today + 4) % 7 + 7) % 7,
               date_part('epoch', ts.start_time)::int / 60, date_part('epoch', ts.end_time)::int / 60, ts.interval_minutes::int
        from biz
        join restaurant_time_slots ts on ts.business_id = biz.business_id and ts.is_active
        where biz.rest
      ) s
      where not exists (select 1 from blocked_dates bd where bd.business_id = s.business_id and bd.date = date '1970-01-01' + s.day)
    ),
    win as materialized (
      -- every active appointment that can touch a candidate: from the earliest local now to 8 days after the latest today;
      -- floor(start) and ceil(end) keep "overlaps a whole-minute period" exact even for odd seconds
      select a.business_id, a.exclusive, a.party_size,
             floor(date_part('epoch', a.starts_at) / 60)::int as s, ceil(date_part('epoch', a.ends_at) / 60)::int as e
      from appointments a
      where a.status = 'confirmed' -- SLOT_HOLDING_STATUSES
        and tsrange(a.starts_at, a.ends_at, '[)') && (
          select tsrange(timestamp 'epoch' + min(now_min) * interval '1 minute', timestamp 'epoch' + (max(today) + 8) * interval '1 day', '[)')
          from biz)
        ${onlyAppointmentsOf}
    ),
    svc as materialized (
      -- a service's step is min(30, duration), a restaurant's its time slot's interval; a service must end
      -- by closing (start + duration <= close), a reservation only start before the slot ends (start + 1 <= close)
      select s.id as service_id, biz.business_id, biz.rest, biz.cap, biz.now_min,
             case when biz.rest then biz.reservation_duration else s.duration end as dur,
             case when biz.rest then 1440 else s.duration end as step_cap,
             case when biz.rest then 1 else s.duration end as need
      from services s
      join biz on biz.business_id = s.business_id
      where s.deleted_at is null
    ),
    first_try as materialized (
      -- each service's first start after now: the earliest candidate of all, so checked first
      select v.service_id, v.business_id, v.rest, v.dur, v.cap, min(k.next) as t
      from svc v
      join spans sp on sp.business_id = v.business_id
      ${nextStart}
      where k.next + v.need <= sp.close
      group by v.service_id, v.business_id, v.rest, v.dur, v.cap
    ),
    first_taken as materialized (${taken('first_try')}),
    retry_spans as materialized (
      select f.service_id, f.business_id, f.rest, f.dur, f.cap, f.t as taken, v.need, sp.first, sp.close, st.step, k.next
      from first_taken x
      join first_try f on f.service_id = x.service_id
      join svc v on v.service_id = f.service_id and v.business_id = f.business_id
      join spans sp on sp.business_id = v.business_id
      ${nextStart}
    ),
    retry as materialized (
      -- only where that start is taken: the other spans' first starts and the starts right after bookings end
      select r.service_id, r.business_id, r.rest, r.dur, r.cap, r.next as t
      from retry_spans r
      where r.next + r.need <= r.close and r.next > r.taken
      union
      select r.service_id, r.business_id, r.rest, r.dur, r.cap, a.t
      from retry_spans r
      join win w on w.business_id = r.business_id and (r.rest or w.exclusive) and w.e > r.first
      cross join lateral (select r.first + r.step * ((w.e - r.first + r.step - 1) / r.step) as t) a
      where a.t + r.need <= r.close and a.t > r.taken
    ),
    retry_taken as materialized (${taken('retry')}),
    winners as (
      select f.service_id, f.t, f.dur from first_try f
      where not exists (select 1 from first_taken x where x.service_id = f.service_id)
      union all
      (select distinct on (r.service_id) r.service_id, r.t, r.dur from retry r
       where not exists (select 1 from retry_taken x where x.service_id = r.service_id and x.t = r.t)
       order by r.service_id, r.t)
    )
    select b.id as business_id, b.business_name, b.business_type, b.category, s.id as service_id, s.name as service_name,
           s.duration as service_duration, s.price_cents, w.dur as slot_minutes, w.t as start_minute
    from winners w
    join services s on s.id = w.service_id
    join businesses b on b.id = s.business_id
    order by w.t, b.id, s.id`;
}
