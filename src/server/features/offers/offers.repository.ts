import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { LIVE_OFFER_STATUSES } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { appointments, offers } from '../../db/schema.js';

export type OfferRow = typeof offers.$inferSelect;

export async function findOffer(db: Db, id: number): Promise<OfferRow | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).limit(1);
  return row ?? null;
}

/** Locks the offer until the transaction ends: every change to one offer takes its turn. */
export async function lockOffer(db: Db, id: number): Promise<OfferRow | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).for('update');
  return row ?? null;
}

export async function updateOffer(db: Db, id: number, values: Partial<Omit<OfferRow, 'id' | 'createdAt'>>): Promise<OfferRow> {
  const [row] = await db.update(offers).set({ ...values, updatedAt: sql`now()` }).where(eq(offers.id, id)).returning();
  return row;
}

export async function listOffersOfUser(db: Db, userId: number): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(or(eq(offers.fromUserId, userId), eq(offers.toUserId, userId)))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(200);
}

/** Live offers past their expiry, claimed so that several processes never take the same one. */
export async function claimExpiredOffers(db: Db, limit: number): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(and(inArray(offers.status, [...LIVE_OFFER_STATUSES]), lte(offers.expiresAt, sql`now()`)))
    .orderBy(offers.expiresAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** What the escrow accounts of a payer's live and accepted-but-unsettled offers hold (pending and posted). */
export async function escrowHeldForPayer(db: Db, userId: number): Promise<number> {
  const result = (await db.execute(sql`
    select coalesce(sum(la.credits_pending + la.credits_posted - la.debits_posted), 0)::bigint as held
    from ${offers} o join ledger_accounts la on la.kind = 'offer_escrow' and la.offer_id = o.id
    where o.from_user_id = ${userId} and (o.status in ('pending', 'negotiating') or (o.status = 'accepted' and o.escrow_status = 'held'))`)) as unknown as {
    rows: { held: string | number }[];
  };
  return Number(result.rows[0]?.held ?? 0);
}

/** Accepted offers that will pay this user once both appointments are completed. */
export async function unsettledIncoming(db: Db, userId: number): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(and(eq(offers.toUserId, userId), eq(offers.status, 'accepted'), eq(offers.escrowStatus, 'held')));
}

/** Accepted offers between appointments of one business, newest first. */
export async function acceptedOffersOfBusiness(db: Db, businessId: number): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(and(eq(offers.status, 'accepted'), sql`${offers.toAppointmentId} in (select id from ${appointments} where business_id = ${businessId})`))
    .orderBy(desc(offers.acceptedAt))
    .limit(500);
}
