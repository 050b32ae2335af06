import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { earliestAppointmentSchema, listEarliestQuerySchema } from '../../../contract/appointments.js';
import {
  availableSlotsQuerySchema, blockDateSchema, openDaysQuerySchema, openDaysSchema, blockedDateSchema, businessIdParamsSchema, timeSlotInputSchema, timeSlotSchema,
  weeklyHoursResponseSchema, weeklyHoursSchema,
} from '../../../contract/availability.js';
import { idParamsSchema } from '../../../contract/businesses.js';
import { strandChoiceOf, strandChoiceQuerySchema } from '../../../contract/stranded-bookings.js';
import type { Db } from '../../db/client.js';
import { listAvailableSlots, listOpenDays, slotRules } from './available-slots.js';
import { idParam } from '../../../contract/numbers.js';
import { blockDate, listBlockedDates, unblockDate } from './blocked-dates.service.js';
import { earliestPageJson } from './earliest-page.js';
import { businessEarliestAppointmentsJson, getEarliestAppointment } from './earliest.service.js';
import { linkNextCursor } from '../../plugins/paging.js';
import { getWeeklyHours, setWeeklyHours } from './hours.service.js';
import { createTimeSlot, deleteTimeSlot, listTimeSlots, updateTimeSlot } from './time-slots.service.js';

export interface AvailabilityRoutesOptions {
  /**
   * The appointments feature's check that a slot list for moving an appointment is asked for by its
   * customer (appointments' requireOwnAppointment). Handed in by the composition (app.ts): appointments
   * depends on availability, so availability cannot import it (decision 0017).
   */
  requireOwnAppointment: (db: Db, user: { id: number } | null, id: number, q: { businessId: number; serviceId?: number }) => Promise<void>;
}

// Weekly hours, blocked dates, restaurant time slots, available slots, earliest appointments.
export const availabilityRoutes: FastifyPluginAsyncZod<AvailabilityRoutesOptions> = async (app, { requireOwnAppointment }) => {
  app.get('/businesses/:id/hours', { schema: { params: idParamsSchema, response: { 200: weeklyHoursResponseSchema } } }, async (request) =>
    getWeeklyHours(app.db, request.params.id),
  );
  app.put(
    '/businesses/:id/hours',
    { schema: { params: idParamsSchema, querystring: strandChoiceQuerySchema, body: weeklyHoursSchema, response: { 200: weeklyHoursResponseSchema } } },
    async (request) => setWeeklyHours(app.db, request.user, request.params.id, request.body.hours, strandChoiceOf(request.query), app.clock()),
  );

  app.get('/business-availability/:businessId', { schema: { params: businessIdParamsSchema, response: { 200: z.array(blockedDateSchema) } } }, async (request) =>
    listBlockedDates(app.db, request.params.businessId),
  );
  app.post(
    '/business-availability',
    { schema: { querystring: strandChoiceQuerySchema, body: blockDateSchema, response: { 201: blockedDateSchema } } },
    async (request, reply) => reply.status(201).send(await blockDate(app.db, request.user, request.body, strandChoiceOf(request.query), app.clock())),
  );
  app.delete('/business-availability/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    await unblockDate(app.db, request.user, request.params.id);
    return reply.status(204).send();
  });

  app.get('/restaurant-time-slots/:businessId', { schema: { params: businessIdParamsSchema, response: { 200: z.array(timeSlotSchema) } } }, async (request) =>
    listTimeSlots(app.db, request.params.businessId),
  );
  app.post('/restaurant-time-slots', { schema: { body: timeSlotInputSchema, response: { 201: timeSlotSchema } } }, async (request, reply) =>
    reply.status(201).send(await createTimeSlot(app.db, request.user, request.body)),
  );
  app.put(
    '/restaurant-time-slots/:id',
    { schema: { params: idParamsSchema, querystring: strandChoiceQuerySchema, body: timeSlotInputSchema, response: { 200: timeSlotSchema } } },
    async (request) => updateTimeSlot(app.db, request.user, request.params.id, request.body, strandChoiceOf(request.query), app.clock()),
  );
  app.delete('/restaurant-time-slots/:id', { schema: { params: idParamsSchema, querystring: strandChoiceQuerySchema } }, async (request, reply) => {
    await deleteTimeSlot(app.db, request.user, request.params.id, strandChoiceOf(request.query), app.clock());
    return reply.status(204).send();
  });

  // forAppointment: the times the signed-in customer may move that appointment of theirs to (its own
  // time left free, and its service's even when archived: DESIGN section 4).
  app.get(
    '/available-slots',
    { schema: { querystring: availableSlotsQuerySchema.extend({ forAppointment: idParam('forAppointment').optional() }), response: { 200: z.array(z.string()) } } },
    async (request) => {
      const { forAppointment, ...query } = request.query;
      if (forAppointment !== undefined) await requireOwnAppointment(app.db, request.user, forAppointment, query);
      return listAvailableSlots(app.db, { ...query, rules: slotRules(app.config), ...(forAppointment !== undefined && { excludeAppointmentIds: [forAppointment] }) });
    },
  );

  // The booking calendar's month: which days have a free start (issue 27), one query for the month.
  app.get('/businesses/:id/open-days', { schema: { params: idParamsSchema, querystring: openDaysQuerySchema, response: { 200: openDaysSchema } } }, async (request) =>
    listOpenDays(app.db, { ...request.query, businessId: request.params.id, rules: slotRules(app.config) }),
  );
  app.get('/businesses/:id/earliest-appointment', { schema: { params: idParamsSchema, response: { 200: earliestAppointmentSchema } } }, async (request) =>
    getEarliestAppointment(app.db, request.params.id),
  );
  app.get('/businesses/:id/earliest-appointments', { schema: { params: idParamsSchema, response: { 200: z.array(earliestAppointmentSchema) } } }, async (request, reply) =>
    reply.type('application/json').send((await businessEarliestAppointmentsJson(app.db, request.params.id)) as never),
  );
  // The schema documents the answer; the body is the database's JSON text, which Fastify sends as it
  // is (a string with a JSON content type is not serialized again; earliest.service.ts).
  app.get('/earliest-appointments', { schema: { querystring: listEarliestQuerySchema, response: { 200: z.array(earliestAppointmentSchema) } } }, async (request, reply) => {
    const page = await earliestPageJson(app.db, request.query, app.clock(), app.config.RESTAURANT_BOOKING_HORIZON_DAYS);
    linkNextCursor(request, reply, page.next);
    return reply.type('application/json').send(page.json as never);
  });
};
