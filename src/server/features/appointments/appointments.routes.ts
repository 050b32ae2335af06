import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentSchema,
  createAppointmentSchema,
  listAppointmentsQuerySchema,
  restaurantReservationSchema,
  restaurantReservationsQuerySchema,
  updateAppointmentSchema,
} from '../../../contract/appointments.js';
import { idParamsSchema } from '../../../contract/businesses.js';
import { pagedList } from '../../plugins/paging.js';
import { requireUser } from '../../plugins/session.js';
import { slotRules } from '../availability/index.js';
import { bookAppointment } from './book-appointment.js';
import { cancelAppointment } from './cancel-appointment.js';
import { completeAppointment } from './complete-appointment.js';
import { markNoShow } from './mark-no-show.js';
import { listAppointments, listRestaurantReservations } from './list-appointments.js';
import { rescheduleAppointment } from './reschedule-appointment.js';

// A customer's own appointments grow with their history: a page at a time (DESIGN section 10).
const ownPages = pagedList('appointments');

// Booking, listing, cancelling, rescheduling and completing appointments; restaurant reservations.
export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Booking earns credit, so it honours Idempotency-Key like every money-moving POST: its work goes
  // to request.db, the key's transaction when the header is sent (plugins/idempotency.ts).
  app.post('/appointments', { config: { idempotent: true }, schema: { body: createAppointmentSchema, response: { 201: appointmentSchema } } }, async (request, reply) => {
    const appointment = await bookAppointment(request.db, requireUser(request), request.body, slotRules(app.config), undefined, (error) =>
      request.log.warn({ err: error }, 'live events of a booking could not be published'),
    );
    return reply.status(201).send(appointment);
  });

  app.get(
    '/appointments',
    { schema: { querystring: listAppointmentsQuerySchema.extend(ownPages.query), response: { 200: z.array(appointmentSchema) } } },
    async (request, reply) => ownPages.send(request, reply, await listAppointments(app.db, request.user, request.query)),
  );

  app.patch(
    '/appointments/:id',
    { schema: { params: idParamsSchema, body: updateAppointmentSchema, response: { 200: appointmentSchema } } },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      return 'status' in body
        ? cancelAppointment(app.db, user, request.params.id)
        : rescheduleAppointment(app.db, user, request.params.id, body, slotRules(app.config));
    },
  );

  // Completing posts the booking credit and releases escrow: a money-moving POST, so a retried
  // completion with the same Idempotency-Key replays its answer instead of a 409.
  app.post(
    '/appointments/:id/complete',
    { config: { idempotent: true }, schema: { params: idParamsSchema, response: { 200: appointmentSchema } } },
    async (request) => completeAppointment(request.db, requireUser(request), request.params.id, app.clock()),
  );

  // A no-show keeps a deposit and charges a fee (DESIGN section 11): money-moving, so keyed as completing is.
  app.post(
    '/appointments/:id/no-show',
    { config: { idempotent: true }, schema: { params: idParamsSchema, response: { 200: appointmentSchema } } },
    async (request) => markNoShow(request.db, requireUser(request), request.params.id, app.clock()),
  );

  app.get(
    '/restaurant-reservations',
    { schema: { querystring: restaurantReservationsQuerySchema, response: { 200: z.array(restaurantReservationSchema) } } },
    async (request) => listRestaurantReservations(app.db, request.user, request.query),
  );
};
