// One list of error codes shared by server and web; the server maps each to one HTTP status.
export const ErrorCode = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  DUPLICATE: 'DUPLICATE',
  SLOT_TAKEN: 'SLOT_TAKEN',
  INVALID_STATE: 'INVALID_STATE',
  RATE_LIMITED: 'RATE_LIMITED',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  URI_TOO_LONG: 'URI_TOO_LONG',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  CROSS_SITE: 'CROSS_SITE',
  UPGRADE_REQUIRED: 'UPGRADE_REQUIRED',
  CARD_DECLINED: 'CARD_DECLINED',
  /** A booking under a deposit or card-on-file policy without a usable card payment or saved card (DESIGN section 11). */
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  INSUFFICIENT_CREDIT: 'INSUFFICIENT_CREDIT',
  /** A guest holds at most one confirmed reservation per restaurant and day (DESIGN section 5). */
  ONE_RESERVATION_PER_DAY: 'ONE_RESERVATION_PER_DAY',
  /** A customer's confirmed bookings never overlap in real time, at any business (DESIGN section 9). */
  OVERLAPS_YOUR_BOOKING: 'OVERLAPS_YOUR_BOOKING',
  /** Booking policies (DESIGN section 9): too close to the start, too far ahead, past a cut-off, over the customer limit. */
  TOO_SOON: 'TOO_SOON',
  TOO_FAR: 'TOO_FAR',
  CANCEL_WINDOW_CLOSED: 'CANCEL_WINDOW_CLOSED',
  RESCHEDULE_WINDOW_CLOSED: 'RESCHEDULE_WINDOW_CLOSED',
  CUSTOMER_LIMIT: 'CUSTOMER_LIMIT',
  /** An owner change would leave upcoming bookings without a place (DESIGN section 4); the body lists them as `bookings`. */
  STRANDS_BOOKINGS: 'STRANDS_BOOKINGS',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  IDEMPOTENCY_KEY_IN_USE: 'IDEMPOTENCY_KEY_IN_USE',
  /** Verified reviews (DESIGN section 10): reviewed already, not a completed visit, past the 30 days, a reply past its 24 h, reported already. */
  ALREADY_REVIEWED: 'ALREADY_REVIEWED',
  NOT_REVIEWABLE: 'NOT_REVIEWABLE',
  REVIEW_WINDOW_CLOSED: 'REVIEW_WINDOW_CLOSED',
  REPLY_EDIT_WINDOW_CLOSED: 'REPLY_EDIT_WINDOW_CLOSED',
  ALREADY_REPORTED: 'ALREADY_REPORTED',
  /** A reminder's signed link (DESIGN section 11): not one we made (tampered with), already used, or past its expiry. */
  LINK_INVALID: 'LINK_INVALID',
  LINK_USED: 'LINK_USED',
  LINK_EXPIRED: 'LINK_EXPIRED',
  UNAVAILABLE: 'UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DUPLICATE: 409,
  SLOT_TAKEN: 409,
  INVALID_STATE: 409,
  RATE_LIMITED: 429,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  CROSS_SITE: 403,
  UPGRADE_REQUIRED: 426,
  CARD_DECLINED: 402,
  PAYMENT_REQUIRED: 402,
  INSUFFICIENT_CREDIT: 400,
  ONE_RESERVATION_PER_DAY: 409,
  OVERLAPS_YOUR_BOOKING: 409,
  TOO_SOON: 409,
  TOO_FAR: 409,
  CANCEL_WINDOW_CLOSED: 409,
  RESCHEDULE_WINDOW_CLOSED: 409,
  CUSTOMER_LIMIT: 409,
  STRANDS_BOOKINGS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_USE: 409,
  ALREADY_REVIEWED: 409,
  NOT_REVIEWABLE: 409,
  REVIEW_WINDOW_CLOSED: 409,
  REPLY_EDIT_WINDOW_CLOSED: 409,
  ALREADY_REPORTED: 409,
  LINK_INVALID: 400,
  LINK_USED: 409,
  LINK_EXPIRED: 410,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export interface ErrorBody {
  message: string;
  code: ErrorCode;
  issues?: { path: (string | number)[]; message: string }[];
  /** STRANDS_BOOKINGS: the bookings the change would strand (src/contract/stranded-bookings.ts). */
  bookings?: unknown[];
}
