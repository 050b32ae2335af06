import { z } from 'zod';

// The live channel (DESIGN section 7): what the server pushes on /ws, and what clients send.

export const queueEntryStatuses = ['waiting', 'called', 'served', 'cancelled'] as const;

export const queueEntrySchema = z.object({
  id: z.number().int(),
  /** Only the entry's own customer and the business owner see it; others get null. */
  customerId: z.number().int().nullable(),
  /** The name the booking was made under: only the business owner sees it (DESIGN section 4); others get null. */
  customerName: z.string().nullable(),
  businessId: z.number().int(),
  businessName: z.string(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  appointmentId: z.number().int().nullable(),
  date: z.string(),
  time: z.string(),
  queuePosition: z.number().int().nullable(),
  status: z.enum(queueEntryStatuses),
  estimatedWaitMinutes: z.number().int().nullable(),
  isMine: z.boolean(),
  /** The business's IANA zone: date and time are its wall clock. */
  timeZone: z.string(),
  /**
   * The staff member who serves it (DESIGN section 9): position and wait count only that member's
   * entries of the day. Null for a restaurant's table.
   */
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  /** How many active members the business has (0 for a restaurant): screens name the member only when several. */
  staffCount: z.number().int(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  appointmentId: z.number().int().nullable(),
  offerId: z.number().int().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  /** The zone of the business it is about (its appointment's, or its offer's), so its time reads on that clock; null when about none. */
  timeZone: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

// A plain union: zod 4's discriminated union refuses two members with the same type ('subscribe' twice).
export const clientMessageSchema = z.union([
  z.object({ type: z.literal('subscribe'), businessId: z.number().int().positive(), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  z.object({ type: z.literal('subscribe'), customer: z.literal(true) }),
  z.object({ type: z.literal('unsubscribe'), businessId: z.number().int().positive(), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  z.object({ type: z.literal('unsubscribe'), customer: z.literal(true) }),
  z.object({ type: z.literal('ping') }),
]);

export type ServerMessage =
  | { type: 'queue_update'; queueEntry: QueueEntry }
  | { type: 'queue_status_update'; queueEntry: QueueEntry }
  | { type: 'notification'; notification: Notification; unread: number }
  /** One of the viewer's offers changed (made, countered, answered, ended or settled): refetch what it touches. */
  | { type: 'offer_changed'; offerId: number }
  /** A business's waitlist on a day changed (joined, held, claimed, passed on, left): its owner's open screens refetch it. */
  | { type: 'waitlist_changed'; businessId: number; date: string }
  | { type: 'subscribed' | 'unsubscribed'; businessId?: number; date?: string; customer?: true }
  | { type: 'error'; message: string }
  | { type: 'pong' };
