import { sql } from 'drizzle-orm';
import { RULES } from '../../../contract/rules.js';
import type { Db } from '../../db/client.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function release(db: Db, key: string | null, userId: number | null, unclaimedMinutes: number | null): Promise<number> {
  const result = await db.execute(
    sql`select que_release_unclaimed_intents(${key}::text, ${userId}::int, ${unclaimedMinutes}::int) as released`,
  );
  return Number(rowsOf<{ released: number }>(result)[0]?.released ?? 0);
}

/**
 * The card payment a refused request brought (an offer, a counter, an accepted counter), when no
 * offer claims it: its authorization is cancelled with the processor by its cancel
 * action's job, so the payer's card is not left held (DESIGN section 4). Run once the request's own
 * transaction has ended. Returns how many were released (0 or 1).
 */
export const releaseRefusedIntent = (db: Db, userId: number, idOrClientSecret: string) => release(db, idOrClientSecret, userId, null);

/** Every authorized card payment left unclaimed for RULES.unclaimedCardHoldMinutes: the recurring job (payment-jobs.ts). */
export const releaseUnclaimedIntents = (db: Db) => release(db, null, null, RULES.unclaimedCardHoldMinutes);
