import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cardSetupSchema, confirmPaymentIntentSchema, createPaymentIntentSchema, createPaymentMethodSchema, paymentMethodSchema, paymentConfigSchema, paymentIntentParamsSchema, paymentIntentSchema, payoutSetupLinkSchema, payoutsSchema,
  startPayoutSetupSchema,
} from '../../../contract/payments.js';
import { requireUser } from '../../plugins/session.js';
import { confirmTestCard } from './confirm-test-card.js';
import { createPaymentIntent } from './create-payment-intent.js';
import { startCardSetup } from './save-card-with-stripe.js';
import { savePaymentMethod } from './save-payment-method.js';
import { listPayouts, startPayoutSetup } from './payouts.service.js';

// Card payments: open an intent for the signed-in user; with the test processor, confirm it with a test card.
// Both honour Idempotency-Key, so their work goes to request.db (plugins/idempotency.ts).
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Which card form the web app shows; the publishable key is meant for browsers.
  app.get('/payment-config', { schema: { response: { 200: paymentConfigSchema } } }, async () => ({
    processor: app.paymentProcessor.name,
    stripePublishableKey: app.paymentProcessor.name === 'stripe' ? (app.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  }));

  // 200, not 201: SPEC's client reads the reply of this call like any other.
  app.post('/create-payment-intent', { config: { idempotent: true }, schema: { body: createPaymentIntentSchema, response: { 200: paymentIntentSchema } } }, async (request) =>
    createPaymentIntent(request.db, app.paymentProcessor, requireUser(request), request.body),
  );

  app.post(
    '/payment-intents/:id/confirm',
    { config: { idempotent: true }, schema: { params: paymentIntentParamsSchema, body: confirmPaymentIntentSchema, response: { 200: paymentIntentSchema } } },
    async (request) => confirmTestCard(request.db, app.paymentProcessor, requireUser(request), request.params.id, request.body.cardNumber),
  );

  // A card saved for a card-on-file service's fees (DESIGN section 11); 201: a new saved card.
  app.post('/payment-methods', { config: { idempotent: true }, schema: { body: createPaymentMethodSchema, response: { 201: paymentMethodSchema } } }, async (request, reply) =>
    reply.status(201).send(await savePaymentMethod(request.db, app.paymentProcessor, requireUser(request), request.body)),
  );
  // With Stripe, saving a card starts here: the browser confirms this SetupIntent, then sends its id above.
  app.post('/setup-intents', { schema: { response: { 200: cardSetupSchema } } }, async (request) => startCardSetup(app.db, app.paymentProcessor, requireUser(request)));

  // Payout onboarding (Stripe Connect): the user's own account and their businesses'.
  app.get('/payouts', { schema: { response: { 200: payoutsSchema } } }, async (request) => listPayouts(app.db, app.paymentProcessor, requireUser(request)));
  app.post('/payouts/setup', { schema: { body: startPayoutSetupSchema, response: { 200: payoutSetupLinkSchema } } }, async (request) =>
    startPayoutSetup(app.db, app.paymentProcessor, app.config.PUBLIC_URL, requireUser(request), request.body.businessId ?? null),
  );
};
