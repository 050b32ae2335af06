import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appointmentSchema } from '../../../contract/appointments.js';
import { idParamsSchema } from '../../../contract/businesses.js';
import { businessWaitlistEntrySchema, businessWaitlistQuerySchema, claimWaitlistSchema, joinWaitlistSchema, waitlistEntrySchema } from '../../../contract/waitlist.js';
import { pagedList } from '../../plugins/paging.js';
import { requireUser } from '../../plugins/session.js';
import { slotRules } from '../availability/index.js';
import { listBusinessWaitlist } from './list-business-waitlist.js';
import { claimWaitlistOffer, joinWaitlist, leaveWaitlist, listWaitlist, releaseToWaitlist } from './waitlist.service.js';

const pages = pagedList('waitlist');
const dayPages = pagedList('business-waitlist');

// The waitlist (DESIGN section 11): join, list mine, leave, claim a held time; and a booking's release to it.
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/waitlist', { schema: { body: joinWaitlistSchema, response: { 201: waitlistEntrySchema } } }, async (request, reply) =>
    reply.status(201).send(await joinWaitlist(app.db, requireUser(request), request.body, slotRules(app.config), app.clock())),
  );

  app.get('/waitlist', { schema: { querystring: z.object(pages.query), response: { 200: z.array(waitlistEntrySchema) } } }, async (request, reply) =>
    pages.send(request, reply, await listWaitlist(app.db, requireUser(request), request.query)),
  );

  // The owner's view of a day's waitlist, oldest first (the order holds are offered in).
  app.get(
    '/businesses/:id/waitlist',
    { schema: { params: idParamsSchema, querystring: businessWaitlistQuerySchema.extend(dayPages.query), response: { 200: z.array(businessWaitlistEntrySchema) } } },
    async (request, reply) => dayPages.send(request, reply, await listBusinessWaitlist(app.db, request.user, request.params.id, request.query.date, request.query)),
  );

  app.delete('/waitlist/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    await leaveWaitlist(app.db, requireUser(request), request.params.id, app.clock());
    return reply.status(204).send();
  });

  app.post('/waitlist/:id/claim', { schema: { params: idParamsSchema, body: claimWaitlistSchema, response: { 200: waitlistEntrySchema } } }, async (request) =>
    claimWaitlistOffer(app.db, requireUser(request), request.params.id, request.body ?? {}, app.clock()),
  );

  app.post('/appointments/:id/release', { schema: { params: idParamsSchema, response: { 200: appointmentSchema } } }, async (request) =>
    releaseToWaitlist(app.db, requireUser(request), request.params.id, app.clock()),
  );
};
