import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { creditAccountSchema, creditsParamsSchema, creditTransactionSchema } from '../../../contract/credits.js';
import { deductCreditsResultSchema, deductCreditsSchema } from '../../../contract/payments.js';
import { pagedList } from '../../plugins/paging.js';
import { requireUser } from '../../plugins/session.js';
import { getCredits, listCreditTransactions } from './credits.service.js';
import { deductCredits } from './deduct-credits.js';

// Every credit movement is listed, so the history grows with the account: a page at a time (DESIGN section 10).
const transactionPages = pagedList('credit-transactions');

// Que Credit balance and history, backed by the ledger, and the pre-offer balance check.
export const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/credits/:userId', { schema: { params: creditsParamsSchema, response: { 200: creditAccountSchema } } }, async (request) =>
    getCredits(app.db, request.user, request.params.userId),
  );

  app.get(
    '/credits/:userId/transactions',
    { schema: { params: creditsParamsSchema, querystring: z.object(transactionPages.query), response: { 200: z.array(creditTransactionSchema) } } },
    async (request, reply) => transactionPages.send(request, reply, await listCreditTransactions(app.db, request.user, request.params.userId, request.query)),
  );

  app.post(
    '/credits/deduct',
    { config: { idempotent: true }, schema: { body: deductCreditsSchema, response: { 200: deductCreditsResultSchema } } },
    async (request) => deductCredits(request.db, requireUser(request), request.body),
  );
};
