import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/businesses.js';
import { createReviewSchema, replySchema, reportSchema, reviewReportSchema, reviewSchema } from '../../../contract/reviews.js';
import { pagedList } from '../../plugins/paging.js';
import { requireUser } from '../../plugins/session.js';
import { createReview } from './create-review.js';
import { listReviews } from './list-reviews.js';
import { replyToReview } from './reply-to-review.js';
import { reportReview } from './report-review.js';

const reviewPages = pagedList('reviews');

// Verified reviews (DESIGN section 10): write one for a completed visit, read a business's, answer and report them.
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/appointments/:id/review',
    { schema: { params: idParamsSchema, body: createReviewSchema, response: { 201: reviewSchema } } },
    async (request, reply) => reply.status(201).send(await createReview(app.db, requireUser(request), request.params.id, request.body, app.clock())),
  );

  app.get(
    '/businesses/:id/reviews',
    { schema: { params: idParamsSchema, querystring: z.object(reviewPages.query), response: { 200: z.array(reviewSchema) } } },
    async (request, reply) => reviewPages.send(request, reply, await listReviews(app.db, request.user, request.params.id, request.query)),
  );

  // One verb for the reply: the first post writes it (201), another within the edit window replaces it (200).
  app.post(
    '/reviews/:id/reply',
    { schema: { params: idParamsSchema, body: replySchema, response: { 200: reviewSchema, 201: reviewSchema } } },
    async (request, reply) => {
      const { created, review } = await replyToReview(app.db, requireUser(request), request.params.id, request.body.text, app.clock());
      return reply.status(created ? 201 : 200).send(review);
    },
  );

  app.post(
    '/reviews/:id/report',
    { schema: { params: idParamsSchema, body: reportSchema, response: { 201: reviewReportSchema } } },
    async (request, reply) => reply.status(201).send(await reportReview(app.db, requireUser(request), request.params.id, request.body.reason)),
  );
};
