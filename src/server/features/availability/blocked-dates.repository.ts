import { and, asc, eq, gte } from 'drizzle-orm';
import type { BlockedDate } from '../../../contract/availability.js';
import type { Db } from '../../db/client.js';
import { blockedDates } from '../../db/schema.js';

const columns = { id: blockedDates.id, businessId: blockedDates.businessId, date: blockedDates.date, reason: blockedDates.reason };
const toBlockedDate = (row: { id: number; businessId: number; date: string; reason: string }): BlockedDate => ({ ...row, isAvailable: false });

export async function listFrom(db: Db, businessId: number, fromDate: string): Promise<BlockedDate[]> {
  const rows = await db
    .select(columns)
    .from(blockedDates)
    .where(and(eq(blockedDates.businessId, businessId), gte(blockedDates.date, fromDate)))
    .orderBy(asc(blockedDates.date));
  return rows.map(toBlockedDate);
}

/** null when that date is already blocked. */
export async function insertBlockedDate(db: Db, values: { businessId: number; date: string; reason: string }): Promise<BlockedDate | null> {
  const [row] = await db.insert(blockedDates).values(values).onConflictDoNothing().returning(columns);
  return row ? toBlockedDate(row) : null;
}

export async function findBlockedDate(db: Db, id: number): Promise<BlockedDate | null> {
  const [row] = await db.select(columns).from(blockedDates).where(eq(blockedDates.id, id)).limit(1);
  return row ? toBlockedDate(row) : null;
}

export async function deleteBlockedDate(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(blockedDates).where(eq(blockedDates.id, id)).returning({ id: blockedDates.id });
  return rows.length > 0;
}
