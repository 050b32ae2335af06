import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StaffMember } from '../../../contract/staff.js';
import type { Db } from '../../db/client.js';
import { businesses, services, staffHours, staffMembers, staffTimeOff } from '../../db/schema.js';
import { singleStatement } from '../../db/unit-of-work.js';

const columns = {
  id: staffMembers.id,
  businessId: staffMembers.businessId,
  name: staffMembers.name,
  bio: staffMembers.bio,
  active: staffMembers.active,
  position: staffMembers.position,
  serviceIds: staffMembers.serviceIds,
  ownHours: staffMembers.ownHours,
};
export type MemberRow = { id: number; businessId: number; name: string; bio: string; active: boolean; position: number; serviceIds: number[]; ownHours: boolean };

export async function findMember(db: Db, id: number): Promise<MemberRow | null> {
  const [row] = await db.select(columns).from(staffMembers).where(eq(staffMembers.id, id)).limit(1);
  return row ?? null;
}

/** The business's members in the owner's order; active ones only unless `all`. */
export async function listMembers(db: Db, businessId: number, all: boolean): Promise<MemberRow[]> {
  return db
    .select(columns)
    .from(staffMembers)
    .where(all ? eq(staffMembers.businessId, businessId) : and(eq(staffMembers.businessId, businessId), eq(staffMembers.active, true)))
    .orderBy(asc(staffMembers.position), asc(staffMembers.id));
}

/** Members with their own hours (null: the business's) and time off: two reads for any number of members. */
export async function withSchedules(db: Db, members: MemberRow[]): Promise<StaffMember[]> {
  const ids = members.map((m) => m.id);
  if (!ids.length) return [];
  const [hours, timeOff] = await Promise.all([
    db.select().from(staffHours).where(inArray(staffHours.staffId, ids)).orderBy(asc(staffHours.dayOfWeek), asc(staffHours.openTime)),
    db.select().from(staffTimeOff).where(inArray(staffTimeOff.staffId, ids)).orderBy(asc(staffTimeOff.startDate), asc(staffTimeOff.id)),
  ]);
  return members.map(({ ownHours, ...m }) => ({
    ...m,
    hours: ownHours
      ? hours.filter((h) => h.staffId === m.id).map((h) => ({ dayOfWeek: h.dayOfWeek, openTime: h.openTime.slice(0, 5), closeTime: h.closeTime.slice(0, 5) }))
      : null,
    timeOff: timeOff.filter((t) => t.staffId === m.id).map((t) => ({ id: t.id, startDate: t.startDate, endDate: t.endDate, reason: t.reason })),
  }));
}

/** Takes turns on the business row with bookings and other staff changes (positions, deactivation). */
export async function lockBusiness(db: Db, businessId: number): Promise<void> {
  await db.execute(sql`select 1 from ${businesses} where ${businesses.id} = ${businessId} for no key update`);
}

/** Call under lockBusiness: the new member goes last in the owner's order. */
export async function insertMember(db: Db, values: { businessId: number; name: string; bio: string; serviceIds: number[] }): Promise<MemberRow> {
  const [row] = await db
    .insert(staffMembers)
    .values({
      ...values,
      position: sql`(select coalesce(max(${staffMembers.position}), 0) + 1 from ${staffMembers} where ${staffMembers.businessId} = ${values.businessId})`,
    })
    .returning(columns);
  return row;
}

export async function updateMember(db: Db, id: number, values: Partial<Pick<MemberRow, 'name' | 'bio' | 'serviceIds' | 'position' | 'active'>>): Promise<void> {
  if (Object.keys(values).length) await db.update(staffMembers).set(values).where(eq(staffMembers.id, id));
}

/** Of these ids, the ones that are not live services of the business. */
export async function foreignServiceIds(db: Db, businessId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: services.id })
    .from(services)
    .where(and(inArray(services.id, ids), eq(services.businessId, businessId), isNull(services.deletedAt)));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** Call inside a transaction: the member's week is replaced whole; null returns them to the business's hours. */
export async function replaceHours(db: Db, staffId: number, hours: { dayOfWeek: number; openTime: string; closeTime: string }[] | null): Promise<void> {
  await db.delete(staffHours).where(eq(staffHours.staffId, staffId));
  if (hours?.length) await db.insert(staffHours).values(hours.map((h) => ({ ...h, staffId })));
  await db.update(staffMembers).set({ ownHours: hours !== null }).where(eq(staffMembers.id, staffId));
}

export async function insertTimeOff(db: Db, values: { staffId: number; startDate: string; endDate: string; reason: string }) {
  const [row] = await db.insert(staffTimeOff).values(values).returning();
  return { id: row.id, startDate: row.startDate, endDate: row.endDate, reason: row.reason };
}

/** The days the removed entry covered, or null when the member has no such entry. */
export async function deleteTimeOff(db: Db, staffId: number, id: number): Promise<{ startDate: string; endDate: string } | null> {
  const [row] = await db
    .delete(staffTimeOff)
    .where(and(eq(staffTimeOff.id, id), eq(staffTimeOff.staffId, staffId)))
    .returning({ startDate: staffTimeOff.startDate, endDate: staffTimeOff.endDate });
  return row ?? null;
}


/** One statement, retried like any writer's when PostgreSQL aborted it for a deadlock (singleStatement). */
export async function deactivate(db: Db, staffId: number, reassign: boolean, now: Date): Promise<number> {
  const result = (await singleStatement(db, () =>
    db.execute(sql`select que_deactivate_staff(${staffId}::int, ${reassign}::boolean, ${now.toISOString()}::timestamptz) as n`),
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0].n);
}
