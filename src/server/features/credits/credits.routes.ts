import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Que Credit balance and history, backed by the ledger.
export const creditsRoutes: FastifyPluginAsyncZod = async () => {};
