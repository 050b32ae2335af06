import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { singleStatement, unitOfWork } from '../../db/unit-of-work.js';
import { ErrorCode } from '../../../contract/errors.js';
import { AppError } from '../../errors.js';

// Each live service's earliest free start in the coming week is kept in earliest_free_starts and
// computed only by the slot rules' SQL (que_earliest_entry, que_earliest_start over
// que_day_slots). This file reads it in one statement: rows still fresh for this
// "now" are used as stored; the others (new, changed since by a trigger-raised version, computed for
// a later "now", or whose first start has begun) are recomputed, saved and used.

const p = (name: string) => sql.placeholder(name);

/** Most rows one statement recomputes: a cold table (after a deploy) fills over a few statements, each well inside the statement timeout. */
export const REFRESH_BATCH = 2000;
const batch = sql.raw(String(REFRESH_BATCH));

/** A stored row may be used as it is: same version, computed for a "now" not after this one, first start not yet begun. */
const trusted = sql`c.computed_version = c.version and c.computed_for <= ${p('now')}::timestamptz`;
const fresh = sql`${trusted} and ${p('now')}::timestamptz < c.fresh_until`;
/**
 * The rows not fresh (NOT fresh, its nulls read as false), spelt with indexed columns only (migration
 * 0015) so finding the few stale rows reads no others: a new row and a row whose version moved have
 * no fresh_until (que_earliest_invalidate clears it).
 */
const stale = sql`(c.fresh_until is null or c.fresh_until <= ${p('now')}::timestamptz or c.computed_for > ${p('now')}::timestamptz)`;

/**
 * The listing's items as JSON, comma-separated and soonest first (EarliestAppointment), built by the database, and
 * whether it is complete: with more than REFRESH_BATCH rows to recompute, it recomputes and saves
 * that many and answers complete = false, and the caller asks again. `only` narrows it to one
 * business. A recomputed row is saved only if its version has not moved since this statement's
 * snapshot (a change committed meanwhile keeps it stale), in service order, as the triggers lock.
 */
function listingStatement(only: SQL | null): SQL {
  // string_agg over an ordered subquery, not string_agg(… ORDER BY …): PostgreSQL 15 sorts an
  // ordered aggregate's input itself, carrying all 4 MB of items through a sort that spills past
  // work_mem, even though earliest_free_starts_listing_idx already yields that order. So when
  // nothing was recomputed (the usual case: the refresher keeps rows fresh) the items come straight
  // from the index in order, with no sort; otherwise the stored and recomputed rows are sorted
  // together. A plain aggregate takes its subquery's rows in order; earliest.test.ts holds it.
  const where = (more: SQL) => (only ? sql`where ${only} and ${more}` : sql`where ${more}`);
  const storedRows = sql`select c.start_local, c.business_id, c.service_id, c.item from earliest_free_starts c ${where(sql`${fresh} and c.item is not null`)}`;
  return sql`
    with ${recomputeStale(only)},
    complete as (select count(*) <= ${batch} as complete from stale)
    select k.complete,
      case
        when not k.complete then null
        when not exists (select 1 from redo where item is not null) then
          (select string_agg(s.item, ',') from (${storedRows} order by c.start_local, c.business_id, c.service_id) s)
        else
          (select string_agg(i.item, ',') from (
            ${storedRows}
            union all
            select start_local, business_id, service_id, item from redo where item is not null
            order by start_local, business_id, service_id
          ) i)
      end as items
    from complete k`;
}

/**
 * The CTEs `stale` (every row this "now" may not use as stored, of the rows `only` allows), `redo`
 * (the first REFRESH_BATCH of them recomputed) and `saved` (those written back, unless a change
 * committed meanwhile moved their version).
 */
function recomputeStale(only: SQL | null): SQL {
  const where = (more: SQL) => (only ? sql`where ${only} and ${more}` : sql`where ${more}`);
  return sql`
    stale as materialized (
      select c.service_id, c.version, case when ${trusted} then c.day end as day, case when ${trusted} then c.starts end as starts
      from earliest_free_starts c
      ${where(stale)}
    ),
    redo as materialized (
      select x.service_id, x.version, e.*
      from (select * from stale order by service_id limit ${batch}) x
      cross join lateral que_earliest_entry(x.service_id, ${p('now')}::timestamptz, x.day, x.starts) e
    ),
    saved as (
      insert into earliest_free_starts as c (service_id, business_id, version, computed_version, computed_for, fresh_until, day, starts, start_local, item)
      select r.service_id, r.business_id, r.version, r.version, ${p('now')}::timestamptz, r.fresh_until, r.day, r.starts, r.start_local, r.item
      from redo r
      order by r.service_id
      on conflict (service_id) do update set
        business_id = excluded.business_id, computed_version = excluded.computed_version, computed_for = excluded.computed_for,
        fresh_until = excluded.fresh_until, day = excluded.day, starts = excluded.starts, start_local = excluded.start_local, item = excluded.item
      where c.version = excluded.version
      returning c.service_id
    )`;
}

const selectListing = cachedSql('earliest_listing', listingStatement(null));
const selectBusinessListing = cachedSql('earliest_listing_business', listingStatement(sql`c.business_id = ${p('businessId')}::int`));

type Listing = { rows: { complete: boolean; items: string | null }[] };

// Ahead of readers (earliest-refresher.ts): the same recompute, for one process at a time. The lock
// is the transaction's, so a killed process cannot keep it. The recompute is a statement of its own
// after the lock, so its snapshot already holds what the previous holder saved: taken in one
// statement, the snapshot could predate a refresh that committed just before the lock was granted,
// and both would redo the same rows.
const refreshTurn = cachedSql('earliest_refresh_turn', sql`select pg_try_advisory_xact_lock(hashtext('que:earliest-refresh')) as mine`);
const refreshStatement = cachedSql(
  'earliest_refresh',
  sql`
    with ${recomputeStale(null)}
    select (select count(*) from saved)::int as saved, (select count(*) > ${batch} from stale) as more`,
);

/**
 * Recomputes and saves up to REFRESH_BATCH rows that a reader at `now` could not use as stored; `more`
 * says rows are left. Another process refreshing at the same moment makes this one do nothing.
 */
export async function refreshStaleEarliest(db: Db, now: Date): Promise<{ saved: number; more: boolean }> {
  return unitOfWork(db, async (tx) => {
    const [turn] = ((await refreshTurn(tx, {})) as { rows: { mine: boolean }[] }).rows;
    if (!turn.mine) return { saved: 0, more: false };
    return ((await refreshStatement(tx, { now: now.toISOString() })) as { rows: { saved: number; more: boolean }[] }).rows[0];
  });
}

/** Passes before giving up: 10,000 businesses from cold take about ten; only writes racing every pass could need more. */
const MAX_PASSES = 50;

/**
 * Asks until the listing is complete (more than once only while many rows are being recomputed: each
 * pass leaves fewer stale rows); a deadlock with a writer over the rows being saved is retried, as
 * every one-statement use case is.
 */
async function untilComplete(db: Db, run: () => Promise<unknown>): Promise<string> {
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const [row] = ((await singleStatement(db, run)) as Listing).rows;
    // the brackets are added here: in SQL each would copy the whole text once more
    if (row.complete) return `[${row.items ?? ''}]`;
  }
  throw new AppError(ErrorCode.UNAVAILABLE, 'The earliest appointments are being recomputed. Please try again in a moment.');
}

/** Every business's items, soonest first, as JSON text (what GET /api/earliest-appointments sends). */
export function earliestListingJson(db: Db, now: Date): Promise<string> {
  return untilComplete(db, () => selectListing(db, { now: now.toISOString() }));
}

/** One business's items, soonest first, as JSON text. */
export function businessEarliestJson(db: Db, businessId: number, now: Date): Promise<string> {
  return untilComplete(db, () => selectBusinessListing(db, { now: now.toISOString(), businessId }));
}
