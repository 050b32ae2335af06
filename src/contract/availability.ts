import { z } from 'zod';
import { idParam, integerQuery, jsonId, jsonInteger } from './numbers.js';
import { TIME_PATTERN, isValidDate, timeToMinutes } from './time.js';
import { singleLineText } from './text.js';

export const dateField = (label = 'date') =>
  z.string(`${label} is required`).refine(isValidDate, `${label} must be a valid date (YYYY-MM-DD)`);
/** An HH:mm time. Forms pass the label they show ('Start time'), so an empty field reads 'Start time is required'. */
export const timeField = (label = 'time') =>
  z
    .string(`${label} is required`)
    .min(1, { message: `${label} is required`, abort: true })
    .regex(TIME_PATTERN, `${label} must be a time such as 09:30`);
/** A comparison of two times runs only once both are times: an empty start is 'required', not also 'end before start'. */
const bothTimesValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };
const dayOfWeekField = jsonInteger('Day is required', 'Day must be 0 (Sunday) to 6 (Saturday)').min(0, 'Day must be 0 (Sunday) to 6 (Saturday)').max(6, 'Day must be 0 (Sunday) to 6 (Saturday)');

export const dayHoursSchema = z
  .object({ dayOfWeek: dayOfWeekField, openTime: timeField('Opening time'), closeTime: timeField('Closing time') })
  .refine((h) => timeToMinutes(h.closeTime) > timeToMinutes(h.openTime), { message: 'Closing time must be after opening time', path: ['closeTime'], ...bothTimesValid });
export const weeklyHoursSchema = z
  .object({ hours: z.array(dayHoursSchema).max(7, 'At most one entry per day') })
  .refine((v) => new Set(v.hours.map((h) => h.dayOfWeek)).size === v.hours.length, { message: 'Each day may appear only once', path: ['hours'] });
export type DayHours = z.infer<typeof dayHoursSchema>;

export const blockDateSchema = z.object({
  businessId: jsonId('businessId'),
  date: dateField('Date'),
  isAvailable: z.literal(false, 'isAvailable must be false for a blocked date').optional().default(false),
  reason: singleLineText().max(300, 'Reason must be at most 300 characters').optional().default(''),
});
export const blockedDateSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  date: z.string(),
  isAvailable: z.boolean(),
  reason: z.string(),
});
export type BlockedDate = z.infer<typeof blockedDateSchema>;

export const timeSlotInputSchema = z
  .object({
    businessId: jsonId('businessId'),
    dayOfWeek: dayOfWeekField,
    startTime: timeField('Start time'),
    endTime: timeField('End time'),
    intervalMinutes: z.number('Interval is required').refine((v) => v === 15 || v === 30 || v === 60, 'Interval must be 15, 30 or 60 minutes'),
    isActive: z.boolean('isActive must be true or false').optional().default(true),
  })
  .refine((s) => timeToMinutes(s.endTime) > timeToMinutes(s.startTime), { message: 'End time must be after start time', path: ['endTime'], ...bothTimesValid });
export const timeSlotSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  intervalMinutes: z.number().int(),
  isActive: z.boolean(),
});
export type TimeSlot = z.infer<typeof timeSlotSchema>;

export const availableSlotsQuerySchema = z.object({
  businessId: idParam('businessId'),
  date: dateField('date'),
  serviceId: idParam('serviceId').optional(),
  partySize: integerQuery('partySize')
    .refine((n) => n >= 1, 'partySize must be at least 1')
    .refine((n) => n <= 1000, 'partySize is too large')
    .optional(),
  /** Only this staff member's starts (DESIGN section 9). */
  staffId: idParam('staffId').optional(),
});

/** GET /api/businesses/:id/open-days: a month of the booking calendar (issue 27). */
export const openDaysQuerySchema = z.object({
  month: z.string('month is required (YYYY-MM)').regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a month (YYYY-MM)'),
  serviceId: idParam('serviceId').optional(),
  partySize: availableSlotsQuerySchema.shape.partySize,
  staffId: idParam('staffId').optional(),
});
export type OpenDaysQuery = z.infer<typeof openDaysQuerySchema>;

/** The month's days ("yyyy-MM-dd", ascending) with at least one bookable start; every other day is closed or full. */
export const openDaysSchema = z.object({ month: z.string(), openDays: z.array(z.string()) });
export type OpenDays = z.infer<typeof openDaysSchema>;

export const weeklyHoursResponseSchema = z.object({
  hours: z.array(z.object({ dayOfWeek: z.number().int(), openTime: z.string(), closeTime: z.string() })),
});
export const businessIdParamsSchema = z.object({ businessId: idParam('businessId') });
