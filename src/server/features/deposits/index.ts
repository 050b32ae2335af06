// What the deposits feature offers the rest of the app (decision 0017; DESIGN section 11). Its SQL
// (take-booking-payment.sql, settle-payments.sql) takes a booking's deposit or saved card and settles
// them when the appointment ends; que_cancel_payment_consequences(appointment, late) is public for
// whoever ends a booking by a cancel or release (the waitlist): on time refunds, late keeps and charges.
export { type BookingPayment, sendBookingPayment, sentPayment } from './booking-payment.js';
export { cancelPaymentConsequences } from './cancel-consequences.js';
export { depositsHeldCents } from './deposits-held.js';
