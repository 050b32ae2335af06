import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { User } from '../../../contract/auth.js';
import type { Appointment, createAppointmentSchema } from '../../../contract/appointments.js';
import { ErrorCode } from '../../../contract/errors.js';
import { isValidDate } from '../../../contract/time.js';
import type { Db } from '../../db/client.js';
import { sqlFunction } from '../../db/sql-function.js';
import { recoverable, singleStatement, unitOfWork } from '../../db/unit-of-work.js';
import { AppError, forbidden, sqlCall } from '../../errors.js';
import { type SlotRules, withZoneFallback } from '../availability/index.js';
import { sendBookingPayment, sentPayment } from '../deposits/index.js';
import { wakeJobRunners } from '../../jobs/job-queue.js';
import { liveEventSchema, publishLiveEvents } from '../../live-events.js';
import { toAppointment } from './appointment-view.js';
import { appointmentRowSchema } from './appointment-row.js';
import { explainRefusedSlot } from './refused-slot.js';

type BookingInput = z.infer<typeof createAppointmentSchema>;

const p = (name: string) => sql.placeholder(name);

// The whole booking is one statement (que_book_returning_events): its own
// transaction on the pool. Its live events are published once it has committed (publishLiveEvents).
const callBook = sqlFunction(
  'que_book_returning_events',
  sql`select que_book_returning_events(${p('userId')}::int, ${p('businessId')}::int, ${p('serviceId')}::int, ${p('date')}::date, ${p('time')}::text,
        ${p('partySize')}::int, ${p('notes')}::text, ${p('blockOffers')}::boolean, ${p('customerName')}::text, ${p('customerEmail')}::text,
        ${p('customerPhone')}::text, ${p('seatingPreference')}::text, ${p('occasionType')}::text, ${p('dietaryRestrictions')}::text,
        ${p('horizon')}::int, ${p('now')}::timestamptz, ${p('zone')}::text, ${p('staffId')}::int) as booked`,
  z.object({ booked: z.object({ appointment: appointmentRowSchema, events: z.array(liveEventSchema) }) }),
);

/**
 * Books a slot for the signed-in user in ONE database call (que_book): the business and service,
 * the same slot rules as the public slot list (que_day_slots), the row (the exclusion constraint
 * appointments_no_overlap is the arbiter of a service business's overlaps: 409 SLOT_TAKEN), and what
 * a booking sets off (que_booked_effects: booking credit hold, queue entry, notification, e-mail),
 * then publishes its live events.
 */
export async function bookAppointment(
  db: Db,
  user: User,
  input: BookingInput,
  rules: SlotRules,
  now?: Date,
  onPublishError?: (error: unknown) => void,
): Promise<Appointment> {
  if (input.customerId !== undefined && input.customerId !== user.id) throw forbidden('customerId must be the signed-in user');
  if (!isValidDate(input.date)) throw new AppError(ErrorCode.VALIDATION, 'date must be a valid date (YYYY-MM-DD)');
  const values = {
    userId: user.id,
    businessId: input.businessId,
    serviceId: input.serviceId ?? null,
    staffId: input.staffId ?? null,
    date: input.date,
    time: input.time,
    partySize: input.partySize ?? null,
    notes: input.notes ?? '',
    blockOffers: input.blockOffers ?? false,
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    customerPhone: input.customerPhone,
    seatingPreference: input.seatingPreference ?? null,
    occasionType: input.occasionType ?? null,
    dietaryRestrictions: input.dietaryRestrictions ?? null,
    horizon: rules.restaurantHorizonDays,
    now: now ? now.toISOString() : null,
  };
  const day = { businessId: input.businessId, date: input.date, serviceId: input.serviceId, partySize: input.partySize, rules, now };
  // In a keyed request's transaction the refusal is explained after the failed call: a savepoint keeps it readable.
  const book = (on: Db) => withZoneFallback(on, (zone) => singleStatement(on, () => callBook(on, { ...values, zone })));
  // A card sent for a deposit or card-on-file service goes with the booking, in its transaction (deposits).
  const call = (on: Db) =>
    sqlCall(sentPayment(input) ? unitOfWork(on, async (tx) => (await sendBookingPayment(tx, input), book(tx))) : book(on));
  const { appointment, events } = (await recoverable(db, call).catch((error: unknown) => explainRefusedSlot(db, error, day))).booked;
  // Batched with other requests' (publishLiveEvents, wakeJobRunners); awaited, so whoever was
  // answered has been told. The booking's follow-up job (its change, decision 0029) was added
  // without a NOTIFY, which would have made bookings commit one at a time: the runners are woken here.
  await Promise.all([publishLiveEvents(db, events, onPublishError), wakeJobRunners(db, 1, onPublishError)]);
  return toAppointment(appointment, user);
}
