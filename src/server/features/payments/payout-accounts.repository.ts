import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { businesses, paymentActions, payoutAccounts, users } from '../../db/schema.js';
import { schedulePaymentJob } from './payment-actions.repository.js';
import type { PayoutOwner, ProcessorAccountStatus } from './payment-processor.js';

export interface PayoutAccountRow {
  id: number;
  processorRef: string;
  status: ProcessorAccountStatus;
}

const ownerIs = (owner: PayoutOwner) => (owner.kind === 'user' ? eq(payoutAccounts.userId, owner.id) : eq(payoutAccounts.businessId, owner.id));
const columns = { id: payoutAccounts.id, processorRef: payoutAccounts.processorRef, status: payoutAccounts.status };

export async function findPayoutAccount(db: Db, owner: PayoutOwner): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select(columns).from(payoutAccounts).where(ownerIs(owner));
  return row as PayoutAccountRow | undefined;
}

/** The owner's account, recording `processorRef` unless a racing request recorded one first (then that one). */
export async function recordPayoutAccount(db: Db, owner: PayoutOwner, processorRef: string): Promise<PayoutAccountRow> {
  await db
    .insert(payoutAccounts)
    .values({ processorRef, ...(owner.kind === 'user' ? { userId: owner.id } : { businessId: owner.id }) })
    .onConflictDoNothing();
  return (await findPayoutAccount(db, owner))!;
}

export async function setPayoutAccountStatus(db: Db, id: number, status: ProcessorAccountStatus): Promise<void> {
  await db.update(payoutAccounts).set({ status, updatedAt: sql`now()` }).where(eq(payoutAccounts.id, id));
}

/** Where an owner's payouts go: their connected account once it is ready, else none (the payout waits). */
export async function readyAccountRef(db: Db, owner: PayoutOwner): Promise<string | null> {
  const [row] = await db.select({ ref: payoutAccounts.processorRef }).from(payoutAccounts).where(and(ownerIs(owner), eq(payoutAccounts.status, 'ready')));
  return row?.ref ?? null;
}

/** The user's e-mail (prefills Stripe's forms) and the businesses they own, each with its payout account if any. */
export async function payoutOwnersOf(db: Db, userId: number) {
  const [[user], owned] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
    db
      .select({ id: businesses.id, name: businesses.businessName, email: businesses.email, status: payoutAccounts.status })
      .from(businesses)
      .leftJoin(payoutAccounts, eq(payoutAccounts.businessId, businesses.id))
      .where(eq(businesses.ownerId, userId))
      .orderBy(asc(businesses.id)),
  ]);
  return { email: user?.email ?? null, businesses: owned as { id: number; name: string; email: string; status: ProcessorAccountStatus | null }[] };
}

/**
 * An owner's payouts that waited for their account are due now rather than at their job's next
 * hourly try (decision 0009): the account just became ready. Each payment's job is added again for
 * now (payment-jobs.sql: one waiting job per payment, a running one left to finish).
 */
export async function bringWaitingPayoutsForward(db: Db, owner: PayoutOwner): Promise<void> {
  const recipient = owner.kind === 'user' ? eq(paymentActions.userId, owner.id) : eq(paymentActions.businessId, owner.id);
  const waiting = await db
    .selectDistinct({ paymentIntentId: paymentActions.paymentIntentId, offerId: paymentActions.offerId })
    .from(paymentActions)
    .where(and(eq(paymentActions.kind, 'payout'), recipient, eq(paymentActions.status, 'pending')));
  for (const payment of waiting) await schedulePaymentJob(db, payment, new Date());
}

/** What was paid out to an owner so far and what waits, in cents (their payout actions: done, pending). */
export async function payoutTotals(db: Db, owner: PayoutOwner): Promise<{ paidOutCents: number; waitingCents: number }> {
  const recipient = owner.kind === 'user' ? eq(paymentActions.userId, owner.id) : eq(paymentActions.businessId, owner.id);
  const [row] = await db
    .select({
      paidOut: sql<string>`coalesce(sum(${paymentActions.amountCents}) filter (where ${paymentActions.status} = 'done'), 0)`,
      waiting: sql<string>`coalesce(sum(${paymentActions.amountCents}) filter (where ${paymentActions.status} = 'pending'), 0)`,
    })
    .from(paymentActions)
    .where(and(eq(paymentActions.kind, 'payout'), recipient));
  return { paidOutCents: Number(row?.paidOut ?? 0), waitingCents: Number(row?.waiting ?? 0) };
}
