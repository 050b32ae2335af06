import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/businesses.js';
import { idParam } from '../../../contract/numbers.js';
import {
  availabilityResponseSchema, createStaffSchema, deactivateStaffResponseSchema, publicStaffMemberSchema, staffHoursSchema, staffMemberSchema,
  timeOffSchema, updateStaffSchema,
} from '../../../contract/staff.js';
import { availableSlotsQuerySchema } from '../../../contract/availability.js';
import { strandChoiceOf, strandChoiceQuerySchema } from '../../../contract/stranded-bookings.js';
import { slotRules } from '../availability/index.js';
import { createStaff } from './create-staff.js';
import { deactivateStaff } from './deactivate-staff.js';
import { listStaff } from './list-staff.js';
import { staffAvailability } from './staff-availability.js';
import { addTimeOff, removeTimeOff, setStaffHours } from './staff-schedule.js';
import { updateStaff } from './update-staff.js';

const flag = (name: string) => z.enum(['true', 'false'], `${name} must be true or false`).optional();
const timeOffEntrySchema = staffMemberSchema.shape.timeOff.element;

// Staff members of a service business (DESIGN section 9): the public list, the owner's edits, and
// who is free when.
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/businesses/:id/staff',
    {
      schema: {
        params: idParamsSchema,
        querystring: z.object({ all: flag('all') }),
        response: { 200: z.union([z.array(staffMemberSchema), z.array(publicStaffMemberSchema)]) },
      },
    },
    async (request) => listStaff(app.db, request.user, request.params.id, request.query.all === 'true'),
  );
  app.post('/businesses/:id/staff', { schema: { params: idParamsSchema, body: createStaffSchema, response: { 201: staffMemberSchema } } }, async (request, reply) =>
    reply.status(201).send(await createStaff(app.db, request.user, request.params.id, request.body)),
  );
  app.patch('/staff/:id', { schema: { params: idParamsSchema, body: updateStaffSchema, response: { 200: staffMemberSchema } } }, async (request) =>
    updateStaff(app.db, request.user, request.params.id, request.body),
  );
  app.put(
    '/staff/:id/hours',
    { schema: { params: idParamsSchema, querystring: strandChoiceQuerySchema, body: staffHoursSchema, response: { 200: staffMemberSchema } } },
    async (request) => setStaffHours(app.db, request.user, request.params.id, request.body, strandChoiceOf(request.query), app.clock()),
  );
  app.post(
    '/staff/:id/time-off',
    { schema: { params: idParamsSchema, querystring: strandChoiceQuerySchema, body: timeOffSchema, response: { 201: timeOffEntrySchema } } },
    async (request, reply) =>
      reply.status(201).send(await addTimeOff(app.db, request.user, request.params.id, request.body, strandChoiceOf(request.query), app.clock())),
  );
  app.delete(
    '/staff/:id/time-off/:timeOffId',
    { schema: { params: z.object({ id: idParam('id'), timeOffId: idParam('timeOffId') }) } },
    async (request, reply) => {
      await removeTimeOff(app.db, request.user, request.params.id, request.params.timeOffId);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/staff/:id',
    { schema: { params: idParamsSchema, querystring: strandChoiceQuerySchema, response: { 200: deactivateStaffResponseSchema } } },
    async (request) => deactivateStaff(app.db, request.user, request.params.id, strandChoiceOf(request.query), app.clock()),
  );

  app.get(
    '/businesses/:id/availability',
    { schema: { params: idParamsSchema, querystring: availableSlotsQuerySchema.omit({ businessId: true, partySize: true }), response: { 200: availabilityResponseSchema } } },
    async (request) => staffAvailability(app.db, { ...request.query, businessId: request.params.id, rules: slotRules(app.config) }),
  );
};
