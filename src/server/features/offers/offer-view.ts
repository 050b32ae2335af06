import type { Offer, OfferAppointment } from '../../../contract/offers.js';
import { centsToDecimal } from '../../../contract/money.js';
import type { Db } from '../../db/client.js';
import type { AppointmentRow } from '../appointments/appointments.repository.js';
import { heldCents } from './offer-escrow.js';
import { actionsFor, currentCents, isLive, partyToAnswer, payerOf, splitOf } from './offer-rules.js';
import type { OfferRow } from './offers.repository.js';

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

/** Both sides' business, service, date and time; never the other customer's name or contact. */
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
  };
}

export function toOffer(offer: OfferRow, appointments: Map<number, AppointmentRow>, viewerId: number, heldCents: number | null = null, now = new Date()): Offer {
  const split = splitOf(offer);
  const lastBy = offer.lastNegotiationBy;
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
    temporaryReservation: offer.temporaryReservation,
    fromAppointment: appointmentView(appointments.get(offer.fromAppointmentId)!, viewerId),
    toAppointment: appointmentView(appointments.get(offer.toAppointmentId)!, viewerId),
    escrowStatus: offer.escrowStatus as Offer['escrowStatus'],
    actions: actionsFor(offer, viewerId, now),
    waitingForResponse: offer.status === 'negotiating' && lastBy === viewerId && partyToAnswer(offer) !== viewerId,
  };
}

/** The wire shape, with what escrow holds filled in for the payer of a live offer. */
export async function viewOffer(db: Db, offer: OfferRow, appointments: Map<number, AppointmentRow>, viewerId: number): Promise<Offer> {
  const held = payerOf(offer) === viewerId && isLive(offer) ? await heldCents(db, offer) : null;
  return toOffer(offer, appointments, viewerId, held);
}

/** What an offer's one call returns (que_offer_view, migration 0008): the offer, both appointments, what its holds keep. */
export interface OfferViewJson {
  offer: Omit<OfferRow, 'expiresAt' | 'acceptedAt' | 'settledAt' | 'createdAt' | 'updatedAt'> & Record<'expiresAt' | 'createdAt' | 'updatedAt', string> & Record<'acceptedAt' | 'settledAt', string | null>;
  fromAppointment: AppointmentRow;
  toAppointment: AppointmentRow;
  heldCents: number;
}

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
  return toOffer(offer, appointments, viewerId, payerOf(offer) === viewerId && isLive(offer) ? view.heldCents : null);
}
