import { z } from 'zod';
import { idParam } from './numbers.js';

// Owner changes under existing bookings (DESIGN section 4): a change that would leave upcoming
// confirmed bookings without a place answers 409 STRANDS_BOOKINGS with these, for the owner to
// decide: reassign them to other free members, cancel them, or back out.

/** One booking a change would strand, as the owner sees it. */
export const strandedBookingSchema = z.object({
  id: z.number(),
  date: z.string(),
  time: z.string(),
  serviceId: z.number(),
  serviceName: z.string(),
  customerName: z.string(),
  partySize: z.number(),
  staffId: z.number().nullable(),
  staffName: z.string().nullable(),
});
export type StrandedBooking = z.infer<typeof strandedBookingSchema>;

const flag = (name: string) => z.enum(['true', 'false'], `${name} must be true or false`).optional();

/**
 * What the owner asks for the bookings a change strands: `reassign=true` (to `toStaffId`, else any
 * free qualified member; all or nothing) or `cancelBookings=true` (cancelled by the business). Neither:
 * a change that strands bookings is refused.
 */
export const strandChoiceQuerySchema = z.object({
  reassign: flag('reassign'),
  cancelBookings: flag('cancelBookings'),
  toStaffId: idParam('toStaffId').optional(),
});
/** A service's delete: its bookings are kept (the service archived) or cancelled; nobody else gives them. */
export const serviceDeleteQuerySchema = z.object({
  keepBookings: flag('keepBookings'),
  cancelBookings: flag('cancelBookings'),
});

export interface StrandChoice {
  reassign: boolean;
  cancelBookings: boolean;
  toStaffId?: number;
}

export const strandChoiceOf = (query: z.output<typeof strandChoiceQuerySchema>): StrandChoice => ({
  reassign: query.reassign === 'true',
  cancelBookings: query.cancelBookings === 'true',
  ...(query.toStaffId !== undefined && { toStaffId: query.toStaffId }),
});

/** The 409 body's extra field. */
export interface StrandsBookingsBody {
  message: string;
  code: 'STRANDS_BOOKINGS';
  bookings: StrandedBooking[];
}
