// One place for what each appointment status means; the SQL predicates in the migrations and
// repositories use the same sets (a test checks the slot queries against these).

/** Statuses that hold a slot (service business) or seats (restaurant). */
export const SLOT_HOLDING_STATUSES = ['confirmed'] as const;

/** The service every restaurant gets at registration, used for table bookings. */
export const TABLE_RESERVATION_SERVICE = 'Table reservation';
