import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { ErrorCode } from '../../../contract/errors.js';
import { sqlFunction } from '../../db/sql-function.js';
import { AppError } from '../../errors.js';

const receivedSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

const eventReceived = sqlFunction(
  'que_stripe_event_received',
  sql`select que_stripe_event_received(${sql.placeholder('id')}::text, ${sql.placeholder('type')}::text, ${sql.placeholder('payload')}::jsonb) as added`,
  z.object({ added: z.boolean() }),
);

const refused = (message: string) => new AppError(ErrorCode.VALIDATION, message);

/**
 * POST /api/stripe/webhook: Stripe's events, public but guarded by the Stripe-Signature header (an
 * HMAC of the exact bytes sent, with STRIPE_WEBHOOK_SECRET), so this plugin reads JSON bodies as raw
 * bytes (only in its own scope). A bad or missing signature is 400 and changes nothing. A good event
 * is kept once by its id and handled by a job (stripe-events.ts); a repeat is answered 200 as well,
 * so Stripe stops sending it.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/stripe/webhook', { schema: { response: { 200: receivedSchema } } }, async (request) => {
    const secret = app.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw refused('Stripe webhooks are not set up on this server (STRIPE_WEBHOOK_SECRET)');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw refused('A Stripe event needs its JSON body and a Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(request.body, signature, secret);
    } catch (error) {
      request.log.warn({ err: error }, 'Stripe webhook refused: bad signature');
      throw refused('The Stripe-Signature does not match this event');
    }
    const { added } = await eventReceived(app.db, { id: event.id, type: event.type, payload: JSON.stringify(event) });
    return { received: true as const, duplicate: !added };
  });
};
