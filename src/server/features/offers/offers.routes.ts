import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '../../../contract/errors.js';
import { REPLAYED_HEADER } from '../../plugins/idempotency.js';
import { z } from 'zod';
import { idParamsSchema } from '../../../contract/businesses.js';
import { acceptCounterSchema, businessSwapSchema, counterOfferSchema, createOfferSchema, offerSchema, offersQuerySchema } from '../../../contract/offers.js';
import type { User } from '../../../contract/auth.js';
import type { Db } from '../../db/client.js';
import { slotRules } from '../availability/index.js';
import { refreshIntentFromProcessor, releaseRefusedIntent } from '../payments/index.js';
import { pagedList } from '../../plugins/paging.js';
import { requireUser } from '../../plugins/session.js';
import { acceptOffer } from './accept-offer.js';
import { counterOffer } from './counter-offer.js';
import { createOffer } from './create-offer.js';
import { cancelOffer, declineOffer } from './end-offer.js';
import { listOffersOnAppointment } from './appointment-offers.js';
import { listBusinessSwaps } from './list-business-swaps.js';
import { getOffer, listOffers } from './list-offers.js';

const offerResponse = { 200: offerSchema };
// A person's offers grow with their history: a page at a time (DESIGN section 10).
const offerPages = pagedList('offers');
// Money moves on these: a retried request with the same Idempotency-Key gets the first answer. Their
// work goes to request.db: the key's transaction when the header is sent (plugins/idempotency.ts).
const idempotent = { idempotent: true } as const;

/** Refusals after which the client may well retry with the same card payment: it stays held. */
const KEEP_CARD_ON = new Set<string | undefined>([ErrorCode.IDEMPOTENCY_KEY_IN_USE, ErrorCode.CONFLICT, ErrorCode.RATE_LIMITED, ErrorCode.UNAUTHENTICATED]);

/** The `code` of a JSON error body as serialized for sending. */
function errorCodeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

// Paid slot swaps: make, negotiate, accept, decline and cancel offers.
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  // A card confirmed in the browser (Stripe.js) is only known to the processor until we ask it,
  // before the statement that claims it. This asks and moves no money; with an Idempotency-Key it
  // runs inside the key's transaction, as the rest of the request does (decision 0008).
  const refreshCard = async (request: { user: User | null; db: Db }, idOrClientSecret: string | null | undefined) => {
    if (request.user && idOrClientSecret) await refreshIntentFromProcessor(request.db, app.paymentProcessor, { idOrClientSecret, user: request.user });
  };

  // A card payment a refused request brought is released at once (DESIGN section 4): its hold would
  // otherwise stay on the payer's card though no offer uses it. Route-level onSend runs after the
  // idempotency plugin's, so a keyed request's transaction has ended. Not for a replay (its first
  // answer did this), nor a refusal that means "try again" (the client retries with the same card).
  const releaseCardOnRefusal = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const card = (request.body as { paymentIntentId?: unknown } | undefined)?.paymentIntentId;
    if (!request.user || typeof card !== 'string' || reply.statusCode < 400 || reply.statusCode >= 500) return payload;
    if (reply.getHeader(REPLAYED_HEADER) !== undefined || KEEP_CARD_ON.has(errorCodeOf(payload))) return payload;
    await releaseRefusedIntent(app.db, request.user.id, card).catch((err: unknown) =>
      request.log.warn({ err }, 'the card payment of a refused offer request could not be released; the worker releases it later'),
    );
    return payload;
  };

  app.get(
    '/queue-jump-offers',
    { schema: { querystring: offersQuerySchema.extend(offerPages.query), response: { 200: z.array(offerSchema) } } },
    async (request, reply) => offerPages.send(request, reply, await listOffers(app.db, request.user, request.query)),
  );
  app.get('/queue-jump-offers/:id', { schema: { params: idParamsSchema, response: offerResponse } }, async (request) =>
    getOffer(app.db, request.user, request.params.id),
  );
  app.post('/queue-jump-offers', { config: idempotent, onSend: releaseCardOnRefusal, schema: { body: createOfferSchema, response: { 201: offerSchema } } }, async (request, reply) => {
    await refreshCard(request, request.body.paymentIntentId);
    return reply.status(201).send(await createOffer(request.db, requireUser(request), request.body));
  });
  app.post(
    '/queue-jump-offers/:id/negotiate',
    { config: idempotent, onSend: releaseCardOnRefusal, schema: { params: idParamsSchema, body: counterOfferSchema, response: offerResponse } },
    async (request) => {
      await refreshCard(request, request.body.paymentIntentId);
      return counterOffer(request.db, requireUser(request), request.params.id, request.body);
    },
  );
  app.post('/queue-jump-offers/:id/accept', { config: idempotent, onSend: releaseCardOnRefusal, schema: { params: idParamsSchema, body: acceptCounterSchema, response: offerResponse } }, async (request) => {
    await refreshCard(request, request.body?.paymentIntentId);
    return acceptOffer(request.db, requireUser(request), request.params.id, slotRules(app.config), request.body?.paymentIntentId);
  });
  app.post(
    '/queue-jump-offers/:id/accept-counter',
    { config: idempotent, onSend: releaseCardOnRefusal, schema: { params: idParamsSchema, body: acceptCounterSchema, response: offerResponse } },
    async (request) => {
      await refreshCard(request, request.body?.paymentIntentId);
      return acceptOffer(request.db, requireUser(request), request.params.id, slotRules(app.config), request.body?.paymentIntentId, { counter: true });
    },
  );
  app.post('/queue-jump-offers/:id/decline', { config: idempotent, schema: { params: idParamsSchema, response: offerResponse } }, async (request) =>
    declineOffer(request.db, requireUser(request), request.params.id),
  );
  app.post('/queue-jump-offers/:id/cancel', { config: idempotent, schema: { params: idParamsSchema, response: offerResponse } }, async (request) =>
    cancelOffer(request.db, requireUser(request), request.params.id),
  );

  // The cancel dialog's question: what happens to the money of the offers tied to this appointment.
  app.get('/appointments/:id/offers', { schema: { params: idParamsSchema, response: { 200: z.array(offerSchema) } } }, async (request) =>
    listOffersOnAppointment(app.db, request.user, request.params.id),
  );

  app.get('/businesses/:id/swaps', { schema: { params: idParamsSchema, response: { 200: z.array(businessSwapSchema) } } }, async (request) =>
    listBusinessSwaps(app.db, request.user, request.params.id),
  );
};
