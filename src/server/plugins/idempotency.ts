import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../contract/errors.js';
import { SqlState, sqlStateOf } from '../db/sql-state.js';
import { AppError } from '../errors.js';
import { claimKey, findKey, type KeyOwner, releaseKey, type StoredKey, storeResponse, sweepIdempotencyKeys } from './idempotency-keys.repository.js';
import { IDEMPOTENCY_HEADER, parseIdempotencyKey, requestHash } from './idempotency-request.js';

export { sweepIdempotencyKeys } from './idempotency-keys.repository.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Honour the Idempotency-Key header: `app.post(url, { config: { idempotent: true }, … })`.
     * Every money-moving POST opts in (docs/decisions/0008-idempotency.md).
     */
    idempotent?: boolean;
  }
}

export const REPLAYED_HEADER = 'idempotent-replayed';
const SWEEP_EVERY_MS = 60 * 60 * 1000;
// A claim can lose a race with a row being released or expiring between two statements; past this
// many rounds the key is plainly busy.
const CLAIM_ROUNDS = 3;
// The unit of work already retried these; the client is told to try again, so the answer is not kept.
const TRANSIENT_STATES = new Set<string>([SqlState.serializationFailure, SqlState.deadlockDetected]);

interface KeyedRequest {
  owner: KeyOwner;
  hash: string;
  /** Set once this request holds the key's row. */
  claim?: string;
  transientFailure?: boolean;
}

// Per-request state lives here rather than on FastifyRequest: only this plugin reads it.
const keyed = new WeakMap<FastifyRequest, KeyedRequest>();

const keyReused = () => new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED, 'This Idempotency-Key was used with a different request');
const keyInUse = () => new AppError(ErrorCode.IDEMPOTENCY_KEY_IN_USE, 'A request with this Idempotency-Key is still being processed');

/**
 * Idempotency-Key for opted-in routes: the same key and request within 24 h replays the first
 * response, another request under the key is 422, and one still running is 409. Keys belong to the
 * signed-in user and live in the database, so they hold across processes and restarts.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    // The hash is taken before validation: two bodies the schema would read alike are still two requests.
    app.addHook('preValidation', async (request) => {
      const header = request.headers[IDEMPOTENCY_HEADER];
      // Without a session there is nobody to scope the key to; the route answers its own 401.
      if (!request.routeOptions.config?.idempotent || header === undefined || !request.user) return;
      const key = parseIdempotencyKey(header);
      if (key === null) throw new AppError(ErrorCode.VALIDATION, 'Idempotency-Key must be 1 to 255 printable ASCII characters');
      keyed.set(request, { owner: { userId: request.user.id, key }, hash: requestHash(request.method, request.url, request.body) });
    });

    // After validation, so a request the schema refuses never holds (or spends) its key.
    app.addHook('preHandler', async (request, reply) => {
      const state = keyed.get(request);
      if (!state) return;
      for (let round = 0; round < CLAIM_ROUNDS; round++) {
        const claim = await claimKey(app.db, { ...state.owner, method: request.method, path: request.url, requestHash: state.hash });
        if (claim) {
          state.claim = claim;
          return;
        }
        const stored = await findKey(app.db, state.owner);
        if (!stored) continue; // released or expired since the claim: claim again
        if (stored.requestHash !== state.hash) throw keyReused();
        if (stored.status === 'running') throw keyInUse();
        return replay(reply, stored);
      }
      throw keyInUse();
    });

    app.addHook('onError', async (request, _reply, error) => {
      const state = keyed.get(request);
      const sqlState = sqlStateOf(error);
      if (state && sqlState && TRANSIENT_STATES.has(sqlState)) state.transientFailure = true;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const state = keyed.get(request);
      if (!state?.claim) return payload;
      keyed.delete(request);
      await finish(request, reply, state, state.claim, payload);
      return payload;
    });

    scheduleSweep(app);
  },
  { name: 'idempotency' },
);

function replay(reply: FastifyReply, stored: StoredKey) {
  reply.code(stored.responseStatus ?? 200).header(REPLAYED_HEADER, 'true');
  // Every API answer is JSON (DESIGN section 4), so the stored body is replayed as JSON.
  if (stored.responseBody) return reply.type('application/json; charset=utf-8').send(stored.responseBody);
  return reply.send();
}

/**
 * Keeps the answer of a claimed request, or releases the key when the failure was ours (5xx) or
 * transient, so a retry runs again. A failure to store is logged, not answered: the client still
 * gets its real response, and the running row is taken over after ABANDONED_AFTER_SECONDS.
 */
async function finish(request: FastifyRequest, reply: FastifyReply, state: KeyedRequest, claim: string, payload: unknown) {
  const body = payload === undefined || payload === null ? null : typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
  try {
    if (reply.statusCode >= 500 || state.transientFailure || body === undefined) {
      if (body === undefined) request.log.warn('idempotent route answered with a stream; its response is not kept');
      await releaseKey(request.server.db, state.owner, claim);
    } else if (!(await storeResponse(request.server.db, state.owner, claim, reply.statusCode, body))) {
      request.log.warn({ key: state.owner.key }, 'idempotent request was taken over while it ran; its response is not kept');
    }
  } catch (err) {
    request.log.error({ err }, 'could not record the idempotent response');
  }
}

/** Deletes keys past retention while the app runs; the timer never keeps the process alive. */
function scheduleSweep(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = sweepIdempotencyKeys(app.db).catch((err: unknown) => app.log.warn({ err }, 'idempotency key sweep failed'));
    }, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // the database closes after the app: let a sweep under way finish first
    await running;
  });
}
