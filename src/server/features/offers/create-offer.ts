import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import { OFFER_LIFETIME_HOURS } from '../../../contract/offer-fees.js';
import type { CreateOffer, Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { forbidden, sqlCall } from '../../errors.js';
import { withZoneFallback } from '../availability/slots.repository.js';
import { offerFromView, type OfferViewJson } from './offer-view.js';

const p = (name: string) => sql.placeholder(name);

// The whole use case is one statement (migration 0008, que_offer_create): its own transaction on the pool.
const callCreate = cachedSql(
  'que_offer_create',
  sql`select que_offer_create(${p('userId')}::int, ${p('fromAppointmentId')}::int, ${p('toAppointmentId')}::int, ${p('toUserId')}::int,
        ${p('offerType')}::text, ${p('paymentMethod')}::text, ${p('offerCents')}::int, ${p('message')}::text, ${p('intent')}::text,
        ${p('temporary')}::jsonb, ${p('lifetimeHours')}::int, ${p('zone')}::text) as view`,
);

/**
 * Makes an offer and places its hold in ONE database call (que_offer_create): whose appointment it
 * is, the target's and the offer type's rules (DESIGN section 6), a restaurant's pending table, one
 * live offer per pair, the expiry, the hold (credit, or an authorized card payment of exactly the
 * total, used by no other offer) and the recipient's notification. Nothing is written unless the
 * money is held.
 */
export async function createOffer(db: Db, user: User, input: CreateOffer): Promise<Offer> {
  if (input.fromUserId !== undefined && input.fromUserId !== user.id) throw forbidden('fromUserId must be the signed-in user');
  const values = {
    userId: user.id,
    fromAppointmentId: input.fromAppointmentId ?? null,
    toAppointmentId: input.toAppointmentId,
    toUserId: input.toUserId ?? null,
    offerType: input.offerType,
    paymentMethod: input.paymentMethod,
    offerCents: input.offerAmount,
    message: input.message,
    intent: input.paymentIntentId ?? null,
    temporary: input.fromAppointmentId ? null : JSON.stringify(input.temporaryReservation ?? null),
    lifetimeHours: OFFER_LIFETIME_HOURS,
  };
  const call = (zone: string | null) => singleStatement(db, () => callCreate(db, { ...values, zone }));
  const result = (await sqlCall(withZoneFallback(db, call))) as { rows: { view: OfferViewJson }[] };
  return offerFromView(result.rows[0].view, user.id);
}
