import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * The payment consequences of a cancel or release (DESIGN section 11), in the caller's transaction:
 * on time (late false) the deposit is refunded and no fee charged; late, the business keeps the
 * deposit and the late-cancel fee is charged to the card on file. Once per appointment: a second
 * call, either way, changes nothing (appointment_charges' unique key). For the waitlist's release:
 * on time when someone claimed the slot, late when nobody did before the start.
 */
export async function cancelPaymentConsequences(tx: Db, appointmentId: number, late: boolean): Promise<void> {
  await tx.execute(sql`select que_cancel_payment_consequences(${appointmentId}::int, ${late}::boolean)`);
}
