import { z } from 'zod';
import { RULES } from './rules.js';

// Booking policies (DESIGN section 9). A business stores only the keys its owner set, a service only
// its overrides; what applies is the default (rules.ts) under the business's under the service's.
// A write changes only the keys given, and null takes a key back to its default (or the business's).

const whole = (label: string, min: number, max: number) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

const overrideFields = {
  minNoticeMinutes: whole('Minimum notice', 0, 43_200).nullable().optional(),
  maxAdvanceDays: whole('Maximum advance', 1, 730).nullable().optional(),
  slotIntervalMinutes: whole('Slot interval', 5, 720).nullable().optional(),
  cancelCutoffMinutes: whole('Cancellation cut-off', 0, 43_200).nullable().optional(),
  rescheduleCutoffMinutes: whole('Reschedule cut-off', 0, 43_200).nullable().optional(),
  maxActivePerCustomer: whole('Bookings per customer', 1, 100).nullable().optional(),
  swapCutoffMinutes: whole('Swap cut-off', 0, 1_440).nullable().optional(),
};

// Buffers are a service's alone (DESIGN section 9): time blocked before and after each visit of it
// (preparation, cleaning), in which nothing else is booked at the business. Unset: none.
const serviceOnlyFields = {
  bufferBeforeMinutes: whole('Buffer before', 0, 240).nullable().optional(),
  bufferAfterMinutes: whole('Buffer after', 0, 240).nullable().optional(),
};

// The payment policy is a service's alone too (DESIGN section 11): none (default), a deposit held at
// booking, or a card kept on file for a no-show or late-cancel fee. Amounts in cents.
export const paymentPolicies = ['none', 'deposit', 'card_on_file'] as const;
export type PaymentPolicy = (typeof paymentPolicies)[number];
const paymentFields = {
  paymentPolicy: z.enum(paymentPolicies, `Payment policy must be one of: ${paymentPolicies.join(', ')}`).nullable().optional(),
  depositCents: whole('Deposit', 50, 100_000).nullable().optional(),
  noShowFeeCents: whole('No-show fee', 0, 100_000).nullable().optional(),
  lateCancelFeeCents: whole('Late-cancel fee', 0, 100_000).nullable().optional(),
};

/** A service's overrides and buffers, as sent (PUT /api/services/{id} {policies}) and as a service shows them. */
export const servicePoliciesSchema = z.strictObject({ ...overrideFields, ...serviceOnlyFields, ...paymentFields }).superRefine((p, ctx) => {
  // What a policy needs is sent with it: a deposit its amount, a card on file a fee to charge.
  if (p.paymentPolicy === 'deposit' && !p.depositCents) {
    ctx.addIssue({ code: 'custom', path: ['depositCents'], message: 'A deposit policy needs depositCents (at least 50)' });
  }
  if (p.paymentPolicy === 'card_on_file' && !p.noShowFeeCents && !p.lateCancelFeeCents) {
    ctx.addIssue({ code: 'custom', path: ['noShowFeeCents'], message: 'A card-on-file policy needs a noShowFeeCents or lateCancelFeeCents above 0' });
  }
});
export type ServicePolicies = z.infer<typeof servicePoliciesSchema>;

/** PATCH /api/businesses/{id} {policies}: the business's own settings; swapMarket is the business's alone. */
export const businessPoliciesPatchSchema = z.strictObject({ ...overrideFields, swapMarket: z.boolean('Swap market must be true or false').nullable().optional() });
export type BusinessPoliciesPatch = z.infer<typeof businessPoliciesPatchSchema>;

/** The effective policies (defaults filled in). maxAdvanceDays null: a restaurant's reservation horizon. */
export const businessPoliciesSchema = z.object({
  minNoticeMinutes: z.number().int(),
  maxAdvanceDays: z.number().int().nullable(),
  /** null: a service's starts every min(30, duration) minutes (a restaurant's follow its time slots). */
  slotIntervalMinutes: z.number().int().nullable(),
  cancelCutoffMinutes: z.number().int().nullable(),
  rescheduleCutoffMinutes: z.number().int().nullable(),
  maxActivePerCustomer: z.number().int().nullable(),
  swapCutoffMinutes: z.number().int(),
  swapMarket: z.boolean(),
});
export type BusinessPolicies = z.infer<typeof businessPoliciesSchema>;
export type PolicyKey = keyof BusinessPolicies;

type Stored = Partial<Record<PolicyKey, number | boolean>>;

/** The defaults of a kind of business: a service business books its window ahead, a restaurant its horizon. */
export const defaultPolicies = (kind: 'service' | 'restaurant'): BusinessPolicies => ({
  minNoticeMinutes: RULES.defaultMinNoticeMinutes,
  maxAdvanceDays: kind === 'service' ? RULES.serviceBookingWindowDays : null,
  slotIntervalMinutes: null,
  cancelCutoffMinutes: null,
  rescheduleCutoffMinutes: null,
  maxActivePerCustomer: null,
  swapCutoffMinutes: RULES.defaultSwapCutoffMinutes,
  swapMarket: true,
});

/** What applies: the defaults, then the business's settings, then the service's overrides. */
export function effectivePolicies(kind: 'service' | 'restaurant', business: unknown, service?: unknown): BusinessPolicies {
  return { ...defaultPolicies(kind), ...(business as Stored), ...(service as Stored) } as BusinessPolicies;
}

/** A policy's minutes as people say them: "30 min", "2 h", "24 h", "36 h", "2 days". */
export function formatPolicyMinutes(minutes: number): string {
  if (minutes >= 2880 && minutes % 1440 === 0) return `${minutes / 1440} days`;
  if (minutes >= 60 && minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}

/**
 * How long before the start a booking can still be rescheduled: its own cut-off, or where only a
 * cancel cut-off is set, that one (DESIGN section 9: moving a booking frees its time as cancelling
 * does). que_booked_cutoff says the same in SQL. null: any time before the start.
 */
export const rescheduleCutoffOf = (p: Pick<BusinessPolicies, 'cancelCutoffMinutes' | 'rescheduleCutoffMinutes'>): number | null =>
  p.rescheduleCutoffMinutes ?? p.cancelCutoffMinutes;

/** The policies a customer is told before booking, one sentence each ("Free cancellation until 24 h before"). */
export function policySentences(p: BusinessPolicies): string[] {
  const lines: string[] = [];
  if (p.minNoticeMinutes > 0) lines.push(`Needs ${formatPolicyMinutes(p.minNoticeMinutes)} notice`);
  lines.push(p.cancelCutoffMinutes === null ? 'Free cancellation any time before the start' : `Free cancellation until ${formatPolicyMinutes(p.cancelCutoffMinutes)} before`);
  const reschedule = rescheduleCutoffOf(p);
  if (reschedule !== null) lines.push(`Rescheduling until ${formatPolicyMinutes(reschedule)} before`);
  if (p.maxActivePerCustomer !== null) {
    lines.push(`At most ${p.maxActivePerCustomer} upcoming ${p.maxActivePerCustomer === 1 ? 'booking' : 'bookings'} per customer`);
  }
  return lines;
}
