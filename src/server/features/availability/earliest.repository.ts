import { sql } from 'drizzle-orm';
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

/**
 * The earliest free start, per live service, over the 7 days from each business's local today,
 * in ONE statement: per service a lateral subquery walks the week's candidate starts in time order
 * and stops at the first one nothing conflicts with (same rules as slot-engine.ts, party size 1).
 * Candidates: each weekday's hours (service) or active time slots (restaurant) land on exactly one
 * day of the coming week, (dow - today's dow + 7) % 7 days from today.
 */
export async function findEarliest(db: Db, q: { now: Date; businessId?: number }): Promise<EarliestRow[]> {
  const onlyBusiness = q.businessId === undefined ? sql`` : sql`where b.id = ${q.businessId}`;
  const result = await db.execute(sql`
    with biz as (
      select b.id as business_id, b.business_name, b.business_type, b.category,
             coalesce(b.reservation_duration, 120) as reservation_duration,
             coalesce(b.seating_capacity, 40) as seating_capacity,
             (${q.now.toISOString()}::timestamptz at time zone b.time_zone) as local_now
      from businesses b ${onlyBusiness}
    ),
    svc as (
      select biz.*, s.id as service_id, s.name as service_name, s.duration as service_duration, s.price_cents,
             biz.local_now::date as today,
             extract(dow from biz.local_now)::int as today_dow,
             case when biz.business_type = 'restaurant' then biz.reservation_duration else s.duration end as slot_minutes
      from services s join biz on biz.business_id = s.business_id
      where s.deleted_at is null
    )
    select svc.business_id, svc.business_name, svc.business_type, svc.category, svc.service_id, svc.service_name,
           svc.service_duration, svc.price_cents, svc.slot_minutes,
           to_char(first.starts_at, 'YYYY-MM-DD') as date, to_char(first.starts_at, 'HH24:MI') as time
    from svc
    cross join lateral (
      select c.starts_at from (
        select gs as starts_at
        from business_hours h
        cross join lateral (select svc.today + (h.day_of_week - svc.today_dow + 7) % 7 as day) d
        cross join lateral generate_series(
          d.day + h.open_time,
          d.day + h.close_time - make_interval(mins => svc.slot_minutes),
          make_interval(mins => least(30, svc.slot_minutes))) gs
        where svc.business_type = 'service' and h.business_id = svc.business_id and gs > svc.local_now
          and not exists (select 1 from blocked_dates bd where bd.business_id = svc.business_id and bd.date = d.day)
        union
        select gs
        from restaurant_time_slots ts
        cross join lateral (select svc.today + (ts.day_of_week - svc.today_dow + 7) % 7 as day) d
        cross join lateral generate_series(
          d.day + ts.start_time,
          d.day + ts.end_time - interval '1 minute',
          make_interval(mins => ts.interval_minutes::int)) gs
        where svc.business_type = 'restaurant' and ts.business_id = svc.business_id and ts.is_active and gs > svc.local_now
          and not exists (select 1 from blocked_dates bd where bd.business_id = svc.business_id and bd.date = d.day)
        order by 1
        offset 0
      ) c
      where case when svc.business_type = 'service' then not exists (
          select 1 from appointments a
          where a.business_id = svc.business_id and a.exclusive and a.status in ('confirmed', 'pending')
            and tsrange(a.starts_at, a.ends_at, '[)') && tsrange(c.starts_at, c.starts_at + make_interval(mins => svc.slot_minutes), '[)'))
        else (
          -- seats only rise where a reservation starts: the peak is at the candidate or at such a start
          select coalesce(max((
            select sum(a2.party_size) from appointments a2
            where a2.business_id = svc.business_id and a2.status in ('confirmed', 'pending')
              and tsrange(a2.starts_at, a2.ends_at, '[)') @> m.moment)), 0)
          from (
            select c.starts_at as moment
            union all
            select a.starts_at from appointments a
            where a.business_id = svc.business_id and a.status in ('confirmed', 'pending')
              and a.starts_at > c.starts_at and a.starts_at < c.starts_at + make_interval(mins => svc.slot_minutes)
          ) m
        ) + 1 <= svc.seating_capacity
        end
      limit 1
    ) first
    order by first.starts_at, svc.business_id, svc.service_id`);
  return (result as unknown as { rows: EarliestRow[] }).rows;
}
