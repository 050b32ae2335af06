import { sql } from 'drizzle-orm';
import { RULES } from '../../../contract/rules.js';
import type { Db } from '../../db/client.js';

// The directory's reads of earliest_free_starts (DESIGN section 10): bringing the stored rows up to
// "now" (the shared rule, que_earliest_refresh) and each card's next free times.

/** An int[] parameter as PostgreSQL's array text (drizzle would spread a JS array into a row). */
const intArray = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/** Brings earliest_free_starts up to `now` (for these businesses, or all): false while rows are left. */
export async function refreshEarliest(db: Db, now: string, businessIds: number[] | null, batch: number): Promise<boolean> {
  const ids = businessIds ? sql`${intArray(businessIds)}::int[]` : sql`null::int[]`;
  const result = (await db.execute(sql`select que_earliest_refresh(${now}::timestamptz, ${ids}, ${batch}) as complete`)) as unknown as { rows: { complete: boolean }[] };
  return result.rows[0].complete;
}

type FreeTime = { serviceId: number; serviceName: string; date: string; time: string };

/**
 * The next free times of a page's businesses, in one statement: the starts of each business's soonest
 * day with any (over its live services), the first RULES.nextFreeTimesPerBusiness of them by time.
 */
export async function selectNextFreeTimes(db: Db, businessIds: number[]): Promise<Map<number, FreeTime[]>> {
  const result = (await db.execute(sql`
    select business_id, service_id, service_name, to_char(day, 'YYYY-MM-DD') as date, start as time from (
      select e.business_id, e.service_id, s.name as service_name, e.day, t.start,
        row_number() over (partition by e.business_id order by t.start, e.service_id) as n
      from earliest_free_starts e
      join services s on s.id = e.service_id
      cross join lateral unnest(e.starts) t(start)
      where e.business_id = any(${intArray(businessIds)}::int[]) and e.item is not null and s.deleted_at is null
        and e.day = (select min(d.day) from earliest_free_starts d where d.business_id = e.business_id and d.item is not null)
    ) x where n <= ${RULES.nextFreeTimesPerBusiness}
    order by business_id, n`)) as unknown as { rows: { business_id: number; service_id: number; service_name: string; date: string; time: string }[] };
  const times = new Map<number, FreeTime[]>();
  for (const r of result.rows) {
    const list = times.get(Number(r.business_id)) ?? [];
    list.push({ serviceId: Number(r.service_id), serviceName: r.service_name, date: r.date, time: r.time });
    times.set(Number(r.business_id), list);
  }
  return times;
}
