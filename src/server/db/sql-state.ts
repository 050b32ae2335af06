// drizzle wraps driver errors, and PGlite and node-postgres nest them differently: the one walker.

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function find<T>(error: unknown, pick: (e: DriverError) => T | undefined): T | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++, e = (e as DriverError).cause) {
    const found = pick(e as DriverError);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The PostgreSQL SQLSTATE of an error (e.g. '23505'), or undefined when it did not come from the database. */
export const sqlStateOf = (error: unknown): string | undefined =>
  find(error, (e) => (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined));

/** The message of the database error that carries a SQLSTATE (what a RAISE in our SQL functions said). */
export const databaseMessageOf = (error: unknown): string | undefined =>
  find(error, (e) => (typeof e.code === 'string' && typeof (e as { message?: unknown }).message === 'string' ? ((e as { message: string }).message) : undefined));

/** The name of the constraint a database error reports. */
export const constraintOf = (error: unknown): string | undefined => find(error, (e) => (typeof e.constraint === 'string' ? e.constraint : undefined));

/**
 * True when the database could not be reached or refused the connection (down, restarting, out of
 * connections, a dropped socket, a statement past its timeout): the request did nothing and may be
 * retried, so it is a 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlStateOf(error);
  // 57014: the statement ran past statement_timeout (a slow or locked database): nothing was kept.
  if (state && (state.startsWith('08') || state === '53300' || state === '57014' || state.startsWith('57P'))) return true;
  return Boolean(
    find(error, (e) => {
      const code = typeof e.code === 'string' ? e.code : '';
      const message = (e as { message?: unknown }).message;
      if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
      // "… is not queryable": a statement (often the ROLLBACK) sent on a connection that had already dropped.
      return typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|is not queryable|PGlite is closed|Cannot use a pool after calling end/i.test(message) ? true : undefined;
    }),
  );
}

export const SqlState = {
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  exclusionViolation: '23P01',
  uniqueViolation: '23505',
  checkViolation: '23514',
  foreignKeyViolation: '23503',
} as const;

/**
 * SQLSTATEs our SQL functions raise for errors a client should see; the message is
 * the client's message. Class QB is not used by PostgreSQL.
 */
export const RaisedState = {
  validation: 'QB400',
  forbidden: 'QB403',
  notFound: 'QB404',
  conflict: 'QB409',
  invalidState: 'QBINV',
  slotTaken: 'QBSLT',
  /** A business zone PostgreSQL cannot use; DETAIL names it. */
  unusableZone: 'QBTZ1',
  /** Not enough spendable Que Credit for an offer's hold (INSUFFICIENT_CREDIT). */
  insufficientCredit: 'QBCRD',
  /** A guest's second confirmed table at a restaurant that day (ONE_RESERVATION_PER_DAY). */
  oneReservationPerDay: 'QBONE',
  /** A customer's confirmed booking that would overlap another of theirs in real time (OVERLAPS_YOUR_BOOKING). */
  overlapsYourBooking: 'QBOVL',
  /** Booking policies (DESIGN section 9): TOO_SOON, TOO_FAR, CUSTOMER_LIMIT, CANCEL_ and RESCHEDULE_WINDOW_CLOSED. */
  tooSoon: 'QBSON',
  tooFar: 'QBFAR',
  customerLimit: 'QBLIM',
  cancelWindowClosed: 'QBCWC',
  rescheduleWindowClosed: 'QBRWC',
  /** A deposit or saved card a booking needs, missing or unusable (PAYMENT_REQUIRED, DESIGN section 11). */
  paymentRequired: 'QB402',
} as const;

/** The DETAIL of a database error. */
export const databaseDetailOf = (error: unknown): string | undefined =>
  find(error, (e) => (typeof (e as { detail?: unknown }).detail === 'string' ? (e as { detail: string }).detail : undefined));
