import type { User } from '../../../contract/auth.js';
import type { Appointment } from '../../../contract/appointments.js';
import { centsToDecimal } from '../../../contract/money.js';
import { RULES } from '../../../contract/rules.js';
import type { AppointmentRow } from './appointments.repository.js';

/**
 * The wire shape. The customer and the business owner see everything; anyone else sees when a
 * slot is taken and whether offers are blocked, but nothing about who took it.
 */
/**
 * Until when its customer may review it (DESIGN section 10): a completed visit, not yet reviewed, at
 * someone else's business, up to RULES.reviewWindowDays after completion; null otherwise. The
 * screen compares it with the time now (a deadline passed is still the deadline).
 */
function reviewableUntil(row: AppointmentRow, isMine: boolean): string | null {
  if (!isMine || row.status !== 'completed' || row.reviewId !== null || row.ownerId === row.customerId) return null;
  return new Date(new Date(row.updatedAt).getTime() + RULES.reviewWindowDays * 86_400_000).toISOString();
}

export function toAppointment(row: AppointmentRow, viewer: Pick<User, 'id'> | null): Appointment {
  const isMine = viewer !== null && row.customerId === viewer.id;
  const full = isMine || (viewer !== null && row.ownerId === viewer.id);
  return {
    id: row.id,
    businessId: row.businessId,
    serviceId: row.serviceId,
    customerId: full ? row.customerId : null,
    date: row.date,
    time: row.time,
    duration: row.duration,
    price: centsToDecimal(row.priceCents),
    status: row.status as Appointment['status'],
    partySize: row.partySize,
    blockOffers: row.blockOffers,
    isMine,
    createdAt: new Date(row.createdAt).toISOString(),
    serviceName: row.serviceName,
    businessName: row.businessName,
    businessType: row.businessType as Appointment['businessType'],
    timeZone: row.timeZone,
    notes: full ? row.notes : null,
    customerName: full ? row.customerName : null,
    customerEmail: full ? row.customerEmail : null,
    customerPhone: full ? row.customerPhone : null,
    seatingPreference: full ? row.seatingPreference : null,
    occasionType: full ? row.occasionType : null,
    dietaryRestrictions: full ? row.dietaryRestrictions : null,
    cancelCutoffMinutes: row.cancelCutoffMinutes,
    rescheduleCutoffMinutes: row.rescheduleCutoffMinutes,
    swapMarket: row.swapMarket,
    staffId: row.staffId,
    staffName: row.staffName,
    staffRequested: row.staffRequested,
    review: isMine && row.reviewId !== null && row.reviewRating !== null ? { id: row.reviewId, rating: row.reviewRating } : null,
    reviewableUntil: reviewableUntil(row, isMine),
    customerConfirmedAt: full && row.customerConfirmedAt ? new Date(row.customerConfirmedAt).toISOString() : null,
    cardFees: full && row.cardFees
      ? { noShowFee: centsToDecimal(row.cardFees.noShowFeeCents), lateCancelFee: centsToDecimal(row.cardFees.lateCancelFeeCents), charged: row.cardFees.charged, declined: row.cardFees.declined }
      : null,
    deposit: full && row.deposit ? { amount: centsToDecimal(row.deposit.amountCents), status: row.deposit.status } : null,
    heldUntil: row.heldUntil ? new Date(row.heldUntil).toISOString() : null,
  };
}
