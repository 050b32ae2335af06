import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';

import type { CreateOffer, Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { sqlFunction } from '../../db/sql-function.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { forbidden, sqlCall } from '../../errors.js';
import { withZoneFallback } from '../availability/index.js';
import { offerFromView, offerViewRow } from './offer-view.js';
import { RULES } from '../../../contract/rules.js';

const p = (name: string) => sql.placeholder(name);

// The whole use case is one statement (que_offer_create): its own transaction on the pool.
const callCreate = sqlFunction(
  'que_offer_create',
  sql`select que_offer_create(${p('userId')}::int, ${p('fromAppointmentId')}::int, ${p('toAppointmentId')}::int, ${p('toUserId')}::int,
        ${p('offerType')}::text, ${p('paymentMethod')}::text, ${p('offerCents')}::int, ${p('message')}::text, ${p('intent')}::text,
        ${p('temporary')}::jsonb, ${p('lifetimeHours')}::int, ${p('zone')}::text) as view`,
  offerViewRow,
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
    lifetimeHours: RULES.offerLifetimeHours,
  };
  const call = (zone: string | null) => singleStatement(db, () => callCreate(db, { ...values, zone }));
  return offerFromView((await sqlCall(withZoneFallback(db, call))).view, user.id);
}
