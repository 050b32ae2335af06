import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../contract/errors.js';
import type { Db } from '../db/client.js';
import { isRetryable, TRANSACTION_ATTEMPTS } from '../db/unit-of-work.js';
import { AppError } from '../errors.js';
import type { JobFeature } from '../jobs/job-queue.js';
import { type KeyedRequest, type StoredKey, sweepIdempotencyKeys } from './idempotency-keys.repository.js';
import { IDEMPOTENCY_HEADER, parseIdempotencyKey, requestHash } from './idempotency-request.js';
import { KeyedAttempt, keepRefusal } from './keyed-attempt.js';

export { sweepIdempotencyKeys } from './idempotency-keys.repository.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Honour the Idempotency-Key header: `app.post(url, { config: { idempotent: true }, … })`.
     * Every money-moving POST opts in (docs/decisions/0008-idempotency.md). Its handler must do
     * its work on request.db.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /**
     * The database this request's work goes to: a keyed request's transaction, which keeps the
     * answer with the work, while its handler runs; otherwise the pool (app.db).
     */
    readonly db: Db;
  }
}

export const REPLAYED_HEADER = 'idempotent-replayed';
// PostgreSQL ends the session of a keyed transaction idle this long (its process hung or stopped),
// so its key and locks are never held for good. Above the processor's 20 s timeout: a handler may
// wait on a Stripe call while its transaction is open.
const KEYED_IDLE_LIMIT_MS = 30_000;

interface KeyedState {
  request: KeyedRequest;
  attempt?: KeyedAttempt;
}

// Per-request state lives here rather than on FastifyRequest: only this plugin reads it.
const keyed = new WeakMap<FastifyRequest, KeyedState>();

/**
 * Idempotency-Key for opted-in routes: the same key and request within 24 h replays the first
 * response, another request under the key is 422, and one still running is 409. Keys belong to the
 * signed-in user and live in the database, so they hold across processes and restarts. A keyed
 * request's claim, work and answer commit in one transaction (keyed-attempt.ts); a request without
 * the header runs its handler exactly as if this plugin were not there.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    const idleLimitMs = app.database.kind === 'postgres' ? KEYED_IDLE_LIMIT_MS : 0;
    app.decorateRequest('db', {
      getter(this: FastifyRequest) {
        return keyed.get(this)?.attempt?.tx ?? this.server.db;
      },
    });

    // The hash is taken before validation: two bodies the schema would read alike are still two requests.
    app.addHook('preValidation', async (request) => {
      const header = request.headers[IDEMPOTENCY_HEADER];
      // Without a session there is nobody to scope the key to; the route answers its own 401.
      if (!request.routeOptions.config?.idempotent || header === undefined || !request.user) return;
      const key = parseIdempotencyKey(header);
      if (key === null) throw new AppError(ErrorCode.VALIDATION, 'Idempotency-Key must be 1 to 255 printable ASCII characters');
      const hash = requestHash(request.method, request.url, request.body);
      keyed.set(request, { request: { userId: request.user.id, key, method: request.method, path: request.url, requestHash: hash } });
    });

    // The handler runs inside the key's transaction, after validation, so a request the schema
    // refuses never spends its key.
    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      const handler = route.handler;
      route.handler = function (this: FastifyInstance, request, reply) {
        const state = keyed.get(request);
        if (!state) return handler.call(this, request, reply);
        return runKeyed(state, reply, () => new Promise((resolve) => resolve(handler.call(this, request, reply))));
      } as RouteHandlerMethod;
    });

    async function runKeyed(state: KeyedState, reply: FastifyReply, handler: () => Promise<unknown>): Promise<unknown> {
      for (let attempt = 1; ; attempt++) {
        const run = (state.attempt = new KeyedAttempt(app.db, state.request, idleLimitMs, handler));
        try {
          const handled = await run.handled;
          return 'replay' in handled ? replay(reply, handled.replay) : handled.value;
        } catch (error) {
          // A deadlock or serialization failure aborted the transaction before anything was
          // answered: the whole request runs again, as unitOfWork would have run its work.
          if (isRetryable(error) && !run.answered && attempt < TRANSACTION_ATTEMPTS) continue;
          throw error;
        }
      }
    }

    app.addHook('onSend', async (request, reply, payload) => {
      const state = keyed.get(request);
      const attempt = state?.attempt;
      if (!state || !attempt) return payload;
      if (await attempt.answer(reply.statusCode, payload)) return payload;
      keyed.delete(request);
      // A refusal by the rules (4xx) is kept so its retry replays it; a 5xx or a transient failure
      // the retries gave up on (409 "please try again") is not, so the client may retry.
      const refusal = attempt.handlerError !== undefined && !attempt.answered && reply.statusCode < 500 && !isRetryable(attempt.handlerError);
      if (refusal) {
        await keepRefusal(app.db, state.request, reply.statusCode, payload).catch((err: unknown) =>
          request.log.warn({ err }, 'the refusal of an idempotent request could not be kept; its retry runs again'),
        );
      }
      return payload;
    });
  },
  { name: 'idempotency' },
);

function replay(reply: FastifyReply, stored: StoredKey) {
  reply.code(stored.responseStatus).header(REPLAYED_HEADER, 'true');
  // Every API answer is JSON (DESIGN section 4), so the stored body is replayed as JSON.
  if (stored.responseBody) return reply.type('application/json; charset=utf-8').send(stored.responseBody);
  return reply.send();
}

/** The recurring job that deletes keys past retention, once an hour (app.ts; decision 0028). */
export function idempotencyJobs(db: Db): JobFeature {
  return {
    tasks: { idempotency_key_sweep: async () => void (await sweepIdempotencyKeys(db)) },
    recurring: [{ task: 'idempotency_key_sweep', match: '17 * * * *' }],
  };
}
