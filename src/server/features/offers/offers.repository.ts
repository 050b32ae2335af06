import { and, desc, eq, getTableColumns, inArray, lte, or, sql } from 'drizzle-orm';
import { LIVE_OFFER_STATUSES } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { mergeNewestFirst, newestFirst, type PageKey } from '../../db/keyset.js';
import { appointments, offers, users } from '../../db/schema.js';

export type OfferRow = typeof offers.$inferSelect;

export async function findOffer(db: Db, id: number): Promise<OfferRow | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).limit(1);
  return row ?? null;
}

const offerPages = newestFirst(offers.createdAt, offers.id);

/**
 * One page of the offers a user sent or received, newest first, and one more if there is another
 * page: the sent and the received are each read in index order (offers_from_user_idx,
 * offers_to_user_idx) and merged, so a page reads at most twice its size whatever the history.
 */
export async function pageOffersOfUser(db: Db, userId: number, limit: number, after?: PageKey): Promise<(OfferRow & { keyTime: string })[]> {
  const side = (party: typeof offers.fromUserId | typeof offers.toUserId) =>
    db
      .select({ ...getTableColumns(offers), keyTime: offerPages.keyTime })
      .from(offers)
      .where(and(eq(party, userId), offerPages.after(after)))
      .orderBy(...offerPages.orderBy)
      .limit(limit + 1);
  const [sent, received] = await Promise.all([side(offers.fromUserId), side(offers.toUserId)]);
  return mergeNewestFirst(limit, sent, received);
}

/**
 * The offers on an appointment whose money cancelling it decides: live ones (cancelling ends them and
 * returns the hold) and accepted ones whose escrow is still held (settled when both visits are done).
 */
export async function openOffersOnAppointment(db: Db, appointmentId: number): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(
      and(
        or(eq(offers.fromAppointmentId, appointmentId), eq(offers.toAppointmentId, appointmentId)),
        or(inArray(offers.status, [...LIVE_OFFER_STATUSES]), and(eq(offers.status, 'accepted'), eq(offers.escrowStatus, 'held'))),
      ),
    )
    .orderBy(desc(offers.createdAt), desc(offers.id));
}

/** How offer parties are named to each other (que_public_name: "Alice S.", '' without a profile name), by user id. */
export async function publicNamesOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: sql<string>`coalesce(que_public_name(${users.fullName}), '')` })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Live offers past their expiry, claimed so that several processes never take the same one. */
export async function claimExpiredOffers(db: Db, limit: number): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(and(inArray(offers.status, [...LIVE_OFFER_STATUSES]), lte(offers.expiresAt, sql`now()`)))
    .orderBy(offers.expiresAt)
    .limit(limit)
    // NO KEY UPDATE (what the expiry's own UPDATE takes), not UPDATE: a row inserted meanwhile that
    // refers to the offer (a notice, a payment) holds KEY SHARE on it, which UPDATE conflicts with,
    // so the sweep skipped a due offer while its follow-up job ran and left it live.
    .for('no key update', { skipLocked: true });
}

/** The offer, locked, when it is live and past its expiry (its expiry job); undefined once it has ended otherwise. */
export async function lockExpiredOffer(db: Db, offerId: number): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), inArray(offers.status, [...LIVE_OFFER_STATUSES]), lte(offers.expiresAt, sql`now()`)))
    .for('update');
  return row;
}

/**
 * What a user's open offers amount to (GET /api/wallet): what the escrow accounts of the offers they
 * pay for hold while live or accepted and unsettled (pending and posted), and what accepted,
 * unsettled offers will pay them: the split recorded at acceptance, which settlement pays. Only open
 * offers are read (offers_open_payer_idx, offers_unsettled_recipient_idx: the predicates below are
 * theirs), and each escrow account by its unique key, so closed and settled history costs nothing.
 */
export async function openOfferTotals(db: Db, userId: number): Promise<{ heldCents: number; incomingCents: number }> {
  const result = (await db.execute(openOfferTotalsQuery(userId))) as unknown as { rows: { held: string | number; incoming: string | number }[] };
  const row = result.rows[0];
  return { heldCents: Number(row?.held ?? 0), incomingCents: Number(row?.incoming ?? 0) };
}

/** The statement openOfferTotals sends (bench/history-growth.ts shows its plan). */
export function openOfferTotalsQuery(userId: number) {
  return sql`
    select
      (select coalesce(sum(la.credits_pending + la.credits_posted - la.debits_posted), 0)::bigint
         from ${offers} o
         join ledger_accounts la
           on la.kind = 'offer_escrow' and la.asset in ('USD', 'CREDIT')
          and coalesce(la.user_id, 0) = 0 and coalesce(la.business_id, 0) = 0 and coalesce(la.offer_id, 0) = o.id
        where o.from_user_id = ${userId}
          and (o.status in ('pending', 'negotiating') or (o.status = 'accepted' and o.escrow_status = 'held'))) as held,
      (select coalesce(sum(o.recipient_cents), 0)::bigint
         from ${offers} o
        where o.to_user_id = ${userId} and o.status = 'accepted' and o.escrow_status = 'held') as incoming`;
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

/** The change log's follower (decisions 0029, 0040), run in the change's follow statement: the offer_changed pushes a change causes (que_offer_change_pushes). */
export const offerChangePushes = { sql: sql`que_offer_change_pushes(c)` };
