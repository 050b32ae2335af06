import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { sqlCall } from '../../errors.js';
import { userCreditAccount } from '../credits/credits.service.js';
import {
  AccountKind, type Asset, findTransfers, getOrCreateAccount, transfer,
} from '../ledger/ledger.service.js';
import { requestPayout, requestRefund } from '../payments/payments.service.js';
import * as paymentsLookup from './offer-payments.repository.js';
import type { OfferRow } from './offers.repository.js';
import { payerOf, splitOf } from './offer-rules.js';

// The money of one offer, all through the ledger (DESIGN section 5): holds from the payer into the
// offer's escrow account, posted when the offer is accepted, paid out or refunded when it settles.

export const EscrowCode = { hold: 'offer_hold', release: 'offer_release', refund: 'offer_refund', fee: 'offer_fee' } as const;

const assetOf = (offer: OfferRow): Asset => (offer.paymentMethod === 'credits' ? 'CREDIT' : 'USD');

async function payerAccount(tx: Db, offer: OfferRow) {
  const userId = payerOf(offer);
  if (offer.paymentMethod === 'credits') return userCreditAccount(tx, userId);
  // Card money enters here: the payer's card funding account goes negative by what was charged.
  return getOrCreateAccount(tx, { kind: AccountKind.userCard, asset: 'USD', userId, noOverdraft: false });
}

const escrowAccount = (tx: Db, offer: OfferRow) =>
  getOrCreateAccount(tx, { kind: AccountKind.offerEscrow, asset: assetOf(offer), offerId: offer.id, noOverdraft: true });

const p = (name: string) => sql.placeholder(name);

// Holding is SQL, once (que_offer_hold, migration 0008), which an offer's one call uses too.
const callHold = cachedSql('que_offer_hold', sql`select que_offer_hold(${p('offerId')}::int, ${p('amount')}::int, ${p('intent')}::text) as claimed`);
const selectHeld = cachedSql('que_offer_held', sql`select que_offer_held(${p('offerId')}::int) as held`);

/**
 * Holds `amountCents` more for the offer: from the payer's Que Credit (INSUFFICIENT_CREDIT when
 * short), or from an authorized card payment of exactly that amount that no other offer uses.
 * Returns the claimed payment's id.
 */
export async function holdForOffer(tx: Db, offer: OfferRow, amountCents: number, paymentIntentId?: string | null): Promise<string | null> {
  const result = (await sqlCall(callHold(tx, { offerId: offer.id, amount: amountCents, intent: paymentIntentId ?? null }))) as { rows: { claimed: string | null }[] };
  return result.rows[0].claimed;
}

/** What the offer's open holds keep in escrow (que_offer_held). */
export async function heldCents(tx: Db, offer: Pick<OfferRow, 'id'>): Promise<number> {
  const result = (await selectHeld(tx, { offerId: offer.id })) as { rows: { held: number | string }[] };
  return Number(result.rows[0].held);
}

/** Both appointments are done: the escrow goes to the other customer, the business and the platform. */
export async function releaseEscrow(tx: Db, offer: OfferRow, businessId: number): Promise<void> {
  const split = splitOf(offer);
  const asset = assetOf(offer);
  const escrow = await escrowAccount(tx, offer);
  const recipient =
    asset === 'CREDIT'
      ? await userCreditAccount(tx, offer.toUserId)
      : await getOrCreateAccount(tx, { kind: AccountKind.userEarnings, asset, userId: offer.toUserId, noOverdraft: true });
  const business = await getOrCreateAccount(tx, { kind: AccountKind.businessFees, asset, businessId, noOverdraft: false });
  const platform = await getOrCreateAccount(tx, { kind: AccountKind.platformFees, asset, noOverdraft: false });
  const legs: [number, number, string, string][] = [
    [recipient.id, split.recipientCents, EscrowCode.release, `Received for swapping your appointment (offer #${offer.id})`],
    [business.id, split.businessFeeCents, EscrowCode.fee, `Business fee for offer #${offer.id}`],
    [platform.id, split.platformFeeCents, EscrowCode.fee, `Platform fee for offer #${offer.id}`],
  ];
  for (const [accountId, amount, code, description] of legs) {
    if (amount > 0) await transfer(tx, { debitAccountId: escrow.id, creditAccountId: accountId, amount, asset, code, description, offerId: offer.id });
  }
  if (asset === 'USD') await requestPayout(tx, { offerId: offer.id, userId: offer.toUserId, amountCents: split.recipientCents });
}

/** An accepted offer whose swap did not get used (an appointment was cancelled): the payer gets it all back. */
export async function refundEscrow(tx: Db, offer: OfferRow): Promise<void> {
  const total = splitOf(offer).totalCents;
  const [escrow, payer] = [await escrowAccount(tx, offer), await payerAccount(tx, offer)];
  await transfer(tx, {
    debitAccountId: escrow.id,
    creditAccountId: payer.id,
    amount: total,
    asset: assetOf(offer),
    code: EscrowCode.refund,
    description: `Refunded: an appointment of offer #${offer.id} was cancelled before both were completed`,
    offerId: offer.id,
  });
  if (offer.paymentMethod === 'cash') {
    const rows = await findTransfers(tx, { offerId: offer.id });
    const holds = rows.filter((r) => r.flags === 'pending' && r.code === EscrowCode.hold);
    const intents = await paymentsLookup.intentsOfOffer(tx, offer.id);
    for (const [i, hold] of holds.entries()) {
      const captured = rows.filter((r) => r.flags === 'post_pending' && r.pendingId === hold.id).reduce((sum, r) => sum + r.amount, 0);
      if (captured > 0 && intents[i]) await requestRefund(tx, { paymentIntentId: intents[i].id, offerId: offer.id, amountCents: captured });
    }
  }
}
