import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { User } from '../../../contract/auth.js';
import type { Appointment, createAppointmentSchema } from '../../../contract/appointments.js';
import { ErrorCode } from '../../../contract/errors.js';
import { isValidDate } from '../../../contract/time.js';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { AppError, forbidden, sqlCall } from '../../errors.js';
import { DEFAULT_SLOT_RULES, type SlotRules } from '../availability/available-slots.js';
import { withZoneFallback } from '../availability/slots.repository.js';
import { type LiveEvent, publishLiveEvents } from '../live/publish.js';
import { toAppointment } from './appointment-view.js';
import type { AppointmentRow } from './appointments.repository.js';
import { explainRefusedSlot } from './refused-slot.js';

type BookingInput = z.infer<typeof createAppointmentSchema>;

const p = (name: string) => sql.placeholder(name);

// The whole booking is one statement (migrations 0007 and 0010, que_book_returning_events): its own
// transaction on the pool. Its live events are published once it has committed (publishLiveEvents).
const callBook = cachedSql(
  'que_book_returning_events',
  sql`select que_book_returning_events(${p('userId')}::int, ${p('businessId')}::int, ${p('serviceId')}::int, ${p('date')}::date, ${p('time')}::text,
        ${p('partySize')}::int, ${p('notes')}::text, ${p('blockOffers')}::boolean, ${p('customerName')}::text, ${p('customerEmail')}::text,
        ${p('customerPhone')}::text, ${p('seatingPreference')}::text, ${p('occasionType')}::text, ${p('dietaryRestrictions')}::text,
        ${p('horizon')}::int, ${p('now')}::timestamptz, ${p('zone')}::text) as booked`,
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
  rules: SlotRules = DEFAULT_SLOT_RULES,
  now?: Date,
  onPublishError?: (error: unknown) => void,
): Promise<Appointment> {
  if (input.customerId !== undefined && input.customerId !== user.id) throw forbidden('customerId must be the signed-in user');
  if (!isValidDate(input.date)) throw new AppError(ErrorCode.VALIDATION, 'date must be a valid date (YYYY-MM-DD)');
  const values = {
    userId: user.id,
    businessId: input.businessId,
    serviceId: input.serviceId ?? null,
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
  const result = (await sqlCall(withZoneFallback(db, (zone) => singleStatement(db, () => callBook(db, { ...values, zone })))).catch((error: unknown) =>
    explainRefusedSlot(db, error, day),
  )) as {
    rows: { booked: { appointment: AppointmentRow; events: LiveEvent[] } }[];
  };
  const { appointment, events } = result.rows[0].booked;
  // Batched with other requests' (publishLiveEvents); awaited, so whoever was answered has been told.
  await publishLiveEvents(db, events, onPublishError);
  return toAppointment(appointment, user);
}
