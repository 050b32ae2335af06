import { TABLE_RESERVATION_SERVICE } from '../../../contract/appointment-statuses.js';
import type { z } from 'zod';
import type { User } from '../../../contract/auth.js';
import type { Appointment, createAppointmentSchema } from '../../../contract/appointments.js';
import { ErrorCode } from '../../../contract/errors.js';
import { isValidDate } from '../../../contract/time.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, forbidden } from '../../errors.js';
import { getSlotContext, type SlotContext, type SlotRules } from '../availability/available-slots.js';
import { periodFrom } from '../../time/business-time.js';
import { getService, listServices } from '../services/services.service.js';
import type { AppointmentChanges } from './appointment-changes.js';
import { toAppointment } from './appointment-view.js';
import * as appointmentsRepository from './appointments.repository.js';
import { requireFreeSlot } from './booking-transaction.js';

type BookingInput = z.infer<typeof createAppointmentSchema>;

async function serviceFor(tx: Db, business: SlotContext, serviceId: number | undefined) {
  if (serviceId !== undefined) {
    const service = await getService(tx, serviceId);
    if (service.businessId !== business.id) throw new AppError(ErrorCode.VALIDATION, 'serviceId: that service is not offered by this business');
    return service;
  }
  if (business.businessType !== 'restaurant') throw new AppError(ErrorCode.VALIDATION, 'serviceId: please choose a service');
  return tableServiceFor(tx, business.id);
}

/** The service a restaurant's table bookings use. */
export async function tableServiceFor(tx: Db, businessId: number) {
  const services = await listServices(tx, businessId);
  const table = services.find((s) => s.name === TABLE_RESERVATION_SERVICE) ?? services[0];
  if (!table) throw new AppError(ErrorCode.CONFLICT, 'This restaurant is not taking reservations');
  return getService(tx, table.id);
}

function partySizeFor(business: SlotContext, requested: number | undefined): number {
  if (business.businessType !== 'restaurant') return 1;
  const max = business.maxPartySize ?? 20;
  const size = requested ?? 1;
  if (size < 1 || size > max) throw new AppError(ErrorCode.VALIDATION, `Party size must be between 1 and ${max}`);
  return size;
}

/**
 * Start and end as the business's wall-clock time. The duration spans real minutes (DESIGN section
 * 4): the end is the start's instant plus the duration, so it may fall on the next day or move with
 * a clock change; a start the clocks skip is refused.
 */
export function periodOf(date: string, time: string, duration: number, timeZone: string) {
  return periodFrom(date, time, duration, timeZone);
}

/**
 * Books a slot for the signed-in user. Everything happens in one transaction: the slot is
 * re-checked against the same rules as the public slot list, the row is inserted (the exclusion
 * constraint stops any double booking that slips past the check), and listeners (booking credit)
 * act in the same transaction.
 */
export async function bookAppointment(db: Db, changes: AppointmentChanges, user: User, input: BookingInput, rules?: SlotRules): Promise<Appointment> {
  if (input.customerId !== undefined && input.customerId !== user.id) throw forbidden('customerId must be the signed-in user');
  if (!isValidDate(input.date)) throw new AppError(ErrorCode.VALIDATION, 'date must be a valid date (YYYY-MM-DD)');
  return unitOfWork(db, async (tx) => {
    // The business row comes with the day's blocked flag: the slot re-check reuses both reads.
    const business = await getSlotContext(tx, input.businessId, input.date);
    const service = await serviceFor(tx, business, input.serviceId);
    const isRestaurant = business.businessType === 'restaurant';
    const partySize = partySizeFor(business, input.partySize);
    await requireFreeSlot(
      tx,
      { businessId: business.id, businessType: business.businessType, serviceId: service.id, date: input.date, time: input.time, partySize, rules },
      { business, service },
    );

    const duration = isRestaurant ? (business.reservationDuration ?? service.duration) : service.duration;
    const values = {
      businessId: business.id,
      serviceId: service.id,
      customerId: user.id,
      ...periodOf(input.date, input.time, duration, business.timeZone),
      duration,
      priceCents: service.priceCents,
      status: 'confirmed',
      exclusive: !isRestaurant,
      partySize,
      notes: input.notes,
      blockOffers: input.blockOffers,
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      customerPhone: input.customerPhone,
      seatingPreference: isRestaurant ? input.seatingPreference || null : null,
      occasionType: isRestaurant ? input.occasionType || null : null,
      dietaryRestrictions: isRestaurant ? input.dietaryRestrictions || null : null,
    };
    const { id, createdAt } = await appointmentsRepository.insertAppointment(tx, values);
    const booked = {
      ...values, id, createdAt, date: input.date, time: input.time,
      serviceName: service.name, businessName: business.businessName, businessType: business.businessType, ownerId: business.ownerId, timeZone: business.timeZone,
    };
    await changes.announce(tx, { kind: 'booked', appointment: booked, byUserId: user.id });
    return toAppointment(booked, user);
  });
}
