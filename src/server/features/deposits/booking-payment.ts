import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** The card a booking sent (DESIGN section 11): a deposit's authorized payment, or a saved card for fees. */
export interface BookingPayment {
  paymentIntentId?: string;
  paymentMethodId?: string;
}

export const sentPayment = (input: BookingPayment) => input.paymentIntentId !== undefined || input.paymentMethodId !== undefined;

/**
 * Hands the booking's card to the booking's transaction (the setting que.booking_payment, local to
 * it), where the trigger of deposits/sql/take-booking-payment.sql takes the deposit or checks the
 * saved card as the appointment is inserted: so the booking function keeps its arguments, and a
 * payment refused rolls the whole booking back (402, slot not taken). Call inside that transaction.
 */
export async function sendBookingPayment(tx: Db, input: BookingPayment): Promise<void> {
  const sent = JSON.stringify({ paymentIntentId: input.paymentIntentId ?? null, paymentMethodId: input.paymentMethodId ?? null });
  await tx.execute(sql`select set_config('que.booking_payment', ${sent}, true)`);
}
