import { sql, type SQL } from 'drizzle-orm';
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
  date: string;
  time: string;
}

export async function findEarliest(db: Db, q: { now: Date; businessId?: number }): Promise<EarliestRow[]> {
  const statement = earliestStatement(q);
  // JIT is off for the whole pool (db/client.ts): compiling this statement cost seconds.
  const result = await db.execute(statement);
  return (result as unknown as { rows: EarliestRow[] }).rows;
}

/** Whether candidate `alias`.t (epoch minutes, wall clock) is free for its service, as slot-engine.ts decides (party of 1). */
function isFree(alias: string): SQL {
  const c = sql.raw(alias);
  return sql`case when ${c}.business_type = 'service' then not exists (
      select 1 from appointments a
      where a.business_id = ${c}.business_id and a.exclusive and a.status in ('confirmed', 'pending')
        and tsrange(a.starts_at, a.ends_at, '[)') && tsrange(${c}.ts, ${c}.ts + make_interval(mins => ${c}.slot_minutes), '[)'))
    else (
      -- seats only rise where a reservation starts: the peak is at the candidate or at such a start
      select coalesce(max((
        select sum(a2.party_size) from appointments a2
        where a2.business_id = ${c}.business_id and a2.status in ('confirmed', 'pending')
          and tsrange(a2.starts_at, a2.ends_at, '[)') @> m.moment)), 0)
      from (
        select ${c}.ts as moment
        union all
        select a.starts_at from appointments a
        where a.business_id = ${c}.business_id and a.status in ('confirmed', 'pending')
          and tsrange(a.starts_at, a.ends_at, '[)') && tsrange(${c}.ts, ${c}.ts + make_interval(mins => ${c}.slot_minutes), '()')
          and a.starts_at > ${c}.ts
      ) m
    ) + 1 <= ${c}.seating_capacity
    end`;
}

/**
 * The earliest free start per live service over the 7 days from each business's local today, in
 * ONE statement, by the rules of slot-engine.ts (restaurants for a party of 1).
 *
 * Times are whole minutes since the epoch of the business's wall clock. Candidates form series: per
 * open weekday ("span", landing on exactly one day of the coming week) first + k * step. The
 * earliest FREE candidate is always the first candidate after now in some span, or the first one at
 * or after the end of some active appointment: if the candidate before it is taken and it is not,
 * a booking in the way ended between the two. So only spans + (bookings ending that week)
 * candidates exist per service; each service's earliest is checked first, and only services whose
 * earliest is taken have the rest checked (GiST probes on the period indexes).
 */
export function earliestStatement(q: { now: Date; businessId?: number }): SQL {
  const onlyBusiness = q.businessId === undefined ? sql`` : sql`where b.id = ${q.businessId}`;
  return sql`
    with biz as (
      select b.id as business_id, b.business_name, b.business_type, b.category,
             coalesce(b.reservation_duration, 120) as reservation_duration,
             coalesce(b.seating_capacity, 40) as seating_capacity,
             n.local_now, n.local_now::date as today, extract(dow from n.local_now)::int as today_dow,
             floor(date_part('epoch', n.local_now) / 60)::int as now_min
      from businesses b
      cross join lateral (select ${q.now.toISOString()}::timestamptz at time zone b.time_zone as local_now) n
      ${onlyBusiness}
    ),
    spans as (
      select s.business_id, (date_part('epoch', s.first_start) / 60)::int as first_min, s.span_minutes, s.interval_minutes
      from (
        select biz.business_id, d.day, d.day + h.open_time as first_start,
               (date_part('epoch', h.close_time - h.open_time) / 60)::int as span_minutes, 0 as interval_minutes
        from biz
        join business_hours h on h.business_id = biz.business_id
        cross join lateral (select biz.today + (h.day_of_week - biz.today_dow + 7) % 7 as day) d
        where biz.business_type = 'service'
        union all
        select biz.business_id, d.day, d.day + ts.start_time,
               (date_part('epoch', ts.end_time - ts.start_time) / 60)::int, ts.interval_minutes::int
        from biz
        join restaurant_time_slots ts on ts.business_id = biz.business_id and ts.is_active
        cross join lateral (select biz.today + (ts.day_of_week - biz.today_dow + 7) % 7 as day) d
        where biz.business_type = 'restaurant'
      ) s
      where not exists (select 1 from blocked_dates bd where bd.business_id = s.business_id and bd.date = s.day)
    ),
    ends as (
      select a.business_id, ceil(date_part('epoch', a.ends_at) / 60)::int as end_min
      from biz
      join appointments a on a.business_id = biz.business_id
      where a.status in ('confirmed', 'pending') and (biz.business_type = 'restaurant' or a.exclusive)
        and tsrange(a.starts_at, a.ends_at, '[)') && tsrange(biz.local_now, biz.today + 7, '(]')
        and a.ends_at > biz.local_now and a.ends_at <= biz.today + 7
    ),
    svc as (
      select biz.*, s.id as service_id, s.name as service_name, s.duration as service_duration, s.price_cents,
             case when biz.business_type = 'restaurant' then biz.reservation_duration else s.duration end as slot_minutes
      from services s
      join biz on biz.business_id = s.business_id
      where s.deleted_at is null
    ),
    series as (
      select svc.service_id, svc.business_id, svc.business_type, svc.slot_minutes, svc.seating_capacity, svc.now_min,
             sp.first_min, st.step,
             -- the last start: a reservation starts before the span ends; a service ends by closing
             sp.first_min + st.step * case
               when svc.business_type = 'restaurant' then (sp.span_minutes + st.step - 1) / st.step - 1
               when sp.span_minutes < svc.slot_minutes then -1
               else (sp.span_minutes - svc.slot_minutes) / st.step end as last_min
      from svc
      join spans sp on sp.business_id = svc.business_id
      cross join lateral (select case when svc.business_type = 'restaurant' then sp.interval_minutes else least(30, svc.slot_minutes) end as step) st
    ),
    first_try as (
      -- each service's first start after now: the earliest candidate of all, so checked first
      select f.*, ${isFree('f')} as free
      from (
        select service_id, business_id, business_type, slot_minutes, seating_capacity, min(t) as t,
               timestamp '1970-01-01' + make_interval(mins => min(t)) as ts
        from (
          select s.*, s.first_min + s.step * case when s.now_min < s.first_min then 0 else (s.now_min - s.first_min) / s.step + 1 end as t
          from series s
        ) c
        where c.t <= c.last_min
        group by service_id, business_id, business_type, slot_minutes, seating_capacity
      ) f
    ),
    second_try as (
      -- only where that start is taken: the other spans' first starts and the starts right after bookings end
      select distinct on (r.service_id) r.service_id, r.t
      from (
        select c.*, timestamp '1970-01-01' + make_interval(mins => c.t) as ts
        from (
          select s.service_id, s.business_id, s.business_type, s.slot_minutes, s.seating_capacity, s.last_min, ft.t as taken,
                 s.first_min + s.step * case when s.now_min < s.first_min then 0 else (s.now_min - s.first_min) / s.step + 1 end as t
          from series s join first_try ft on ft.service_id = s.service_id and not ft.free
          union all
          select s.service_id, s.business_id, s.business_type, s.slot_minutes, s.seating_capacity, s.last_min, ft.t,
                 s.first_min + s.step * ((e.end_min - s.first_min + s.step - 1) / s.step)
          from series s
          join first_try ft on ft.service_id = s.service_id and not ft.free
          join ends e on e.business_id = s.business_id and e.end_min > s.first_min and e.end_min <= s.last_min
        ) c
        where c.t <= c.last_min and c.t > c.taken
        offset 0 -- keeps the check below from being pushed down into the union
      ) r
      where ${isFree('r')}
      order by r.service_id, r.t
    ),
    winners as (
      select service_id, t from first_try where free
      union all
      select service_id, t from second_try
    )
    select svc.business_id, svc.business_name, svc.business_type, svc.category, svc.service_id, svc.service_name,
           svc.service_duration, svc.price_cents, svc.slot_minutes,
           to_char(timestamp '1970-01-01' + make_interval(mins => w.t), 'YYYY-MM-DD') as date,
           to_char(timestamp '1970-01-01' + make_interval(mins => w.t), 'HH24:MI') as time
    from winners w
    join svc on svc.service_id = w.service_id
    order by w.t, svc.business_id, svc.service_id`;
}
