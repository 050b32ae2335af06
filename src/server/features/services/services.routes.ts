import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/businesses.js';
import { serviceInputSchema, serviceSchema } from '../../../contract/services.js';
import { serviceDeleteQuerySchema } from '../../../contract/stranded-bookings.js';
import { createService, deleteService, getService, listServices, updateService } from './services.service.js';

export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/businesses/:id/services', { schema: { params: idParamsSchema, response: { 200: z.array(serviceSchema) } } }, async (request) =>
    listServices(app.db, request.params.id),
  );

  app.post('/businesses/:id/services', { schema: { params: idParamsSchema, body: serviceInputSchema, response: { 201: serviceSchema } } }, async (request, reply) =>
    reply.status(201).send(await createService(app.db, request.user, request.params.id, request.body)),
  );

  app.get('/services/:id', { schema: { params: idParamsSchema, response: { 200: serviceSchema } } }, async (request) => {
    const { priceCents: _p, ...service } = await getService(app.db, request.params.id);
    return service;
  });

  app.put('/services/:id', { schema: { params: idParamsSchema, body: serviceInputSchema, response: { 200: serviceSchema } } }, async (request) =>
    updateService(app.db, request.user, request.params.id, request.body),
  );

  app.delete('/services/:id', { schema: { params: idParamsSchema, querystring: serviceDeleteQuerySchema } }, async (request, reply) => {
    const choice = { keepBookings: request.query.keepBookings === 'true', cancelBookings: request.query.cancelBookings === 'true' };
    await deleteService(app.db, request.user, request.params.id, choice, app.clock());
    return reply.status(204).send();
  });
};
