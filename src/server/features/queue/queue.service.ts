import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { QueueEntry } from '../../../contract/live.js';
import type { Db } from '../../db/client.js';
import { forbidden, unauthenticated } from '../../errors.js';
import { todayIn } from '../../time/business-time.js';
import { getBusiness, requireOwnedBusiness } from '../businesses/index.js';
import * as queueRepository from './queue.repository.js';
import { toQueueEntry } from './queue-view.js';

const RECENT_FINISHED = 5;

const dayFilter = (businessId: number, date: string) =>
  sql`q.business_id = ${businessId} and q.starts_at >= ${date}::date and q.starts_at < ${date}::date + 1`;

// Rows come by start time; active ones go first, keeping that order. Positions count within each
// member's line (1, 1, 2, ... at a shop of several), so start time is the one order across lines;
// within one line it is the position order.
const byPosition = (a: QueueEntry, b: QueueEntry) => Number(a.queuePosition === null) - Number(b.queuePosition === null);

/** One entry shaped for a viewer (the live socket layer loads each pushed entry through this). */
export async function loadQueueEntryFor(db: Db, entryId: number, viewer: User | null, now = new Date()): Promise<QueueEntry | null> {
  const [row] = await queueRepository.rankedEntries(db, sql`q.id = ${entryId}`);
  return row ? toQueueEntry(row, viewer, now) : null;
}

/**
 * For the live layer: an entry (whatever its state) and the active line of one business-day,
 * ranked, in one statement; it shapes each row per viewer itself (toQueueEntry).
 */
export async function loadEntryAndDayLine(db: Db, entryId: number, day: { businessId: number; date: string } | null) {
  const filter = day ? sql`q.id = ${entryId} or (${dayFilter(day.businessId, day.date)} and q.status in ('waiting', 'called'))` : sql`q.id = ${entryId}`;
  const rows = await queueRepository.rankedEntries(db, filter);
  return { entry: rows.find((r) => r.id === entryId) ?? null, dayLine: day ? rows.filter((r) => r.businessId === day.businessId && r.date === day.date) : [] };
}

/**
 * The slot queue view: the active entries of one service on a business-day, ranked among all of
 * that day's active entries. Public; only the viewer's own rows (or all, for the owner) say whose.
 */
export async function listSlotQueue(db: Db, viewer: User | null, q: { businessId: number; serviceId: number; date: string }): Promise<QueueEntry[]> {
  await getBusiness(db, q.businessId);
  const rows = await queueRepository.rankedEntries(db, sql`${dayFilter(q.businessId, q.date)} and q.service_id = ${q.serviceId} and q.status in ('waiting', 'called')`);
  const now = new Date();
  return rows.map((r) => toQueueEntry(r, viewer, now)).sort(byPosition);
}

/** A customer's own entries: active ones first (soonest first), then up to 5 recently finished. */
export async function listCustomerQueue(db: Db, viewer: User | null, userId: number): Promise<QueueEntry[]> {
  if (!viewer) throw unauthenticated();
  if (viewer.id !== userId) throw forbidden('You can only see your own queue entries');
  const rows = await queueRepository.rankedEntries(
    db,
    sql`q.customer_id = ${userId} and (q.status in ('waiting', 'called') or q.id in (
      select f.id from queue_entries f where f.customer_id = ${userId} and f.status in ('served', 'cancelled')
      order by f.updated_at desc, f.id desc limit ${RECENT_FINISHED}))`,
  );
  const now = new Date();
  const entries = rows.map((r) => toQueueEntry(r, viewer, now));
  return [...entries.filter((e) => e.queuePosition !== null), ...entries.filter((e) => e.queuePosition === null).reverse()];
}

/**
 * The owner's line for today in the business's own zone: active entries by start time (each
 * carries its position in its member's line), then the finished ones.
 */
export async function listBusinessToday(db: Db, viewer: User | null, businessId: number, now: Date = new Date()): Promise<QueueEntry[]> {
  const business = await requireOwnedBusiness(db, viewer, businessId);
  const rows = await queueRepository.rankedEntries(db, dayFilter(businessId, todayIn(business.timeZone, now)));
  return rows.map((r) => toQueueEntry(r, viewer, now)).sort(byPosition);
}
