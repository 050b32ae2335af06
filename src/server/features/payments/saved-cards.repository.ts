import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentCustomers, paymentMethods, users } from '../../db/schema.js';
import { randomAlphanumeric } from './random-ids.js';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export async function findPaymentMethod(db: Db, id: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}

/** The user's Stripe Customer and e-mail (prefills Stripe's records), if they have one yet. */
export async function customerOf(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, customerRef: paymentCustomers.processorRef })
    .from(users)
    .leftJoin(paymentCustomers, eq(paymentCustomers.userId, users.id))
    .where(eq(users.id, userId));
  return { email: row?.email ?? null, customerRef: row?.customerRef ?? null };
}

/** Records the user's customer unless a racing request recorded one first (then that one). */
export async function recordCustomer(db: Db, userId: number, processorRef: string): Promise<string> {
  await db.insert(paymentCustomers).values({ userId, processorRef }).onConflictDoNothing();
  const [row] = await db.select({ ref: paymentCustomers.processorRef }).from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
  return row!.ref;
}

export interface NewStripeCard {
  userId: number;
  setupRef: string;
  processorRef: string;
  customerRef: string;
  brand: string;
  last4: string;
}

/** The card a SetupIntent saved, recorded once whoever records it first (the browser's request or the webhook's job). */
export async function recordStripeCard(db: Db, card: NewStripeCard): Promise<PaymentMethodRow> {
  await db
    .insert(paymentMethods)
    .values({ id: `pm_${randomAlphanumeric(24)}`, processor: 'stripe', ...card })
    .onConflictDoNothing({ target: paymentMethods.setupRef });
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.setupRef, card.setupRef));
  return row!;
}
