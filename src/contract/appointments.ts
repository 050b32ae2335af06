import { z } from 'zod';
import { appointmentReviewSchema } from './reviews.js';
import { dateField, timeField } from './availability.js';
import { discoveryFilterFields, isoDate, pageFields } from './businesses.js';
import { TIME_PATTERN } from './time.js';
import { idParam, jsonId, jsonInteger } from './numbers.js';
import { phoneField } from './phone.js';
import { singleLineText } from './text.js';

import { appointmentStatuses, occasionTypes, seatingPreferences } from './appointment-choices.js';

export { appointmentStatuses, occasionTypes, seatingPreferences };


const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.union([z.literal(''), z.enum(values, `${label} must be one of: ${values.join(', ')}`)]).optional().nullable();

/** The customer's contact details: the web form and the server use these same rules (name and phone on one line, the phone a real number). */
export const contactSchema = z.object({
  customerName: singleLineText('Full name is required').min(1, 'Full name is required').max(120, 'Full name must be at most 120 characters'),
  customerEmail: z.string('Email is required').trim().min(1, 'Email is required').max(254, 'Email is too long').pipe(z.email('Invalid email address')),
  // Checked with libphonenumber-js and stored in E.164 (phone.ts).
  customerPhone: phoneField('Phone'),
  notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional().default(''),
  blockOffers: z.boolean('Block offers must be checked or unchecked').optional().default(false),
});

export const restaurantExtrasSchema = z.object({
  partySize: jsonInteger('Party size must be a number', 'Party size must be a whole number').min(1, 'Party size must be at least 1').max(1000, 'Party size is too large').optional(),
  seatingPreference: optionalChoice(seatingPreferences, 'Seating preference'),
  occasionType: optionalChoice(occasionTypes, 'Occasion'),
  dietaryRestrictions: z.string().trim().max(500, 'Dietary restrictions must be at most 500 characters').optional().nullable(),
});

export const createAppointmentSchema = z.object({
  customerId: z.number().int().optional(),
  businessId: jsonId('businessId'),
  serviceId: jsonId('serviceId').optional(),
  /** The staff member asked for (DESIGN section 9); without it, anyone free then. */
  staffId: jsonId('staffId').optional(),
  date: dateField('date'),
  time: timeField('time'),
  /** Accepted for compatibility; the duration always comes from the service. */
  duration: z.unknown().optional(),
  ...contactSchema.shape,
  ...restaurantExtrasSchema.shape,
  /** A deposit service (DESIGN section 11): the authorized card payment of exactly the deposit. */
  paymentIntentId: z.string('paymentIntentId must be a string').trim().min(1, 'paymentIntentId must not be empty').max(200).optional(),
  /** A card-on-file service: the saved card (POST /api/payment-methods) its fees are charged to. */
  paymentMethodId: z.string('paymentMethodId must be a string').trim().min(1, 'paymentMethodId must not be empty').max(200).optional(),
});
export type CreateAppointmentInput = z.input<typeof createAppointmentSchema>;

export const updateAppointmentSchema = z.union(
  [
    z.object({ status: z.literal('cancelled') }).strict(),
    z
      .object({
        date: dateField('date'),
        time: timeField('time'),
        /** Who serves it from then on (DESIGN section 9): that member by name, or null for anyone free (its member kept when free); absent, as it was booked. */
        staffId: jsonId('staffId').nullable().optional(),
      })
      .strict(),
  ],
  'Send {"status":"cancelled"} to cancel or {"date","time"} (and optionally "staffId") to reschedule',
);

export const listAppointmentsQuerySchema = z.object({
  businessId: idParam('businessId').optional(),
  serviceId: idParam('serviceId').optional(),
  date: dateField('date').optional(),
  status: z.enum(appointmentStatuses, `status must be one of: ${appointmentStatuses.join(', ')}`).optional(),
});

export const restaurantReservationsQuerySchema = z.object({
  restaurantId: idParam('restaurantId'),
  date: dateField('date'),
});

/** Others' appointments carry no personal data; the owner and the customer see everything. */
export const depositStatuses = ['held', 'posted', 'refunded', 'kept'] as const;
export const depositSchema = z.object({ amount: z.string(), status: z.enum(depositStatuses) });
export type Deposit = z.infer<typeof depositSchema>;
const cardFeeKinds = z.array(z.enum(['no_show_fee', 'late_cancel_fee']));
/** A card kept on file: its fees, those charged, and those the card declined (not charged, reversed on the ledger). */
export const cardFeesSchema = z.object({ noShowFee: z.string(), lateCancelFee: z.string(), charged: cardFeeKinds, declined: cardFeeKinds });
export type CardFees = z.infer<typeof cardFeesSchema>;

export const appointmentSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  serviceId: z.number().int(),
  customerId: z.number().int().nullable(),
  date: z.string(),
  time: z.string(),
  duration: z.number().int(),
  price: z.string(),
  status: z.enum(appointmentStatuses),
  partySize: z.number().int(),
  blockOffers: z.boolean(),
  isMine: z.boolean(),
  createdAt: z.string(),
  serviceName: z.string(),
  businessName: z.string(),
  businessType: z.enum(['service', 'restaurant']),
  /** The business's IANA zone: date and time are its wall clock, and screens say so from another zone. */
  timeZone: z.string(),
  notes: z.string().nullable(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  seatingPreference: z.string().nullable(),
  occasionType: z.string().nullable(),
  dietaryRestrictions: z.string().nullable(),
  /** The cut-offs of the policies it was booked under (DESIGN section 9); null: any time before the start. */
  cancelCutoffMinutes: z.number().int().nullable(),
  rescheduleCutoffMinutes: z.number().int().nullable(),
  /** Whether its business takes swap offers now (the swap market switch). */
  swapMarket: z.boolean(),
  /** Who serves it (DESIGN section 9): null for a restaurant's table. staffRequested: the customer chose them by name. */
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  staffRequested: z.boolean(),
  /** Its customer's review, if written (only its customer sees it; null for everyone else). */
  review: appointmentReviewSchema.nullable(),
  /**
   * For its customer, a completed visit not yet reviewed: the last instant it may be reviewed (DESIGN
   * section 10: 30 days after completion; in the past once that has gone by); else null.
   */
  reviewableUntil: z.string().nullable(),
  /** When the customer confirmed they will come, by a reminder's link (DESIGN section 11); the customer and the owner see it, else null. */
  customerConfirmedAt: z.string().nullable(),
  /** Its deposit (DESIGN section 11): held at booking, then posted (completed), refunded (cancelled in time) or kept (late cancel, no-show); null without one. */
  deposit: depositSchema.nullable(),
  /** A card kept on file (DESIGN section 11): the fees it may be charged, and those charged (once each); null without one. */
  cardFees: cardFeesSchema.nullable(),
  /** A waitlist hold (status held, DESIGN section 11): the instant it ends unless claimed; else null. */
  heldUntil: z.string().nullable().optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const restaurantReservationSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int().nullable(),
  time: z.string(),
  partySize: z.number().int(),
  seatingPreference: z.string().nullable(),
  isMine: z.boolean(),
});

export const earliestAppointmentSchema = z.object({
  /** timeZone: the business's IANA zone, whose wall clock `date` and `time` are on. */
  business: z.object({
    id: z.number().int(), businessName: z.string(), businessType: z.enum(['service', 'restaurant']), category: z.string(), timeZone: z.string(),
    /** In GET /api/earliest-appointments only: the verified reviews' average (null: "New") and count. */
    ratingAverage: z.number().nullable().optional(),
    ratingCount: z.number().int().optional(),
  }),
  service: z.object({ id: z.number().int(), serviceName: z.string(), duration: z.number().int(), price: z.string() }),
  date: z.string(),
  time: z.string(),
  duration: z.number().int(),
  /**
   * Only in GET /api/earliest-appointments: the service's free starts on `date` ("HH:MM", the business's
   * clock, ascending), at most five; `time` is the first. Asked a `time`, those at or after it, the
   * nearest first; asked a `partySize`, those that seat the party. Each books in one tap.
   */
  times: z.array(z.string()).optional(),
  /** Only in GET /api/earliest-appointments asked `near` a point: great-circle kilometres from it, one decimal. */
  distanceKm: z.number().optional(),
});
export type EarliestAppointment = z.infer<typeof earliestAppointmentSchema>;

/** GET /api/earliest-appointments (DESIGN section 10): the same filters, a day and a time, soonest first. */
export const listEarliestQuerySchema = z
  .object({
    ...discoveryFilterFields,
    date: isoDate('date').optional(),
    time: z.string().regex(TIME_PATTERN, 'time must be HH:MM (24-hour)').optional(),
    ...pageFields,
  })
  .superRefine((v, ctx) => {
    if (v.radiusKm !== undefined && !v.near) ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: 'radiusKm needs near=latitude,longitude' });
  });
export type ListEarliestQuery = z.output<typeof listEarliestQuerySchema>;
