import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, type ErrorBody, errorStatus } from '../contract/errors.js';
import { constraintOf, databaseDetailOf, databaseMessageOf, isDatabaseUnavailable, RaisedState, SqlState, sqlStateOf } from './db/sql-state.js';

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly issues?: ErrorBody['issues'],
    /** A message about one user's own affairs: anyone else who asked is told `othersSee` instead. */
    public readonly privateTo?: { userId: number; othersSee: string },
    public readonly bookings?: ErrorBody['bookings'],
  ) {
    super(message);
  }

  /** The message for the user who asked (null: nobody signed in). */
  messageFor(userId: number | null | undefined): string {
    return this.privateTo && this.privateTo.userId !== userId ? this.privateTo.othersSee : this.message;
  }
}

export const notFound = (what: string) => new AppError(ErrorCode.NOT_FOUND, `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(ErrorCode.FORBIDDEN, message);
export const unauthenticated = () => new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in to continue');
export const slotTaken = () => new AppError(ErrorCode.SLOT_TAKEN, 'That time slot is no longer available');

/**
 * Refusals whose message describes one customer's own bookings (the SQL names them in DETAIL as
 * "customer <id>"): anyone else who caused one (the other party of an offer, an owner) is told
 * only this.
 */
const OTHERS_SEE: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.OVERLAPS_YOUR_BOOKING]: 'The other customer has another booking at that time.',
  [ErrorCode.ONE_RESERVATION_PER_DAY]: 'The other customer already has a table at this restaurant that day.',
};

const raisedCodes: Record<string, ErrorCode> = {
  [RaisedState.validation]: ErrorCode.VALIDATION,
  [RaisedState.forbidden]: ErrorCode.FORBIDDEN,
  [RaisedState.notFound]: ErrorCode.NOT_FOUND,
  [RaisedState.conflict]: ErrorCode.CONFLICT,
  [RaisedState.invalidState]: ErrorCode.INVALID_STATE,
  [RaisedState.slotTaken]: ErrorCode.SLOT_TAKEN,
  [RaisedState.unusableZone]: ErrorCode.INVALID_STATE,
  [RaisedState.insufficientCredit]: ErrorCode.INSUFFICIENT_CREDIT,
  [RaisedState.oneReservationPerDay]: ErrorCode.ONE_RESERVATION_PER_DAY,
  [RaisedState.overlapsYourBooking]: ErrorCode.OVERLAPS_YOUR_BOOKING,
  [RaisedState.tooSoon]: ErrorCode.TOO_SOON,
  [RaisedState.tooFar]: ErrorCode.TOO_FAR,
  [RaisedState.customerLimit]: ErrorCode.CUSTOMER_LIMIT,
  [RaisedState.cancelWindowClosed]: ErrorCode.CANCEL_WINDOW_CLOSED,
  [RaisedState.rescheduleWindowClosed]: ErrorCode.RESCHEDULE_WINDOW_CLOSED,
  [RaisedState.paymentRequired]: ErrorCode.PAYMENT_REQUIRED,
};

/** The exclusion constraint that keeps a customer in one place at a time (appointments/sql/one-place.sql). */
const ONE_PLACE_CONSTRAINT = 'appointments_one_place';

/** Maps a database constraint violation, or an error our SQL functions raised, to the error a client should see, or undefined. */
export function fromDatabaseError(error: unknown): AppError | undefined {
  const state = sqlStateOf(error);
  if (!state) return undefined;
  const raised = raisedCodes[state];
  const othersSee = raised && OTHERS_SEE[raised];
  if (othersSee) {
    const customer = /^customer (\d+)$/.exec(databaseDetailOf(error) ?? '');
    return new AppError(raised, databaseMessageOf(error) ?? othersSee, undefined, { userId: customer ? Number(customer[1]) : -1, othersSee });
  }
  if (raised) return new AppError(raised, databaseMessageOf(error) ?? 'The request cannot be done');
  if (state === SqlState.exclusionViolation && constraintOf(error) === ONE_PLACE_CONSTRAINT) {
    // Only when two requests raced past the trigger's read, which names the booking in the way.
    return new AppError(ErrorCode.OVERLAPS_YOUR_BOOKING, 'That time overlaps another confirmed booking of the same customer. Nobody can be in two places at once.');
  }
  if (state === SqlState.exclusionViolation) return slotTaken();
  if (state === SqlState.serializationFailure || state === SqlState.deadlockDetected) return new AppError(ErrorCode.CONFLICT, 'The request conflicted with another one. Please try again.');
  if (state === SqlState.uniqueViolation) return new AppError(ErrorCode.DUPLICATE, 'That record already exists');
  if (state.startsWith('22')) return new AppError(ErrorCode.VALIDATION, 'A value is out of range');
  if (state === SqlState.checkViolation || state === SqlState.foreignKeyViolation) return new AppError(ErrorCode.CONFLICT, 'The change conflicts with the current state');
  return undefined;
}

/**
 * Runs a call of one of our SQL functions: what they raise for the client, and the overlap the
 * exclusion constraint refused, come back as AppErrors, as the TypeScript rules threw them.
 */
export async function sqlCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const state = sqlStateOf(error);
    if (state && (raisedCodes[state] || state === SqlState.exclusionViolation)) throw fromDatabaseError(error);
    throw error;
  }
}

function send(reply: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[2], status: number, body: ErrorBody) {
  return reply.status(status).type('application/json').send(body);
}

const fastifyCodes: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Requests must be sent as application/json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, ErrorCode.PAYLOAD_TOO_LARGE, 'The request body is too large'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, ErrorCode.VALIDATION, 'The JSON body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, ErrorCode.VALIDATION, 'The body is not valid JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, ErrorCode.VALIDATION, 'The Content-Length header does not match the body'],
};

/** The one place where errors become HTTP responses. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const message = error.messageFor(request.user?.id);
      return send(reply, errorStatus[error.code], {
        message,
        code: error.code,
        ...(error.issues ? { issues: error.issues } : {}),
        ...(error.bookings ? { bookings: error.bookings } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath || '').split('/').filter(Boolean),
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      const where = first?.path.length ? `${first.path.join('.')}: ` : '';
      return send(reply, 400, { message: `${where}${first?.message ?? 'Invalid request'}`, code: ErrorCode.VALIDATION, issues });
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return send(reply, known[0], { message: known[2], code: known[1] });
    if (error.statusCode === 429) {
      return send(reply, 429, { message: error.message || 'Too many requests. Please slow down.', code: ErrorCode.RATE_LIMITED });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply, 503, { message: 'The service is busy or restarting. Please try again in a moment.', code: ErrorCode.UNAVAILABLE });
    }
    const dbError = fromDatabaseError(error);
    if (dbError) return send(reply, errorStatus[dbError.code], { message: dbError.messageFor(request.user?.id), code: dbError.code });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, { message: error.message, code: ErrorCode.VALIDATION });
    }
    if (isResponseSerializationError(error)) request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
    else request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { message: 'Something went wrong on our side. Please try again.', code: ErrorCode.INTERNAL });
  });

}

export function sendNotFound(reply: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[2], method: string, url: string) {
  return send(reply, 404, { message: `No API route for ${method} ${url.split('?')[0]}`, code: ErrorCode.NOT_FOUND });
}

/**
 * Errors Fastify raises before routing (a URL it cannot decode, a path parameter over
 * maxParamLength) get the same `{message, code}` shape as everything else.
 */
export function frameworkErrorHandler(error: FastifyError, _request: unknown, reply: Parameters<typeof sendNotFound>[0]) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, 414, { message: 'The request URL is too long', code: ErrorCode.URI_TOO_LONG });
  }
  return send(reply, 400, { message: 'The request URL is not valid', code: ErrorCode.VALIDATION });
}

const clientErrors: Record<string, [number, string, ErrorBody]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', { message: 'The request headers are too large', code: ErrorCode.HEADERS_TOO_LARGE }],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', { message: 'The request took too long to arrive', code: ErrorCode.VALIDATION }],
};
const malformed: [number, string, ErrorBody] = [400, 'Bad Request', { message: 'The request is not valid HTTP', code: ErrorCode.VALIDATION }];

/**
 * Node's HTTP parser rejects some requests (oversized headers, a Content-Length that does not
 * match, garbage) before Fastify sees them; those still answer JSON in the contract's shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: import('node:net').Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, body] = clientErrors[error.code ?? ''] ?? malformed;
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`);
  }
  socket.destroy(error);
}
