import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessSchema, createBusinessSchema, createRestaurantSchema, idParamsSchema, listBusinessesQuerySchema } from '../../../contract/businesses.js';
import { notFound } from '../../errors.js';
import { requireUser } from '../../plugins/session.js';
import * as businessesRepository from './businesses.repository.js';
import { createRestaurant, createServiceBusiness } from './create-business.js';

export const businessesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/businesses', { schema: { body: createBusinessSchema, response: { 201: businessSchema } } }, async (request, reply) => {
    const business = await createServiceBusiness(app.db, requireUser(request), request.body, app.config.DEFAULT_TIME_ZONE);
    return reply.status(201).send(business);
  });

  app.post('/restaurants', { schema: { body: createRestaurantSchema, response: { 201: businessSchema } } }, async (request, reply) => {
    const business = await createRestaurant(app.db, requireUser(request), request.body, app.config.DEFAULT_TIME_ZONE);
    return reply.status(201).send(business);
  });

  app.get('/businesses', { schema: { querystring: listBusinessesQuerySchema, response: { 200: z.array(businessSchema) } } }, async (request) =>
    businessesRepository.listBusinesses(app.db, request.query),
  );

  app.get('/businesses/:id', { schema: { params: idParamsSchema, response: { 200: businessSchema } } }, async (request) => {
    const business = await businessesRepository.findBusiness(app.db, request.params.id);
    if (!business) throw notFound('Business');
    return business;
  });
};
