import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.js';
import { RULES } from '../../../contract/rules.js';
import type { Db } from '../../db/client.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { AppError } from '../../errors.js';

// The directory's reads of earliest_free_starts (DESIGN section 10): bringing the stored rows up to
// "now" (the shared rule, que_earliest_refresh) and each card's next free times.

/** An int[] parameter as PostgreSQL's array text (drizzle would spread a JS array into a row). */
const intArray = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/** Most earliest_free_starts rows one refresh statement recomputes: a cold table (after a deploy) fills over a few statements, each well inside the statement timeout. */
export const REFRESH_BATCH = 2000;
/** Statements before giving up: 10,000 businesses from cold take about ten; only writes racing every pass could need more. */
const MAX_PASSES = 50;

/** One statement of que_earliest_refresh (for these businesses, or all): `complete` false while rows are left; `saved`, how many it wrote. */
export async function refreshEarliestOnce(db: Db, now: string, businessIds: number[] | null): Promise<{ complete: boolean; saved: number }> {
  const ids = businessIds ? sql`${intArray(businessIds)}::int[]` : sql`null::int[]`;
  const result = (await db.execute(sql`select complete, saved from que_earliest_refresh(${now}::timestamptz, ${ids}, ${REFRESH_BATCH})`)) as unknown as {
    rows: { complete: boolean; saved: number }[];
  };
  return result.rows[0];
}

/**
 * Whether any earliest_free_starts row is stale at `now` (que_earliest_refresh's condition: no
 * fresh_until, fresh_until passed, or computed for a later "now"), asked as three reads of an index's
 * end (the least fresh_until, the greatest computed_for, the last entry for a null), so a reader with nothing to bring up to now pays a few index pages.
 * Why not let que_earliest_refresh find out: its stale set is read as a bitmap of every matching index
 * entry (many rows are stale at once when a zone's shops pass a half hour), and a bitmap scan never
 * marks the index entries of the row versions those refreshes left behind as dead, so until a vacuum
 * every page read each of them and its heap page (at 100,000 businesses, 54,000 entries and 15,000
 * pages: 90-170 ms a page, issue 27). min() walks the index in order, and an ordered index scan marks
 * each dead entry it passes, so only the first reader after a burst passes them.
 */
export async function anyStaleEarliest(db: Db, now: string): Promise<boolean> {
  const result = (await db.execute(sql`select
      coalesce((select min(fresh_until) from earliest_free_starts) <= ${now}::timestamptz, false)
      or coalesce((select max(computed_for) from earliest_free_starts) > ${now}::timestamptz, false)
      -- the index's last entry (nulls sort last): an ordered read whatever the statistics say
      or exists (select 1 from (select fresh_until from earliest_free_starts order by fresh_until desc nulls first limit 1) x where x.fresh_until is null) as stale`)) as unknown as { rows: { stale: boolean }[] };
  return result.rows[0].stale;
}

/**
 * Brings earliest_free_starts up to `now` (these businesses' rows, or all) before a reader uses it,
 * in bounded statements, so a page never shows a start that was taken or misses one that was freed.
 * The one home of this loop: the directory, quick booking and a business's own listing call it
 * (the availability feature through this feature's index). A deadlock with a writer over the rows
 * being saved is retried, as every one-statement use case is.
 */
export async function refreshEarliest(db: Db, now: string, businessIds: number[] | null): Promise<void> {
  if (businessIds === null && !(await anyStaleEarliest(db, now))) return;
  for (let pass = 0; pass < MAX_PASSES; pass++) if ((await singleStatement(db, () => refreshEarliestOnce(db, now, businessIds))).complete) return;
  throw new AppError(ErrorCode.UNAVAILABLE, 'The free times are being recomputed. Please try again in a moment.');
}

type FreeTime = { serviceId: number; serviceName: string; date: string; time: string };

/**
 * The next free times of a page's businesses, in one statement: the starts of each business's soonest
 * day with any (over its live services), the first RULES.nextFreeTimesPerBusiness of them by time.
 * `day is not null` (a row has an item exactly when it has a day) rather than `item is not null`:
 * the latter matches the listing index's predicate, and with statistics from before the table filled
 * the planner read that whole index for a page's 24 businesses (1.2 s at 100,000 businesses);
 * earliest_free_starts_business_day_idx answers both lookups by business.
 */
export async function selectNextFreeTimes(db: Db, businessIds: number[]): Promise<Map<number, FreeTime[]>> {
  const result = (await db.execute(sql`
    select business_id, service_id, service_name, to_char(day, 'YYYY-MM-DD') as date, start as time from (
      select e.business_id, e.service_id, s.name as service_name, e.day, t.start,
        row_number() over (partition by e.business_id order by t.start, e.service_id) as n
      from earliest_free_starts e
      join services s on s.id = e.service_id
      cross join lateral unnest(e.starts) t(start)
      where e.business_id = any(${intArray(businessIds)}::int[]) and e.day is not null and s.deleted_at is null
        and e.day = (select min(d.day) from earliest_free_starts d where d.business_id = e.business_id and d.day is not null)
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
