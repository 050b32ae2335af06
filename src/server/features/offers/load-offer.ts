import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { AppointmentRow } from '../appointments/appointments.repository.js';
import { lockAppointments } from '../appointments/trade-appointments.js';
import { isLive } from './offer-rules.js';
import * as offersRepository from './offers.repository.js';
import type { OfferRow } from './offers.repository.js';

export interface LockedOffer {
  offer: OfferRow;
  appointments: Map<number, AppointmentRow>;
}

/**
 * Locks an offer for a change by one of its two parties. The appointments are locked first, then
 * the offer, the same order an appointment change takes (appointment, then its offers), so the
 * two never wait on each other crosswise.
 */
export async function lockOfferForParty(tx: Db, offerId: number, userId: number): Promise<LockedOffer> {
  const seen = await offersRepository.findOffer(tx, offerId);
  if (!seen) throw notFound('Offer');
  if (seen.fromUserId !== userId && seen.toUserId !== userId) throw forbidden('Only the two customers of this offer can act on it');
  const appointments = await lockAppointments(tx, [seen.fromAppointmentId, seen.toAppointmentId]);
  const offer = (await offersRepository.lockOffer(tx, offerId))!;
  return { offer, appointments };
}

export function requireLive(offer: OfferRow, now = new Date()) {
  if (!isLive(offer)) throw new AppError(ErrorCode.INVALID_STATE, `This offer is already ${offer.status}`);
  if (offer.expiresAt <= now) throw new AppError(ErrorCode.INVALID_STATE, 'This offer has expired');
}
