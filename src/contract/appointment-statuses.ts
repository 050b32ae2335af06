// One place for what each appointment status means; the SQL predicates in the migrations and
// repositories use the same sets (a test checks the slot queries against these).

/** Statuses that hold a slot (service business) or seats (restaurant). */
export const SLOT_HOLDING_STATUSES = ['confirmed'] as const;

/** Waitlist (DESIGN section 11): a held appointment holds its slot for a waiting customer until claimed or lapsed; it is not a booking (no credit, no queue, no offers). */
export const HELD_STATUS = 'held' as const;

/**
 * Statuses that can still be cancelled. 'pending' is a restaurant offer's temporary reservation:
 * it holds no seats, is not shown to the restaurant, and becomes confirmed only through the swap.
 */
export const OPEN_STATUSES = ['confirmed', 'pending'] as const;

/** The service every restaurant gets at registration, used for table bookings. */
export const TABLE_RESERVATION_SERVICE = 'Table reservation';
