import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * What a customer's deposits hold on their card now (DESIGN section 11): the deposits of their
 * appointments not yet settled (posted, refunded or kept). Reads their appointments' payment rows
 * through the customer index, so it costs their bookings under a deposit policy, not everyone's.
 */
export async function depositsHeldCents(db: Db, userId: number): Promise<number> {
  const result = (await db.execute(sql`
    select coalesce(sum(p.deposit_cents), 0)::int as held
      from appointments a join appointment_payments p on p.appointment_id = a.id and p.policy = 'deposit'
     where a.customer_id = ${userId}::int
       and not exists (select 1 from appointment_charges c where c.appointment_id = a.id and c.kind = 'deposit')`)) as unknown as { rows: { held: number }[] };
  return Number(result.rows[0]?.held ?? 0);
}
