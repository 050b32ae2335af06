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
import { requireUser } from '../../plugins/session.js';
import { slotRulesOf } from '../availability/available-slots.js';
import { bookAppointment } from './book-appointment.js';
import { cancelAppointment } from './cancel-appointment.js';
import { completeAppointment } from './complete-appointment.js';
import { listAppointments, listRestaurantReservations } from './list-appointments.js';
import { rescheduleAppointment } from './reschedule-appointment.js';

// Booking, listing, cancelling, rescheduling and completing appointments; restaurant reservations.
export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Booking earns credit, so it honours Idempotency-Key like every money-moving POST: its work goes
  // to request.db, the key's transaction when the header is sent (plugins/idempotency.ts).
  app.post('/appointments', { config: { idempotent: true }, schema: { body: createAppointmentSchema, response: { 201: appointmentSchema } } }, async (request, reply) => {
    const appointment = await bookAppointment(request.db, requireUser(request), request.body, slotRulesOf(app.config), undefined, (error) =>
      request.log.warn({ err: error }, 'live events of a booking could not be published'),
    );
    return reply.status(201).send(appointment);
  });

  app.get('/appointments', { schema: { querystring: listAppointmentsQuerySchema, response: { 200: z.array(appointmentSchema) } } }, async (request) =>
    listAppointments(app.db, request.user, request.query),
  );

  app.patch(
    '/appointments/:id',
    { schema: { params: idParamsSchema, body: updateAppointmentSchema, response: { 200: appointmentSchema } } },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      return 'status' in body
        ? cancelAppointment(app.db, user, request.params.id)
        : rescheduleAppointment(app.db, user, request.params.id, body, slotRulesOf(app.config));
    },
  );

  // Completing posts the booking credit and releases escrow: a money-moving POST, so a retried
  // completion with the same Idempotency-Key replays its answer instead of a 409.
  app.post(
    '/appointments/:id/complete',
    { config: { idempotent: true }, schema: { params: idParamsSchema, response: { 200: appointmentSchema } } },
    async (request) => completeAppointment(request.db, requireUser(request), request.params.id),
  );

  app.get(
    '/restaurant-reservations',
    { schema: { querystring: restaurantReservationsQuerySchema, response: { 200: z.array(restaurantReservationSchema) } } },
    async (request) => listRestaurantReservations(app.db, request.user, request.query),
  );
};
