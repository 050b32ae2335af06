import { z } from 'zod';

/**
 * An appointment as the app reads it: the row with its service's and business's names, wall-clock
 * date and time in the business's zone (que_appointment_view in SQL; findAppointmentView in
 * appointments.repository.ts reads the same columns). toAppointment makes the wire shape from it.
 */
export const appointmentRowSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  serviceId: z.number().int(),
  customerId: z.number().int(),
  ownerId: z.number().int(),
  date: z.string(),
  time: z.string(),
  duration: z.number().int(),
  priceCents: z.number().int(),
  status: z.string(),
  exclusive: z.boolean(),
  partySize: z.number().int(),
  notes: z.string(),
  blockOffers: z.boolean(),
  // a Date from drizzle, ISO text from a function's JSON
  createdAt: z.union([z.date(), z.string()]),
  serviceName: z.string(),
  businessName: z.string(),
  businessType: z.string(),
  timeZone: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  seatingPreference: z.string().nullable(),
  occasionType: z.string().nullable(),
  dietaryRestrictions: z.string().nullable(),
  /** Who cancelled it (its customer or the business's owner): settling an offer's escrow depends on it. */
  cancelledBy: z.number().int().nullable(),
  cancelCutoffMinutes: z.number().int().nullable(),
  rescheduleCutoffMinutes: z.number().int().nullable(),
  swapMarket: z.boolean(),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  staffRequested: z.boolean(),
  cancelledByBusiness: z.boolean(),
  /** When it was last changed: for a completed one, its completion (nothing changes it after). */
  updatedAt: z.union([z.date(), z.string()]),
  /** Its customer's review (DESIGN section 10), if written. */
  reviewId: z.number().int().nullable(),
  reviewRating: z.number().int().nullable(),
  /** When its customer confirmed by a reminder's link (DESIGN section 11). */
  customerConfirmedAt: z.union([z.date(), z.string()]).nullable(),
  /** Its deposit (DESIGN section 11), or null. */
  cardFees: z.object({ noShowFeeCents: z.number().int(), lateCancelFeeCents: z.number().int(), charged: z.array(z.enum(['no_show_fee', 'late_cancel_fee'])),
    declined: z.array(z.enum(['no_show_fee', 'late_cancel_fee'])) }).nullable().optional(),
  deposit: z.object({ amountCents: z.number().int(), status: z.enum(['held', 'posted', 'refunded', 'kept']) }).nullable().optional(),
  /** A waitlist hold's end (DESIGN section 11), ISO; null for any other appointment. */
  heldUntil: z.union([z.date(), z.string()]).nullable().optional(),
});

export type AppointmentRow = z.infer<typeof appointmentRowSchema>;
