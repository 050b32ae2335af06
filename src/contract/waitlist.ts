import { z } from 'zod';
import { dateField, timeField } from './availability.js';
import { jsonId, jsonInteger } from './numbers.js';
import { paymentPolicies } from './policies.js';
import { timeToMinutes } from './time.js';

// The waitlist (DESIGN section 11): a customer waits for a time to open at a business on a date,
// between fromTime and toTime (the business's wall clock; toTime exclusive).

export const waitlistStatuses = ['waiting', 'offered', 'claimed', 'expired', 'cancelled'] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

export const joinWaitlistSchema = z
  .object({
    businessId: jsonId('businessId'),
    serviceId: jsonId('serviceId'),
    date: dateField('date'),
    fromTime: timeField('From'),
    toTime: timeField('Until'),
    staffId: jsonId('staffId').optional(),
    partySize: jsonInteger('Party size must be a number', 'Party size must be a whole number').min(1, 'Party size must be at least 1').max(1000, 'Party size is too large').optional(),
  })
  .refine((b) => !/^\d\d:\d\d$/.test(b.fromTime) || !/^\d\d:\d\d$/.test(b.toTime) || timeToMinutes(b.toTime) > timeToMinutes(b.fromTime), {
    message: 'Until must be after From',
    path: ['toTime'],
  });
export type JoinWaitlistInput = z.input<typeof joinWaitlistSchema>;

/**
 * What claiming a held time will hold or may charge (DESIGN section 11): the payment policy it was
 * held under and the cancel cut-off (minutes; null: any time before the start). Null: no policy.
 */
export const claimPaymentSchema = z.object({
  paymentPolicy: z.enum(paymentPolicies),
  depositCents: z.number().int().nullable(),
  noShowFeeCents: z.number().int().nullable(),
  lateCancelFeeCents: z.number().int().nullable(),
  cancelCutoffMinutes: z.number().int().nullable(),
});
export type ClaimPayment = z.infer<typeof claimPaymentSchema>;

/** While offered: the held appointment, when the hold ends (an instant, ISO), and what its claim takes. */
export const waitlistOfferSchema = z.object({
  appointmentId: z.number().int(),
  date: z.string(),
  time: z.string(),
  expiresAt: z.string(),
  payment: claimPaymentSchema.nullable(),
});

/** What every view of an entry says: for what, with whom, on which day and window, and where it stands. */
const entryFields = {
  serviceId: z.number().int(),
  serviceName: z.string(),
  staffId: z.number().int().nullable(),
  partySize: z.number().int(),
  date: z.string(),
  fromTime: z.string(),
  toTime: z.string(),
  /** The business's IANA zone: date and times are its wall clock. */
  timeZone: z.string(),
  status: z.enum(waitlistStatuses),
};

export const waitlistEntrySchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  ...entryFields,
  offer: waitlistOfferSchema.nullable(),
  /** Once claimed: the booking it became. */
  appointmentId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/**
 * Claiming a held time books it: a service with a payment policy (DESIGN section 11) takes the same
 * card a booking of it would (createAppointmentSchema's paymentIntentId / paymentMethodId; 402 without).
 */
export const claimWaitlistSchema = z
  .object({
    paymentIntentId: z.string('paymentIntentId must be a string').trim().min(1, 'paymentIntentId must not be empty').max(200).optional(),
    paymentMethodId: z.string('paymentMethodId must be a string').trim().min(1, 'paymentMethodId must not be empty').max(200).optional(),
  })
  .optional();
export type ClaimWaitlistInput = z.input<typeof claimWaitlistSchema>;

/** GET /api/businesses/{id}/waitlist?date: the day whose entries the owner reads. */
export const businessWaitlistQuerySchema = z.object({ date: dateField('date') });

/**
 * One entry of a business's day as its owner sees it (DESIGN section 11): who waits (the name they
 * go by, as a hold is booked under), for what, in which window, and while offered the held time and
 * when the hold ends. No contact details: those come with the booking a claim makes.
 */
export const businessWaitlistEntrySchema = z.object({
  id: z.number().int(),
  customerName: z.string(),
  ...entryFields,
  staffName: z.string().nullable(),
  /** While offered: the held time (wall clock) and when the hold ends (an instant, ISO). */
  offer: z.object({ appointmentId: z.number().int(), time: z.string(), expiresAt: z.string() }).nullable(),
  createdAt: z.string(),
});
export type BusinessWaitlistEntry = z.infer<typeof businessWaitlistEntrySchema>;
