import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Where a row stands in a list sorted by a time column, newest first, ties broken by id: the time
 * as PostgreSQL holds it, to the microsecond ('YYYY-MM-DDTHH:MM:SS.ffffff', in UTC for an instant),
 * and the id. Text, not a JavaScript Date: a Date keeps milliseconds only, and a key rounded down
 * would hand out the last row of a page again on the next one.
 */
export interface PageKey {
  at: string;
  id: number;
}

/** A page as a use case returns it: its rows, and where the next page starts (null: this is the last). */
export interface Page<T> {
  items: T[];
  next: PageKey | null;
}

/** Rows read with one more than the page holds: the extra one only says that another page exists. */
export function cutPage<R>(rows: R[], limit: number, keyOf: (row: R) => PageKey): Page<R> {
  if (rows.length <= limit) return { items: rows, next: null };
  const items = rows.slice(0, limit);
  return { items, next: keyOf(items[items.length - 1]) };
}

/**
 * Keyset paging over (time, id), newest first (DESIGN section 10: no OFFSET). The list's index must
 * hold (owner, time, id), so `before` is an index condition and a page reads only its own rows
 * whatever came before it; rows added meanwhile sort ahead of the cursor and never shift the next page.
 */
export function newestFirst(time: PgColumn, id: PgColumn) {
  return keysetOver(time, id, 'newest');
}

/** The same keyset paging, oldest first (a waitlist's day, in the order it is offered in). */
export function oldestFirst(time: PgColumn, id: PgColumn) {
  return keysetOver(time, id, 'oldest');
}

function keysetOver(time: PgColumn, id: PgColumn, first: 'newest' | 'oldest') {
  const instant = (time as PgColumn & { withTimezone?: boolean }).withTimezone === true;
  const wallClock = instant ? sql`${time} at time zone 'UTC'` : sql`${time}`;
  const timeOf = (key: PageKey) => (instant ? sql`(${key.at}::timestamp at time zone 'UTC')` : sql`${key.at}::timestamp`);
  const newest = first === 'newest';
  return {
    /** Select this beside the row: its key's time. */
    keyTime: sql<string>`to_char(${wallClock}, 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
    /** Rows after the cursor in the list's order (none: from the start). */
    after: (key: PageKey | undefined): SQL | undefined =>
      key ? (newest ? sql`(${time}, ${id}) < (${timeOf(key)}, ${key.id})` : sql`(${time}, ${id}) > (${timeOf(key)}, ${key.id})`) : undefined,
    orderBy: newest ? ([desc(time), desc(id)] as const) : ([asc(time), asc(id)] as const),
  };
}

/** Two lists of one order (a person's sent and received offers), merged into one page of `limit` + 1. */
export function mergeNewestFirst<R extends { keyTime: string; id: number }>(limit: number, ...lists: R[][]): R[] {
  const newer = (a: R, b: R) => (a.keyTime === b.keyTime ? b.id - a.id : a.keyTime < b.keyTime ? 1 : -1);
  return lists.flat().sort(newer).slice(0, limit + 1);
}
