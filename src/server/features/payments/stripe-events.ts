import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { RULES } from '../../../contract/rules.js';
import type { Db } from '../../db/client.js';
import { paymentIntents, payoutAccounts, stripeEvents } from '../../db/schema.js';
import type { PaymentProcessor, ProcessorAccountStatus } from './payment-processor.js';
import { markSavedCardDeclined } from './payment-intents.repository.js';
import { bringWaitingPayoutsForward } from './payout-accounts.repository.js';
import { saveStripeCard } from './save-card-with-stripe.js';

/** The job que_stripe_event_received adds for each new event (sql/stripe-events.sql). */
export const STRIPE_EVENT_JOB = 'payments_stripe_event';

/** Our payment a Stripe PaymentIntent is: by its id, or by our id in its metadata (a fee whose charge failed has no id of Stripe's on our row). */
const ourIntent = (intent: Stripe.PaymentIntent) =>
  and(eq(paymentIntents.processor, 'stripe'), or(eq(paymentIntents.processorRef, intent.id), eq(paymentIntents.id, intent.metadata?.que_intent_id ?? '')));

/**
 * Brings our payment row to what Stripe says happened, never backwards: captured (succeeded), an
 * authorization confirmed in the browser (requires_capture), cancelled, or a fee's off-session charge
 * declined (its row, made authorized by que_charge_saved_card, goes back to unpaid, and the fee's
 * ledger transfer is reversed with it: markSavedCardDeclined).
 */
async function reconcileIntent(db: Db, type: string, intent: Stripe.PaymentIntent) {
  const set = { updatedAt: sql`now()` };
  if (type === 'payment_intent.succeeded') {
    await db.update(paymentIntents).set({ ...set, status: 'succeeded', capturedCents: sql`coalesce(${paymentIntents.capturedCents}, least(${intent.amount_received}, ${paymentIntents.amountCents}))` })
      .where(and(ourIntent(intent), inArray(paymentIntents.status, ['requires_payment_method', 'requires_capture'])));
  } else if (type === 'payment_intent.amount_capturable_updated' && intent.status === 'requires_capture') {
    await db.update(paymentIntents).set({ ...set, status: 'requires_capture' }).where(and(ourIntent(intent), eq(paymentIntents.status, 'requires_payment_method')));
  } else if (type === 'payment_intent.canceled') {
    await db.update(paymentIntents).set({ ...set, status: 'canceled' }).where(and(ourIntent(intent), inArray(paymentIntents.status, ['requires_payment_method', 'requires_capture'])));
  } else if (type === 'payment_intent.payment_failed') {
    await markSavedCardDeclined(db, ourIntent(intent));
  }
}

/** A connected account Stripe enabled or restricted: its payouts go on, or wait (payouts.service.ts reads the same fields). */
async function reconcileAccount(db: Db, account: Stripe.Account) {
  const status: ProcessorAccountStatus =
    account.details_submitted === true && account.payouts_enabled === true && account.capabilities?.transfers === 'active' ? 'ready' : 'pending';
  const [changed] = await db
    .update(payoutAccounts)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(payoutAccounts.processorRef, account.id), sql`${payoutAccounts.status} <> ${status}`))
    .returning({ userId: payoutAccounts.userId, businessId: payoutAccounts.businessId });
  if (!changed || status !== 'ready') return;
  await bringWaitingPayoutsForward(db, changed.userId !== null ? { kind: 'user', id: changed.userId } : { kind: 'business', id: changed.businessId! });
}

/**
 * The job of one Stripe event (stripe-webhook.routes.ts kept it): reconciles what it tells, then marks
 * it handled. Every step is safe to repeat, so a runner killed half-way leaves nothing the job's next
 * run cannot finish; an event of a type Que does not follow is only marked.
 */
export async function handleStripeEvent(db: Db, processor: PaymentProcessor, eventId: string, log?: FastifyBaseLogger) {
  const [row] = await db.select().from(stripeEvents).where(and(eq(stripeEvents.id, eventId), isNull(stripeEvents.handledAt)));
  if (!row) return;
  const event = row.payload as Stripe.Event;
  if (event.type.startsWith('payment_intent.')) {
    await reconcileIntent(db, event.type, event.data.object as Stripe.PaymentIntent);
  } else if (event.type === 'setup_intent.succeeded') {
    // The card is recorded even when the browser closed before telling us (saved once either way).
    const saved = await saveStripeCard(db, processor, (event.data.object as Stripe.SetupIntent).id, null);
    if (!saved) log?.warn({ eventId }, 'Stripe setup_intent.succeeded for a SetupIntent Que did not make; ignored');
  } else if (event.type === 'account.updated') {
    await reconcileAccount(db, event.data.object as Stripe.Account);
  }
  await db.update(stripeEvents).set({ handledAt: sql`now()` }).where(eq(stripeEvents.id, eventId));
}

/** The moment before which handled events go, at `now` (RULES.stripeEventRetentionDays). */
export const stripeEventRetentionCutoff = (now: Date) => new Date(now.getTime() - RULES.stripeEventRetentionDays * 86_400_000);

/**
 * The retention purge: handled events received before `before`. An event not yet handled stays, however
 * old: its job still needs it. Returns how many went.
 */
export async function purgeHandledStripeEvents(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(stripeEvents).where(and(isNotNull(stripeEvents.handledAt), lt(stripeEvents.receivedAt, before))).returning({ id: stripeEvents.id });
  return gone.length;
}
