import type { Offer, OfferAppointment } from '../../../contract/offers.js';
import { centsToDecimal } from '../../../contract/money.js';
import type { Db } from '../../db/client.js';
import { z } from 'zod';
import { type AppointmentRow, appointmentRowSchema, readAppointments } from '../appointments/index.js';
import { heldCents } from './offer-escrow.js';
import { actionsFor, currentCents, isLive, partyToAnswer, payerOf, splitOf } from './offer-rules.js';
import * as offersRepository from './offers.repository.js';
import type { OfferRow } from './offers.repository.js';

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

/**
 * Both sides' business, service, date and time; never the other customer's contact details. The
 * business's owner (who sees every booking's details on the dashboard) also gets the name each was
 * booked under, to say whose money moves when they cancel one.
 */
function appointmentView(row: AppointmentRow, viewerId: number): OfferAppointment {
  return {
    id: row.id,
    businessId: row.businessId,
    businessName: row.businessName,
    businessType: row.businessType as OfferAppointment['businessType'],
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    date: row.date,
    time: row.time,
    duration: row.duration,
    partySize: row.partySize,
    status: row.status,
    isMine: row.customerId === viewerId,
    timeZone: row.timeZone,
    customerName: row.ownerId === viewerId ? row.customerName || null : null,
  };
}

/** A recorded local start ("2026-11-26 09:00:00", or with a "T" as jsonb writes it) as the wire's date and time. */
const wallClock = (startsAt: string) => ({ date: startsAt.slice(0, 10), time: startsAt.slice(11, 16) });

function recordedSplit(offer: OfferRow) {
  if (offer.totalCents === null || offer.recipientCents === null) return null;
  return { totalCents: offer.totalCents, recipientCents: offer.recipientCents };
}

/** Each party's public name (que_public_name: first name and initial, '' without one): never a username. */
export type PartyNames = Map<number, string>;

export function toOffer(offer: OfferRow, appointments: Map<number, AppointmentRow>, names: PartyNames, viewerId: number, heldCents: number | null = null, now = new Date()): Offer {
  // An accepted offer pays what was recorded when it was accepted; a live one, the rule at its price now.
  const split = recordedSplit(offer) ?? splitOf(offer);
  const lastBy = offer.lastNegotiationBy;
  const bought = appointments.get(offer.fromAppointmentId)!;
  return {
    id: offer.id,
    fromUserId: offer.fromUserId,
    toUserId: offer.toUserId,
    fromAppointmentId: offer.fromAppointmentId,
    toAppointmentId: offer.toAppointmentId,
    offerAmount: centsToDecimal(offer.offerCents),
    offerType: offer.offerType as Offer['offerType'],
    paymentMethod: offer.paymentMethod as Offer['paymentMethod'],
    message: offer.message,
    paymentIntentId: payerOf(offer) === viewerId ? offer.paymentIntentId : null,
    heldAmount: payerOf(offer) === viewerId && heldCents !== null ? centsToDecimal(heldCents) : null,
    status: offer.status as Offer['status'],
    counterOfferAmount: money(offer.counterCents),
    counterOfferMessage: offer.counterMessage,
    negotiationRound: offer.negotiationRound,
    lastNegotiationBy: lastBy,
    createdAt: offer.createdAt.toISOString(),
    expiresAt: offer.expiresAt.toISOString(),
    currentAmount: centsToDecimal(currentCents(offer)),
    totalCharge: centsToDecimal(split.totalCents),
    recipientReceives: centsToDecimal(split.recipientCents),
    direction: offer.fromUserId === viewerId ? 'outgoing' : 'incoming',
    counterpartName: names.get(offer.fromUserId === viewerId ? offer.toUserId : offer.fromUserId) ?? '',
    temporaryReservation: offer.temporaryReservation,
    fromAppointment: appointmentView(bought, viewerId),
    toAppointment: appointmentView(appointments.get(offer.toAppointmentId)!, viewerId),
    swapped: offer.swapFromStartsAt && offer.swapToStartsAt ? { from: wallClock(offer.swapFromStartsAt), to: wallClock(offer.swapToStartsAt) } : null,
    escrowStatus: offer.escrowStatus as Offer['escrowStatus'],
    // The one exception to paying the recipient (que_cancelled_by_business, as que_offer_settle decides it).
    refundsPayer: offer.status === 'accepted' && bought.cancelledByBusiness,
    actions: actionsFor(offer, viewerId, now),
    waitingForResponse: offer.status === 'negotiating' && lastBy === viewerId && partyToAnswer(offer) !== viewerId,
  };
}

/** The wire shape, with what escrow holds filled in for the payer of a live offer. */
export async function viewOffer(db: Db, offer: OfferRow, appointments: Map<number, AppointmentRow>, names: PartyNames, viewerId: number): Promise<Offer> {
  const held = payerOf(offer) === viewerId && isLive(offer) ? await heldCents(db, offer) : null;
  return toOffer(offer, appointments, names, viewerId, held);
}

/** The wire shapes of several offers for one viewer: both appointments and both names read once for all. */
export async function viewOffers(db: Db, rows: OfferRow[], viewerId: number): Promise<Offer[]> {
  const appointments = await readAppointments(db, rows.flatMap((o) => [o.fromAppointmentId, o.toAppointmentId]));
  const names = await offersRepository.publicNamesOf(db, rows.flatMap((o) => [o.fromUserId, o.toUserId]));
  return Promise.all(rows.map((o) => viewOffer(db, o, appointments, names, viewerId)));
}

const int = z.number().int();
const nullableInt = int.nullable();

/** What an offer's one call returns (que_offer_view): the offer, both appointments, what its holds keep. */
export const offerViewSchema = z.object({
  offer: z.object({
    id: int,
    fromUserId: int,
    toUserId: int,
    fromAppointmentId: int,
    toAppointmentId: int,
    offerType: z.string(),
    paymentMethod: z.string(),
    feeKind: z.string(),
    offerCents: int,
    counterCents: nullableInt,
    message: z.string(),
    counterMessage: z.string().nullable(),
    status: z.string(),
    negotiationRound: int,
    lastNegotiationBy: nullableInt,
    temporaryReservation: z.boolean(),
    paymentIntentId: z.string().nullable(),
    agreedCents: nullableInt,
    totalCents: nullableInt,
    recipientCents: nullableInt,
    businessFeeCents: nullableInt,
    platformFeeCents: nullableInt,
    escrowStatus: z.string(),
    expiresAt: z.string(),
    acceptedAt: z.string().nullable(),
    settledAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    swapFromStartsAt: z.string().nullable(),
    swapToStartsAt: z.string().nullable(),
  }),
  fromAppointment: appointmentRowSchema,
  toAppointment: appointmentRowSchema,
  heldCents: int,
  fromName: z.string(),
  toName: z.string(),
});
export type OfferViewJson = z.infer<typeof offerViewSchema>;

/** The row a function answering que_offer_view has, under the name `view`. */
export const offerViewRow = z.object({ view: offerViewSchema });

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** The wire shape of que_offer_view's answer, for the viewer (held amounts only for the payer of a live offer). */
export function offerFromView(view: OfferViewJson, viewerId: number): Offer {
  const { offer: o } = view;
  const offer: OfferRow = {
    ...o,
    expiresAt: new Date(o.expiresAt),
    createdAt: new Date(o.createdAt),
    updatedAt: new Date(o.updatedAt),
    acceptedAt: dateOrNull(o.acceptedAt),
    settledAt: dateOrNull(o.settledAt),
  };
  const appointments = new Map([
    [offer.fromAppointmentId, view.fromAppointment],
    [offer.toAppointmentId, view.toAppointment],
  ]);
  const names: PartyNames = new Map([
    [offer.fromUserId, view.fromName],
    [offer.toUserId, view.toName],
  ]);
  return toOffer(offer, appointments, names, viewerId, payerOf(offer) === viewerId && isLive(offer) ? view.heldCents : null);
}
