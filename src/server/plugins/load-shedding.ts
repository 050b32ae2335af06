import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type ErrorBody } from '../../contract/errors.js';
import type { Config } from '../config.js';

const MB = 1024 * 1024;
export const RETRY_AFTER_SECONDS = 10;

const busy: ErrorBody = { message: 'The service is busy or restarting. Please try again in a moment.', code: ErrorCode.UNAVAILABLE };

/**
 * Sheds load with @fastify/under-pressure: while the heap, the resident memory or the event-loop
 * delay is past its limit (MAX_HEAP_USED_MB, MAX_RSS_MB, MAX_EVENT_LOOP_DELAY_MS), every new request
 * (health checks included, so a load balancer steers away) answers 503 UNAVAILABLE with Retry-After
 * before any work is done, instead of the process running out of memory under a queue of requests.
 * Registered before the routes; it only counts, so it costs nothing while all is well.
 */
export async function registerLoadShedding(app: FastifyInstance, config: Config) {
  await app.register(underPressure, {
    maxHeapUsedBytes: config.MAX_HEAP_USED_MB * MB,
    maxRssBytes: config.MAX_RSS_MB * MB,
    maxEventLoopDelay: config.MAX_EVENT_LOOP_DELAY_MS,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler,
  });
}

/**
 * A value returned by the handler is what under-pressure sends (undefined would let the request
 * through), so this answers in the contract's shape; its typings only know the void form.
 */
const pressureHandler = ((request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
  request.log.warn({ type, value }, 'shedding load');
  reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).type('application/json');
  return busy;
}) as unknown as (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => void;
