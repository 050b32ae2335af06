import { z } from 'zod';
import { dateField, dayHoursSchema } from './availability.js';
import { jsonId } from './numbers.js';
import { singleLineText } from './text.js';
import { timeToMinutes } from './time.js';

/**
 * Staff members (DESIGN section 9): the people of a service business who each serve one customer at
 * a time. Every service business has at least one active member. `serviceIds` empty means every
 * service, including ones added later; `hours` null means the business's hours.
 */
export const staffMemberSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  name: z.string(),
  bio: z.string(),
  active: z.boolean(),
  position: z.number().int(),
  serviceIds: z.array(z.number().int()),
  /** Own weekly hours, several ranges a day for breaks; null: the business's hours. */
  hours: z.array(z.object({ dayOfWeek: z.number().int(), openTime: z.string(), closeTime: z.string() })).nullable(),
  timeOff: z.array(z.object({ id: z.number().int(), startDate: z.string(), endDate: z.string(), reason: z.string() })),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** What anyone may read of a member: `GET /api/businesses/{id}/staff`. */
export const publicStaffMemberSchema = staffMemberSchema.pick({ id: true, name: true, bio: true, serviceIds: true });
export type PublicStaffMember = z.infer<typeof publicStaffMemberSchema>;

const name = singleLineText('Name is required').min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
const bio = z.string().trim().max(1000, 'Bio must be at most 1000 characters');
const serviceIds = z.array(jsonId('serviceIds')).max(200, 'At most 200 services').refine((ids) => new Set(ids).size === ids.length, 'Each service may appear only once');

export const createStaffSchema = z.object({ name, bio: bio.optional().default(''), serviceIds: serviceIds.optional().default([]) });
export type CreateStaffInput = z.input<typeof createStaffSchema>;

/**
 * Only the keys given change; `position` moves the member in the owner's order (1 = first);
 * `active: true` brings a deactivated member back (DELETE /api/staff/{id} deactivates).
 */
export const updateStaffSchema = z
  .object({
    name, bio, serviceIds, position: z.number().int().min(1, 'Position must be at least 1').max(1000, 'Position must be at most 1000'),
    active: z.literal(true, 'active can only be set to true here: DELETE /api/staff/{id} deactivates a member'),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change: send name, bio, serviceIds, position or active');
export type UpdateStaffInput = z.input<typeof updateStaffSchema>;

/**
 * A member's weekly hours: several ranges a day (a lunch break is two ranges), none overlapping;
 * a day with no range is a day off. `hours: null` returns the member to the business's hours.
 */
export const staffHoursSchema = z
  .object({ hours: z.array(dayHoursSchema).max(35, 'At most 35 ranges a week').nullable() })
  .refine(
    (v) => {
      if (!v.hours) return true;
      const byDay = new Map<number, Array<[number, number]>>();
      for (const h of v.hours) byDay.set(h.dayOfWeek, [...(byDay.get(h.dayOfWeek) ?? []), [timeToMinutes(h.openTime), timeToMinutes(h.closeTime)]]);
      return [...byDay.values()].every((ranges) => ranges.sort((a, b) => a[0] - b[0]).every((r, i) => i === 0 || r[0] >= ranges[i - 1][1]));
    },
    { message: 'Ranges on one day must not overlap', path: ['hours'] },
  );
export type StaffHoursInput = z.input<typeof staffHoursSchema>;

export const timeOffSchema = z
  .object({
    startDate: dateField('startDate'),
    endDate: dateField('endDate'),
    reason: singleLineText().max(300, 'Reason must be at most 300 characters').optional().default(''),
  })
  .refine((v) => v.endDate >= v.startDate, { message: 'endDate must be on or after startDate', path: ['endDate'] });
export type TimeOffInput = z.input<typeof timeOffSchema>;

/** `GET /api/businesses/{id}/availability?date&serviceId[&staffId]`: each free start and who is free then. */
export const availabilityResponseSchema = z.object({
  date: z.string(),
  slots: z.array(z.object({ time: z.string(), staff: z.array(z.object({ id: z.number().int(), name: z.string() })) })),
});
export type Availability = z.infer<typeof availabilityResponseSchema>;

/** `DELETE /api/staff/{id}` answer: the member deactivated, and the appointments moved to others (with ?reassign=true). */
export const deactivateStaffResponseSchema = z.object({ deactivated: z.literal(true), reassigned: z.number().int() });
