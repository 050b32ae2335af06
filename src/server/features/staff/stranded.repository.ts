import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sqlCall } from '../../errors.js';

// What an owner change under existing bookings needs of the staff (DESIGN section 4): which bookings
// have no place as things are (staff/sql/stranded-appointments.sql: blocked dates, a restaurant's
// time slots, the members who work then), and a booking moved to another member. businesses'
// strand guard reaches them through the settlement app.ts gives it (decision 0030).

/**
 * The business's upcoming confirmed bookings that have no place where they are, by start, among
 * those the scope names (days from..to, one member's visits and visits with no member, some
 * weekdays, 0 Sunday; left out: no limit), so that a change reads only what it can touch.
 */
export async function strandedAppointmentIds(db: Db, businessId: number, now: Date, scope: { from?: string; to?: string; staffId?: number; weekdays?: number[] } = {}): Promise<number[]> {
  const weekdays = scope.weekdays ? `{${scope.weekdays.map((d) => Math.trunc(d)).join(',')}}` : null;
  const result = (await db.execute(
    sql`select que_stranded_appointments(${businessId}::int, ${now.toISOString()}::timestamptz, ${scope.from ?? null}::date, ${scope.to ?? null}::date,
                                         ${scope.staffId ?? null}::int, ${weekdays}::int[]) as ids`,
  )) as unknown as {
    rows: { ids: number[] }[];
  };
  return result.rows[0].ids.map(Number);
}

/** Moves one booking to toStaffId, else to the free member the "anyone" order picks; none free: 409, which undoes the caller's change. */
export async function reassignAppointment(db: Db, appointmentId: number, toStaffId: number | null, now: Date): Promise<void> {
  await sqlCall(db.execute(sql`select que_reassign_appointment(${appointmentId}::int, ${toStaffId}::int, ${now.toISOString()}::timestamptz)`));
}
