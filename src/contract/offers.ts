import { z } from 'zod';
import { dateField, timeField } from './availability.js';
import { formatCentsShort, hasSubCentDigits, toCents } from './money.js';
import { jsonId, jsonInteger } from './numbers.js';
import { occasionTypes, seatingPreferences } from './appointment-choices.js';
import { RULES } from './rules.js';
import { singleLineText } from './text.js';

export const offerTypes = ['queue_jump', 'move_back'] as const;
export const paymentMethods = ['cash', 'credits'] as const;
export const offerStatuses = ['pending', 'negotiating', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export const LIVE_OFFER_STATUSES = ['pending', 'negotiating'] as const;
export type OfferType = (typeof offerTypes)[number];
export type OfferStatus = (typeof offerStatuses)[number];

/** A dollar amount as the client sends it ("25", "25.50" or 25.5), checked to the cent; parsed to cents. */
export const moneyInput = (label: string) =>
  z
    .union([z.string(), z.number()], `${label} is required`)
    .refine((v) => !hasSubCentDigits(v), `${label} can have at most two decimal places (whole cents)`)
    .transform((v, ctx) => {
      const cents = toCents(v);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be an amount in dollars, such as 25 or 25.50` });
        return z.NEVER;
      }
      return cents;
    });

/** The smallest amount of each kind of offer, and of a counter, in cents (RULES). */
export const minimumCents = (kind: OfferType | 'counter') =>
  kind === 'queue_jump' ? RULES.queueJumpMinCents : kind === 'move_back' ? RULES.moveBackMinCents : RULES.counterMinCents;

const range = (kind: OfferType | 'counter') => `between ${formatCentsShort(minimumCents(kind))} and ${formatCentsShort(RULES.offerMaxCents)}`;

/** SPEC section 5: 'Offer amount must be between $5 and $200.' (the numbers are RULES'). */
export const offerAmountMessage = (type: OfferType) => `Offer amount must be ${range(type)}.`;
export const counterAmountMessage = () => `Counter amount must be ${range('counter')}.`;

export function offerAmountInRange(type: OfferType | 'counter', cents: number) {
  return cents >= minimumCents(type) && cents <= RULES.offerMaxCents;
}

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.union([z.literal(''), z.enum(values, `${label} must be one of: ${values.join(', ')}`)]).optional().nullable();

/** A restaurant table the sender wants at a time that is full: stored as their pending reservation. */
export const temporaryReservationSchema = z.object({
  date: dateField('temporaryReservation.date'),
  time: timeField('temporaryReservation.time'),
  partySize: jsonInteger('Party size must be a number', 'Party size must be a whole number').min(1, 'Party size must be at least 1').max(20, 'Party size must be at most 20'),
  customerName: singleLineText().max(120, 'Full name must be at most 120 characters').optional(),
  // The pending reservation's e-mail goes to this address: an address or nothing, never more lines.
  customerEmail: z.string().trim().max(254, 'Email is too long').refine((v) => v === '' || z.email().safeParse(v).success, 'Invalid email address').optional(),
  customerPhone: singleLineText().max(40, 'Phone must be at most 40 characters').optional(),
  seatingPreference: optionalChoice(seatingPreferences, 'seatingPreference'),
  occasionType: optionalChoice(occasionTypes, 'occasionType'),
  dietaryRestrictions: z.string().trim().max(500).optional().nullable(),
  /** Accepted for compatibility with SPEC's client; the restaurant's reservation length applies. */
  duration: z.unknown().optional(),
});

export const createOfferSchema = z
  .object({
    fromUserId: jsonId('fromUserId').optional(),
    toUserId: jsonId('toUserId').optional(),
    fromAppointmentId: jsonId('fromAppointmentId').optional().nullable(),
    toAppointmentId: jsonId('toAppointmentId'),
    offerAmount: moneyInput('Offer amount'),
    offerType: z.enum(offerTypes, 'offerType must be queue_jump or move_back').default('queue_jump'),
    paymentMethod: z.enum(paymentMethods, 'paymentMethod must be cash or credits'),
    message: z.string().trim().max(500, 'Message must be at most 500 characters').optional().default(''),
    /** The authorized payment intent's id, or its clientSecret (what SPEC's client sends). */
    paymentIntentId: z.string().trim().max(200).optional().nullable(),
    temporaryReservation: temporaryReservationSchema.optional().nullable(),
  })
  .superRefine((o, ctx) => {
    if (!offerAmountInRange(o.offerType, o.offerAmount)) ctx.addIssue({ code: 'custom', path: ['offerAmount'], message: offerAmountMessage(o.offerType) });
    if (o.paymentMethod === 'cash' && !o.paymentIntentId) ctx.addIssue({ code: 'custom', path: ['paymentIntentId'], message: 'paymentIntentId is required when paying by card' });
    if (!o.fromAppointmentId && !o.temporaryReservation) {
      ctx.addIssue({ code: 'custom', path: ['fromAppointmentId'], message: 'fromAppointmentId (your appointment) or temporaryReservation is required' });
    }
    if (o.fromAppointmentId && o.temporaryReservation) {
      ctx.addIssue({ code: 'custom', path: ['temporaryReservation'], message: 'Send either fromAppointmentId or temporaryReservation, not both' });
    }
  });
export type CreateOfferInput = z.input<typeof createOfferSchema>;
export type CreateOffer = z.output<typeof createOfferSchema>;

export const counterOfferSchema = z
  .object({
    counterAmount: moneyInput('Counter amount'),
    counterMessage: z.string().trim().max(500, 'Message must be at most 500 characters').optional().default(''),
    userId: jsonId('userId').optional(),
    /** When the payer raises the price by card: an authorized intent for exactly the difference. */
    paymentIntentId: z.string().trim().max(200).optional().nullable(),
  })
  .refine((c) => offerAmountInRange('counter', c.counterAmount), { path: ['counterAmount'], message: counterAmountMessage() });
export type CounterOfferInput = z.input<typeof counterOfferSchema>;

/** Accepting a raised counter by card needs an authorized intent for the difference. */
export const acceptCounterSchema = z.object({ paymentIntentId: z.string().trim().max(200).optional().nullable() }).optional();

export const offersQuerySchema = z.object({
  /** Accepted for compatibility; must be the signed-in user. */
  forUser: z.string().regex(/^[1-9][0-9]{0,9}$/, 'forUser must be a positive whole number').transform(Number).optional(),
});

const offerAppointmentSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  businessType: z.enum(['service', 'restaurant']),
  serviceId: z.number().int(),
  serviceName: z.string(),
  date: z.string(),
  time: z.string(),
  duration: z.number().int(),
  partySize: z.number().int(),
  status: z.string(),
  isMine: z.boolean(),
  /** The business's IANA zone: date, time and the offer's expiry are read on its clock. */
  timeZone: z.string(),
  /** The name it was booked under: for the business's owner only (null for customers, who see usernames). */
  customerName: z.string().nullable(),
});
export type OfferAppointment = z.infer<typeof offerAppointmentSchema>;

/** A start on the business's wall clock ("2026-11-26", "09:00"). */
const wallClockSchema = z.object({ date: z.string(), time: z.string() });

export const offerSchema = z.object({
  id: z.number().int(),
  fromUserId: z.number().int(),
  toUserId: z.number().int(),
  fromAppointmentId: z.number().int(),
  toAppointmentId: z.number().int(),
  offerAmount: z.string(),
  offerType: z.enum(offerTypes),
  paymentMethod: z.enum(paymentMethods),
  message: z.string(),
  /** Only the payer sees their payment intent. */
  paymentIntentId: z.string().nullable(),
  /**
   * Payer only, while the offer is live: what escrow holds for it now. Raising the price by card
   * needs an authorized payment of exactly (new totalCharge - heldAmount).
   */
  heldAmount: z.string().nullable(),
  status: z.enum(offerStatuses),
  counterOfferAmount: z.string().nullable(),
  counterOfferMessage: z.string().nullable(),
  negotiationRound: z.number().int(),
  lastNegotiationBy: z.number().int().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The price on the table now: the last counter, or the offer. */
  currentAmount: z.string(),
  /** What the payer is charged at the current price, and what the other customer would receive. */
  totalCharge: z.string(),
  recipientReceives: z.string(),
  /**
   * 'outgoing' for the sender (who pays), 'incoming' otherwise. The business's owner, who reads the
   * offers tied to an appointment before cancelling it, is neither party: they read fromUserId (the
   * payer) and each appointment's customerName instead.
   */
  direction: z.enum(['incoming', 'outgoing']),
  /**
   * The other customer as the offer's notifications name them: first name and last initial from their
   * profile ("Alice S."), '' when they have none. Never their username or contact details.
   */
  counterpartName: z.string(),
  temporaryReservation: z.boolean(),
  fromAppointment: offerAppointmentSchema,
  toAppointment: offerAppointmentSchema,
  /**
   * Once accepted, the two starts the swap traded, as they were just before it: `from` the sender's,
   * `to` the recipient's. The appointments may be moved since; what the swap did stays. Null before.
   */
  swapped: z.object({ from: wallClockSchema, to: wallClockSchema }).nullable(),
  /** Escrow: held until both appointments are completed, then released (or refunded). */
  escrowStatus: z.enum(['held', 'released', 'refunded']),
  /**
   * Accepted, and the business cancelled the appointment the payer bought: the escrow goes back to the
   * payer in full when it settles (once the other visit is finished), not to the recipient.
   */
  refundsPayer: z.boolean(),
  /** What the viewer may do now. */
  actions: z.object({ accept: z.boolean(), decline: z.boolean(), counter: z.boolean(), acceptCounter: z.boolean(), cancel: z.boolean() }),
  /** True for the party who countered last: SPEC's 'Waiting for response to your counter offer...'. */
  waitingForResponse: z.boolean(),
});
export type Offer = z.infer<typeof offerSchema>;

/** For the business owner: which appointments were swapped through an accepted offer, and its escrow. */
export const businessSwapSchema = z.object({
  offerId: z.number().int(),
  appointmentIds: z.array(z.number().int()),
  escrowStatus: z.enum(['held', 'released', 'refunded']),
  /** True when completing the remaining appointment(s) pays the escrow out. */
  releasesOnCompletion: z.boolean(),
});
export type BusinessSwap = z.infer<typeof businessSwapSchema>;
