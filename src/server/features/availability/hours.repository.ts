import { asc, eq } from 'drizzle-orm';
import type { DayHours } from '../../../contract/availability.js';
import type { Db } from '../../db/client.js';
import { businessHours } from '../../db/schema.js';

const toDayHours = (row: { dayOfWeek: number; openTime: string; closeTime: string }): DayHours => ({
  dayOfWeek: row.dayOfWeek,
  openTime: row.openTime.slice(0, 5),
  closeTime: row.closeTime.slice(0, 5),
});

export async function listHours(db: Db, businessId: number): Promise<DayHours[]> {
  const rows = await db
    .select({ dayOfWeek: businessHours.dayOfWeek, openTime: businessHours.openTime, closeTime: businessHours.closeTime })
    .from(businessHours)
    .where(eq(businessHours.businessId, businessId))
    .orderBy(asc(businessHours.dayOfWeek));
  return rows.map(toDayHours);
}

/** Call inside a transaction: the week is replaced as a whole. */
export async function replaceHours(db: Db, businessId: number, hours: DayHours[]): Promise<void> {
  await db.delete(businessHours).where(eq(businessHours.businessId, businessId));
  if (hours.length) await db.insert(businessHours).values(hours.map((h) => ({ ...h, businessId })));
}
