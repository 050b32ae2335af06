import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmPaymentIntentSchema, createPaymentIntentSchema, paymentIntentParamsSchema, paymentIntentSchema } from '../../../contract/payments.js';
import { requireUser } from '../../plugins/session.js';
import { confirmTestCard } from './confirm-test-card.js';
import { createPaymentIntent } from './create-payment-intent.js';

// Card payments: open an intent for the signed-in user; with the test processor, confirm it with a test card.
// Both honour Idempotency-Key, so their work goes to request.db (plugins/idempotency.ts).
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // 200, not 201: SPEC's client reads the reply of this call like any other.
  app.post('/create-payment-intent', { config: { idempotent: true }, schema: { body: createPaymentIntentSchema, response: { 200: paymentIntentSchema } } }, async (request) =>
    createPaymentIntent(request.db, app.paymentProcessor, requireUser(request), request.body),
  );

  app.post(
    '/payment-intents/:id/confirm',
    { config: { idempotent: true }, schema: { params: paymentIntentParamsSchema, body: confirmPaymentIntentSchema, response: { 200: paymentIntentSchema } } },
    async (request) => confirmTestCard(request.db, app.paymentProcessor, requireUser(request), request.params.id, request.body.cardNumber),
  );
};
