import { z } from 'zod';
import { RULES } from './rules.js';

// Reminders (DESIGN section 11): the business's rules, each appointment's messages, the signed links.

export const reminderRuleSchema = z.strictObject({
  offsetMinutes: z.number().int('offsetMinutes must be a whole number of minutes')
    .min(1, 'offsetMinutes must be at least 1 minute before the start')
    .max(RULES.reminderOffsetMaxMinutes, `offsetMinutes may be at most ${RULES.reminderOffsetMaxMinutes} (30 days)`),
  channel: z.literal('email', 'channel must be "email"'),
  active: z.boolean('active must be true or false'),
});
export type ReminderRule = z.infer<typeof reminderRuleSchema>;

/** The whole list, as GET answers and PUT replaces it: a bare array, each offset at most once. */
export const reminderRulesSchema = z
  .array(reminderRuleSchema)
  .max(RULES.remindersMax, `at most ${RULES.remindersMax} reminders`)
  .refine((rules) => new Set(rules.map((r) => r.offsetMinutes)).size === rules.length, 'each offsetMinutes may appear only once');

export const reminderStatusSchema = z.enum(['planned', 'sent', 'skipped', 'cancelled']);
export type ReminderStatus = z.infer<typeof reminderStatusSchema>;

/** One planned message of an appointment, as its owner sees it. */
export const appointmentReminderSchema = z.object({
  id: z.number().int(),
  offsetMinutes: z.number().int(),
  channel: z.literal('email'),
  status: reminderStatusSchema,
  /** The start it reminds of (business time): a move plans new ones beside the old. */
  date: z.string(),
  time: z.string(),
  /** When it is (or was) due; sent, skipped or cancelled at `settledAt`. */
  dueAt: z.string(),
  settledAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AppointmentReminder = z.infer<typeof appointmentReminderSchema>;

export const appointmentRemindersSchema = z.object({
  appointmentId: z.number().int(),
  customerConfirmedAt: z.string().nullable(),
  reminders: z.array(appointmentReminderSchema),
});
export type AppointmentReminders = z.infer<typeof appointmentRemindersSchema>;

export const linkPurposeSchema = z.enum(['confirm', 'cancel', 'reschedule']);
export type LinkPurpose = z.infer<typeof linkPurposeSchema>;

/**
 * What a signed link is, for its page: `ready` (it may be used), `used` (confirm or cancel done
 * already), `expired` (the start has come, or the appointment moved since), `closed` (the
 * appointment is no longer confirmed), `invalid` (not a link we made: tampered with or cut short).
 */
export const linkStateSchema = z.enum(['ready', 'used', 'expired', 'closed', 'invalid']);
export type LinkState = z.infer<typeof linkStateSchema>;

export const reminderLinkSchema = z.object({
  state: linkStateSchema,
  purpose: linkPurposeSchema.nullable(),
  /** The appointment the link is for; null for an invalid link (it says nothing about anyone's). */
  appointment: z
    .object({
      id: z.number().int(),
      serviceName: z.string(),
      businessName: z.string(),
      businessId: z.number().int(),
      date: z.string(),
      time: z.string(),
      timeZone: z.string(),
      status: z.string(),
      customerConfirmedAt: z.string().nullable(),
    })
    .nullable(),
});
export type ReminderLink = z.infer<typeof reminderLinkSchema>;

export const linkTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
