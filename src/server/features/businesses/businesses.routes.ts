import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessSchema, createBusinessSchema, createRestaurantSchema, idParamsSchema, listBusinessesQuerySchema, updateBusinessSchema } from '../../../contract/businesses.js';
import { loadTimeZones } from '../../db/time-zones.js';
import { notFound } from '../../errors.js';
import { requireUser } from '../../plugins/session.js';
import * as businessesRepository from './businesses.repository.js';
import { createRestaurant, createServiceBusiness } from './create-business.js';
import { listBusinesses } from './list-businesses.js';
import { linkNextCursor } from '../../plugins/paging.js';
import { updateBusiness } from './update-business.js';

export const businessesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read at start-up; a DEFAULT_TIME_ZONE the database does not know stops the server here (ConfigError).
  const timeZones = await loadTimeZones(app.db, app.config.DEFAULT_TIME_ZONE);

  app.post('/businesses', { schema: { body: createBusinessSchema, response: { 201: businessSchema } } }, async (request, reply) => {
    const business = await createServiceBusiness(app.db, requireUser(request), request.body, timeZones);
    return reply.status(201).send(business);
  });

  app.post('/restaurants', { schema: { body: createRestaurantSchema, response: { 201: businessSchema } } }, async (request, reply) => {
    const business = await createRestaurant(app.db, requireUser(request), request.body, timeZones);
    return reply.status(201).send(business);
  });

  app.get('/businesses', { schema: { querystring: listBusinessesQuerySchema, response: { 200: z.array(businessSchema) } } }, async (request, reply) => {
    const horizonDays = app.config.RESTAURANT_BOOKING_HORIZON_DAYS;
    const page = await listBusinesses(app.db, request.query, { now: app.clock(), horizonDays, log: request.log });
    linkNextCursor(request, reply, page.next);
    return page.items;
  });

  app.get('/businesses/:id', { schema: { params: idParamsSchema, response: { 200: businessSchema } } }, async (request) => {
    const business = await businessesRepository.findBusiness(app.db, request.params.id);
    if (!business) throw notFound('Business');
    return business;
  });

  app.patch('/businesses/:id', { schema: { params: idParamsSchema, body: updateBusinessSchema, response: { 200: businessSchema } } }, async (request) =>
    updateBusiness(app.db, request.user, request.params.id, request.body, timeZones, app.clock()),
  );
};
