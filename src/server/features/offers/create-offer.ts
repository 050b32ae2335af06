import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import { OFFER_LIFETIME_HOURS } from '../../../contract/offer-fees.js';
import type { CreateOffer, Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { SqlState, sqlStateOf } from '../../db/sql-state.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, forbidden } from '../../errors.js';
import type { AppointmentRow } from '../appointments/appointments.repository.js';
import { createPendingReservation, lockAppointments, readAppointment } from '../appointments/trade-appointments.js';
import { notifyOfferReceived } from '../notifications/offer-notifications.js';
import { holdForOffer } from './offer-escrow.js';
import { splitOf } from './offer-rules.js';
import { viewOffer } from './offer-view.js';
import * as offersRepository from './offers.repository.js';

const startOf = (a: Pick<AppointmentRow, 'date' | 'time'>) => `${a.date} ${a.time}`;
const conflict = (message: string) => new AppError(ErrorCode.INVALID_STATE, message);

/** The target: another customer's confirmed appointment that accepts offers. */
function checkTarget(target: AppointmentRow, user: User, toUserId: number | undefined) {
  if (toUserId !== undefined && toUserId !== target.customerId) throw forbidden('toUserId must be the customer of the target appointment');
  if (target.customerId === user.id) throw new AppError(ErrorCode.VALIDATION, 'That appointment is your own: choose another customer’s appointment');
  if (target.status !== 'confirmed') throw conflict(`That appointment is ${target.status} and cannot receive offers`);
  if (target.blockOffers) throw conflict('That appointment does not accept queue jump or move back offers');
}

/** The sender's own appointment and the rule of the offer type (DESIGN section 6). */
function checkOwn(own: AppointmentRow, target: AppointmentRow, input: CreateOffer) {
  if (own.status !== 'confirmed') throw conflict(`Your appointment is ${own.status}, so it cannot be swapped`);
  if (own.businessId !== target.businessId) throw new AppError(ErrorCode.VALIDATION, 'Both appointments must be at the same business');
  if (input.offerType === 'queue_jump') {
    if (own.date !== target.date) throw new AppError(ErrorCode.VALIDATION, 'A queue jump targets an appointment on the same date as yours');
    if (startOf(target) >= startOf(own)) throw new AppError(ErrorCode.VALIDATION, 'A queue jump targets an appointment earlier than yours');
  } else {
    if (own.serviceId !== target.serviceId) throw new AppError(ErrorCode.VALIDATION, 'A move back targets an appointment for the same service');
    if (startOf(target) <= startOf(own)) throw new AppError(ErrorCode.VALIDATION, 'A move back targets an appointment later than yours');
  }
}

/** The sender's side: their own appointment, or a pending reservation made for a restaurant table that is full. */
async function senderSide(tx: Db, user: User, target: AppointmentRow, own: AppointmentRow | null, input: CreateOffer): Promise<AppointmentRow> {
  if (own) {
    checkOwn(own, target, input);
    return own;
  }
  const wanted = input.temporaryReservation!;
  if (target.businessType !== 'restaurant') throw new AppError(ErrorCode.VALIDATION, 'temporaryReservation is only for restaurant offers');
  if (input.offerType !== 'queue_jump') throw new AppError(ErrorCode.VALIDATION, 'A temporary reservation goes with a queue jump offer');
  if (wanted.date !== target.date || wanted.time !== target.time) {
    throw new AppError(ErrorCode.VALIDATION, `temporaryReservation must be for the chosen reservation's table: ${target.date} at ${target.time}`);
  }
  return createPendingReservation(tx, user, { businessId: target.businessId, ...wanted });
}

/**
 * Makes an offer and places its hold in one transaction: nothing is written unless the money is
 * held (credit, or an authorized card payment of exactly the total, used by no other offer).
 */
export async function createOffer(db: Db, user: User, input: CreateOffer): Promise<Offer> {
  if (input.fromUserId !== undefined && input.fromUserId !== user.id) throw forbidden('fromUserId must be the signed-in user');
  return unitOfWork(db, async (tx) => {
    const target = await readAppointment(tx, input.toAppointmentId).catch(() => {
      throw new AppError(ErrorCode.NOT_FOUND, 'Target appointment not found');
    });
    // Whose appointment it is comes first: someone else's id is a 403 whatever else is wrong.
    const mine = input.fromAppointmentId ? (await lockAppointments(tx, [input.fromAppointmentId])).get(input.fromAppointmentId)! : null;
    if (mine && mine.customerId !== user.id) throw forbidden('fromAppointmentId must be one of your own appointments');
    checkTarget(target, user, input.toUserId);
    const own = await senderSide(tx, user, target, mine, input);
    if (await offersRepository.hasLiveOfferBetween(tx, own.id, target.id)) throw conflict('There is already an open offer between these two appointments');
    const values = {
      fromUserId: user.id,
      toUserId: target.customerId,
      fromAppointmentId: own.id,
      toAppointmentId: target.id,
      offerType: input.offerType,
      paymentMethod: input.paymentMethod,
      feeKind: target.businessType === 'restaurant' ? 'restaurant' : 'service',
      offerCents: input.offerAmount,
      message: input.message,
      temporaryReservation: !input.fromAppointmentId,
    };
    const offer = await offersRepository.insertOffer(tx, values, OFFER_LIFETIME_HOURS).catch((error: unknown) => {
      if (sqlStateOf(error) === SqlState.uniqueViolation) throw conflict('There is already an open offer between these two appointments');
      throw error;
    });
    if (offer.expiresAt <= new Date()) throw conflict('Too late: the earlier appointment has already started');
    const intentId = await holdForOffer(tx, offer, splitOf(offer).totalCents, input.paymentIntentId);
    const saved = intentId ? await offersRepository.updateOffer(tx, offer.id, { paymentIntentId: intentId }) : offer;
    await notifyOfferReceived(tx, saved);
    return viewOffer(tx, saved, new Map([[own.id, own], [target.id, target]]), user.id);
  });
}
