import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { walletSchema } from '../../../contract/payments.js';
import { getWallet } from './get-wallet.js';

// The signed-in user's money at a glance. Its own feature: it reads credits, the ledger and offers,
// and none of them reads it.
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/wallet', { schema: { response: { 200: walletSchema } } }, async (request) => getWallet(app.db, request.user));
};
