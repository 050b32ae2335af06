import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { offers } from '../../db/schema.js';

/** Who made an offer (the payer), or null when there is no such offer. Credits reads only this of offers. */
export async function findOfferPayer(db: Db, offerId: number): Promise<{ fromUserId: number } | null> {
  const [row] = await db.select({ fromUserId: offers.fromUserId }).from(offers).where(eq(offers.id, offerId)).limit(1);
  return row ?? null;
}
