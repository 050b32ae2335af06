import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { offers, paymentActions } from '../../db/schema.js';
import { sqlCall } from '../../errors.js';
import { type Client, type SwapParties, swapParties } from '../appointments/test-fixtures.js';
import type { NewAction } from './payment-actions.repository.js';

export { swapParties };

/**
 * An offer row as the offers feature would write it, so payments can be tested before that feature
 * exists. Declined, so any number of them fit one pair of appointments; payments ignores the status.
 */
export async function insertOffer(db: Db, parties: SwapParties, offerCents = 2500): Promise<number> {
  const [row] = await db
    .insert(offers)
    .values({
      fromUserId: parties.payer.user.id,
      toUserId: parties.payee.user.id,
      fromAppointmentId: parties.payerAppointmentId,
      toAppointmentId: parties.payeeAppointmentId,
      offerType: 'queue_jump',
      paymentMethod: 'cash',
      feeKind: 'service',
      offerCents,
      status: 'declined',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: offers.id });
  return row.id;
}

/** A card intent of `client` for `amount` dollars, confirmed with the authorizing test card. */
export async function authorizedIntent(client: Client, amount: number): Promise<{ paymentIntentId: string; clientSecret: string }> {
  const created = await client.post('/api/create-payment-intent', { amount });
  expect(created.statusCode).toBe(200);
  const { paymentIntentId, clientSecret } = created.json();
  expect((await client.post(`/api/payment-intents/${paymentIntentId}/confirm`, { cardNumber: '4242424242424242' })).statusCode).toBe(200);
  return { paymentIntentId, clientSecret };
}

/**
 * Records work for the processor in the caller's transaction, as the offer SQL functions do; the
 * unique index on (kind, intent, offer) makes a repeat a no-op.
 */
export async function queueAction(tx: Db, action: NewAction): Promise<void> {
  await tx
    .insert(paymentActions)
    .values({ ...action, paymentIntentId: action.paymentIntentId ?? null, offerId: action.offerId ?? null, userId: action.userId ?? null })
    .onConflictDoNothing();
}

export interface ClaimInput {
  /** The intent's id or its clientSecret (SPEC's client sends the latter). */
  idOrClientSecret: string;
  userId: number;
  amountCents: number;
  offerId: number;
}

const p = (name: string) => sql.placeholder(name);

// The rule is SQL, once (que_claim_intent): the app claims only inside an offer's one call (que_offer_hold);
// tests call it alone through here.
const callClaim = cachedSql(
  'que_claim_intent',
  sql`select que_claim_intent(${p('key')}::text, ${p('userId')}::int, ${p('amountCents')}::int, ${p('offerId')}::int) as id`,
);

/**
 * Binds the payer's authorized card intent (exactly this amount, used by no other offer) to an
 * offer, in the offer's transaction. Exactly one of several offers claiming one intent wins; the
 * rest get VALIDATION (400) saying why (one message for unknown and someone else's, so ids cannot
 * be probed). Claiming again for the same offer (a retried request) returns the same intent.
 */
export async function claimAuthorizedIntent(tx: Db, input: ClaimInput): Promise<{ id: string }> {
  const result = (await sqlCall(callClaim(tx, { key: input.idOrClientSecret, userId: input.userId, amountCents: input.amountCents, offerId: input.offerId }))) as {
    rows: { id: string }[];
  };
  return { id: result.rows[0].id };
}
