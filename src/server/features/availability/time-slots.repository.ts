import { asc, eq } from 'drizzle-orm';
import type { TimeSlot } from '../../../contract/availability.js';
import type { Db } from '../../db/client.js';
import { restaurantTimeSlots } from '../../db/schema.js';

export type TimeSlotValues = Omit<TimeSlot, 'id'>;

const columns = {
  id: restaurantTimeSlots.id,
  businessId: restaurantTimeSlots.businessId,
  dayOfWeek: restaurantTimeSlots.dayOfWeek,
  startTime: restaurantTimeSlots.startTime,
  endTime: restaurantTimeSlots.endTime,
  intervalMinutes: restaurantTimeSlots.intervalMinutes,
  isActive: restaurantTimeSlots.isActive,
};
const toTimeSlot = (row: TimeSlot): TimeSlot => ({ ...row, startTime: row.startTime.slice(0, 5), endTime: row.endTime.slice(0, 5) });

export async function listByBusiness(db: Db, businessId: number): Promise<TimeSlot[]> {
  const rows = await db
    .select(columns)
    .from(restaurantTimeSlots)
    .where(eq(restaurantTimeSlots.businessId, businessId))
    .orderBy(asc(restaurantTimeSlots.dayOfWeek), asc(restaurantTimeSlots.startTime), asc(restaurantTimeSlots.id));
  return rows.map(toTimeSlot);
}

export async function findTimeSlot(db: Db, id: number): Promise<TimeSlot | null> {
  const [row] = await db.select(columns).from(restaurantTimeSlots).where(eq(restaurantTimeSlots.id, id)).limit(1);
  return row ? toTimeSlot(row) : null;
}

export async function insertTimeSlot(db: Db, values: TimeSlotValues): Promise<TimeSlot> {
  const [row] = await db.insert(restaurantTimeSlots).values(values).returning(columns);
  return toTimeSlot(row);
}

export async function updateTimeSlot(db: Db, id: number, values: Omit<TimeSlotValues, 'businessId'>): Promise<TimeSlot | null> {
  const [row] = await db.update(restaurantTimeSlots).set(values).where(eq(restaurantTimeSlots.id, id)).returning(columns);
  return row ? toTimeSlot(row) : null;
}

export async function deleteTimeSlot(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(restaurantTimeSlots).where(eq(restaurantTimeSlots.id, id)).returning({ id: restaurantTimeSlots.id });
  return rows.length > 0;
}
