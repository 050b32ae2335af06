import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, date, doublePrecision, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, time, timestamp, unique, uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The profile's contact details that prefill bookings (PATCH /api/user, or a booking's when unset); phone in E.164. */
    fullName: text('full_name'),
    phone: text('phone'),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_user_type_check', sql`${t.userType} in ('customer', 'business')`),
    // E.164, as src/contract/phone.ts writes it: whatever writes a profile, one spelling per number.
    check('users_phone_e164_check', sql`${t.phone} ~ '^[+][1-9][0-9]{1,14}$'`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Login attempts per key (`ip:…`, `user:…`, `user-ip:…`) in a fixed window. In the database so every
 * app process shares the counts; see docs/decisions/0007-login-limits.md.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_attempts_window_ends_at_idx').on(t.windowEndsAt)],
);

export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').notNull().references(() => users.id),
    businessName: text('business_name').notNull(),
    category: text('category').notNull(),
    businessType: text('business_type').notNull(),
    description: text('description').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
    operatingHours: text('operating_hours').notNull().default(''),
    cuisineType: text('cuisine_type'),
    priceRange: text('price_range'),
    maxPartySize: integer('max_party_size'),
    reservationDuration: integer('reservation_duration'),
    seatingCapacity: integer('seating_capacity'),
    timeZone: text('time_zone').notNull(),
    // Booking policies the owner set (DESIGN section 9), only the keys set: a missing key is the
    // default (src/contract/rules.ts), so a default changed there reaches every business.
    policies: jsonb('policies').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Where it is (DESIGN section 10): both or neither; `near` reads them through ll_to_earth's GiST index.
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    // Verified reviews' summary, written in the transaction that writes a review (features/reviews).
    ratingCount: integer('rating_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    // one decimal, null without reviews: the rating sort's key
    ratingAverage: numeric('rating_average', { precision: 2, scale: 1, mode: 'number' }),
    // Name, category, cuisine, description and address, lower-cased and unaccented: what `q` searches,
    // by its words (business_words). Kept by a trigger (features/businesses/sql/search-text.sql).
    searchText: text('search_text').notNull().default(''),
    // Shown in the directory, quick booking and the sitemap: it has a bookable service. Kept by a
    // trigger on services in the transaction that adds, deletes or archives one (business-listed.sql).
    listed: boolean('listed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('businesses_owner_id_key').on(t.ownerId),
    // The directory's indexes hold listed businesses only (a business is listed while it has a bookable
    // service: features/services/sql/business-listed.sql), so every filter stays an index range.
    index('businesses_name_idx').on(t.businessName, t.id).where(sql`${t.listed}`),
    index('businesses_type_name_idx').on(t.businessType, t.businessName, t.id).where(sql`${t.listed}`),
    index('businesses_category_name_idx').on(t.category, t.businessName, t.id).where(sql`${t.listed}`),
    index('businesses_cuisine_name_idx').on(t.cuisineType, t.businessName, t.id).where(sql`${t.cuisineType} is not null and ${t.listed}`),
    index('businesses_price_name_idx').on(t.priceRange, t.businessName, t.id).where(sql`${t.priceRange} is not null and ${t.listed}`),
    index('businesses_party_size_idx').on(t.maxPartySize, t.id).where(sql`${t.maxPartySize} is not null and ${t.listed}`),
    index('businesses_rating_idx').on(sql`coalesce(${t.ratingAverage}, -1) desc`, sql`${t.ratingCount} desc`, t.id).where(sql`${t.listed}`),
    index('businesses_location_idx').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`).where(sql`${t.latitude} is not null and ${t.listed}`),
    // the sitemap's pages, in id order
    index('businesses_listed_id_idx').on(t.id).where(sql`${t.listed}`),
    check('businesses_location_check', sql`(${t.latitude} is null) = (${t.longitude} is null) and ${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`),
    check('businesses_rating_check', sql`${t.ratingCount} >= 0 and ${t.ratingTotal} between ${t.ratingCount} and 5 * ${t.ratingCount}`),
    check('businesses_type_check', sql`${t.businessType} in ('service', 'restaurant')`),
    check(
      'businesses_restaurant_fields_check',
      sql`${t.businessType} <> 'restaurant' or (${t.maxPartySize} between 1 and 20 and ${t.reservationDuration} between 60 and 300 and ${t.seatingCapacity} > 0)`,
    ),
  ],
);

/**
 * The words of every business's search_text (DESIGN section 10, decision 0026): what a typed word is
 * corrected against (trigram GIN index: "dentsit" finds "dentist" among a few thousand words, not
 * among 100,000 texts). Only added to: a word no business has any more finds no business_words row.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/** Which businesses have each word in their search_text: the search reads the matches of a word here, not in businesses. */
export const businessWords = pgTable(
  'business_words',
  {
    word: text('word').notNull(),
    businessId: integer('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'business_words_pkey', columns: [t.word, t.businessId] }), index('business_words_business_id_idx').on(t.businessId)],
);

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    duration: integer('duration').notNull(),
    priceCents: integer('price_cents').notNull(),
    // Soft delete: past appointments keep pointing at the service they were for.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // This service's policy overrides (DESIGN section 9): only the keys set; the rest are the business's.
    policies: jsonb('policies').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('services_business_id_idx').on(t.businessId),
    check('services_duration_check', sql`${t.duration} between 5 and 720`),
    check('services_price_check', sql`${t.priceCents} >= 0`),
  ],
);

export const businessHours = pgTable(
  'business_hours',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id),
    dayOfWeek: smallint('day_of_week').notNull(),
    openTime: time('open_time').notNull(),
    closeTime: time('close_time').notNull(),
  },
  (t) => [
    uniqueIndex('business_hours_day_key').on(t.businessId, t.dayOfWeek),
    check('business_hours_day_check', sql`${t.dayOfWeek} between 0 and 6`),
    check('business_hours_order_check', sql`${t.closeTime} > ${t.openTime}`),
  ],
);

export const blockedDates = pgTable(
  'blocked_dates',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id),
    date: date('date').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('blocked_dates_business_date_key').on(t.businessId, t.date)],
);

export const restaurantTimeSlots = pgTable(
  'restaurant_time_slots',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id),
    dayOfWeek: smallint('day_of_week').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    intervalMinutes: smallint('interval_minutes').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('restaurant_time_slots_business_idx').on(t.businessId, t.dayOfWeek),
    check('restaurant_time_slots_day_check', sql`${t.dayOfWeek} between 0 and 6`),
    check('restaurant_time_slots_interval_check', sql`${t.intervalMinutes} in (15, 30, 60)`),
    check('restaurant_time_slots_order_check', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/**
 * Staff members (DESIGN section 9): the people of a service business, each serving one customer at a
 * time. Every service business has at least one active member (the trigger in
 * features/staff/sql/first-member.sql gives a new one its first). `service_ids` empty: every service.
 * `own_hours` false: the business's hours; true: the member's rows in staff_hours (none that day: a
 * day off). `last_booked_at` feeds the "anyone" pick (booked least recently first).
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull(),
    serviceIds: integer('service_ids').array().notNull().default(sql`'{}'::integer[]`),
    ownHours: boolean('own_hours').notNull().default(false),
    lastBookedAt: timestamp('last_booked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_members_business_idx').on(t.businessId, t.position, t.id),
    check('staff_members_name_check', sql`length(btrim(${t.name})) between 1 and 100`),
  ],
);

/** A member's own weekly hours: several ranges a day make breaks. */
export const staffHours = pgTable(
  'staff_hours',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').notNull().references(() => staffMembers.id),
    dayOfWeek: smallint('day_of_week').notNull(),
    openTime: time('open_time').notNull(),
    closeTime: time('close_time').notNull(),
  },
  (t) => [
    index('staff_hours_staff_day_idx').on(t.staffId, t.dayOfWeek),
    check('staff_hours_day_check', sql`${t.dayOfWeek} between 0 and 6`),
    check('staff_hours_order_check', sql`${t.closeTime} > ${t.openTime}`),
  ],
);

/** Days a member does not work, whatever their hours: from startDate to endDate, both included. */
export const staffTimeOff = pgTable(
  'staff_time_off',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').notNull().references(() => staffMembers.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
  },
  (t) => [
    index('staff_time_off_staff_idx').on(t.staffId, t.startDate),
    check('staff_time_off_order_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * starts_at/ends_at are the business's local wall-clock time. The exclusion constraint that makes
 * double booking impossible for service businesses lives in a hand-written migration.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id').notNull().references(() => businesses.id),
    serviceId: integer('service_id').notNull().references(() => services.id),
    customerId: integer('customer_id').notNull().references(() => users.id),
    startsAt: timestamp('starts_at', { withTimezone: false, mode: 'string' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: false, mode: 'string' }).notNull(),
    duration: integer('duration').notNull(),
    priceCents: integer('price_cents').notNull(),
    status: text('status').notNull().default('confirmed'),
    // true for service businesses (one customer at a time); restaurants share by seats.
    exclusive: boolean('exclusive').notNull(),
    partySize: integer('party_size').notNull().default(1),
    notes: text('notes').notNull().default(''),
    blockOffers: boolean('block_offers').notNull().default(false),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    seatingPreference: text('seating_preference'),
    occasionType: text('occasion_type'),
    dietaryRestrictions: text('dietary_restrictions'),
    // Who cancelled it (its customer, or the business's owner): settlement refunds a payer whose
    // bought appointment the business cancelled (DESIGN section 5). Null when not cancelled by a person.
    cancelledBy: integer('cancelled_by').references(() => users.id),
    /** When the customer confirmed they will come, by a reminder's signed link (DESIGN section 11); null until then. */
    customerConfirmedAt: timestamp('customer_confirmed_at', { withTimezone: true }),
    // The effective policies it was booked under (DESIGN section 9), so a policy changed later
    // applies to later bookings only. Null for bookings made before policies: no cut-offs.
    bookedPolicies: jsonb('booked_policies'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Set once, by migration 0002, on completed visits whose time had been sold again while
    // completing a visit gave its time back (before issue 17): they stop holding that time, so the
    // confirmed bookings made on it stand and the overlap constraint can be built. Never set again.
    legacyReleased: boolean('legacy_released').notNull().default(false),
    // The real period as instants (DESIGN section 9, one place at a time): set by the trigger in
    // appointments/sql/one-place.sql from the business's zone whenever the start or length changes.
    // The exclusion constraint appointments_one_place (customer_id, this period; WHERE confirmed and
    // not legacy_overlap) keeps a customer's confirmed bookings apart, at any business.
    startsInstant: timestamp('starts_instant', { withTimezone: true }).notNull(),
    endsInstant: timestamp('ends_instant', { withTimezone: true }).notNull(),
    // Set once, by migration 0011, on confirmed bookings that already overlapped an earlier one of the
    // same customer, so the constraint could be built; cleared when the booking moves. Never set again.
    legacyOverlap: boolean('legacy_overlap').notNull().default(false),
    // The period it keeps the business from other bookings (DESIGN section 9, buffers): the visit
    // widened by its service's buffers (start − bufferBeforeMinutes, end + bufferAfterMinutes; wall
    // clock), set by the trigger in appointments/sql/blocked-period.sql whenever the row is written
    // with a period (inserted, moved); the visit itself without buffers. The exclusion constraint
    // appointments_no_overlap is over this period (migration 0013).
    blockedStartsAt: timestamp('blocked_starts_at', { withTimezone: false, mode: 'string' }).notNull(),
    blockedEndsAt: timestamp('blocked_ends_at', { withTimezone: false, mode: 'string' }).notNull(),
    // The staff member who serves it (DESIGN section 9); null only for a restaurant's tables
    // (appointments_staff_check). The overlap constraint is per member.
    staffId: integer('staff_id').references(() => staffMembers.id),
    // The customer chose this member (not "anyone"): a reschedule or swap keeps them or fails.
    staffRequested: boolean('staff_requested').notNull().default(false),
    // Waitlist (DESIGN section 11): a `held` appointment holds its slot for a waiting customer until
    // this instant (then it lapses, status cancelled, and passes on). Kept after a claim or a lapse:
    // a cancelled row with it set was a hold never claimed (lists leave those out).
    heldUntil: timestamp('held_until', { withTimezone: true }),
    // Released to the waitlist inside the cancel cut-off (POST /api/appointments/{id}/release): when,
    // and how the cancellation counts for fees: pending until someone claims the slot (on_time) or
    // its start passes unclaimed (late).
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releaseOutcome: text('release_outcome'),
    // Whether the appointment holds its time (DESIGN section 4): every status but cancelled does,
    // except a restaurant offer's pending table, which holds no seats until the offer is accepted.
    // The one definition of it: the overlap constraint and the slot reads both say `occupies`.
    occupies: boolean('occupies')
      .notNull()
      .generatedAlwaysAs(sql`status in ('confirmed', 'completed', 'held') and not legacy_released`),
  },
  (t) => [
    index('appointments_business_starts_idx').on(t.businessId, t.startsAt),
    // A customer's appointments (their list), and those at one business on one day: the booking
    // credit earned once per customer, business and day, and one reservation per restaurant and day.
    index('appointments_customer_business_starts_idx').on(t.customerId, t.businessId, t.startsAt),
    // The customer's own list, newest first a page at a time (DESIGN section 10's paging rule): the
    // keyset (starts_at, id) in index order, so a page reads its own rows whatever the history.
    index('appointments_customer_starts_idx').on(t.customerId, t.startsAt, t.id),
    // Slot reads (appointments holding a slot or seats over a period, exclusive or not: restaurants
    // share seats; those that occupy their time, above) use the GiST index of the exclusion
    // constraint appointments_no_overlap (business_id, the blocked period, then the staff member when exclusive; WHERE occupies).
    check('appointments_status_check', sql`${t.status} in ('confirmed', 'pending', 'cancelled', 'completed', 'no_show', 'held')`),
    check('appointments_held_check', sql`${t.status} <> 'held' or ${t.heldUntil} is not null`),
    check('appointments_release_outcome_check', sql`${t.releaseOutcome} is null or (${t.releasedAt} is not null and ${t.releaseOutcome} in ('pending', 'on_time', 'late'))`),
    check('appointments_period_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('appointments_party_size_check', sql`${t.partySize} >= 1`),
    check('appointments_staff_check', sql`not ${t.exclusive} or ${t.staffId} is not null`),
    // A member's day (the "anyone" pick counts it) and their future visits (deactivation).
    index('appointments_staff_starts_idx').on(t.staffId, t.startsAt),
    check('appointments_price_check', sql`${t.priceCents} >= 0`),
    // A visit lasts its real minutes, so its wall-clock period may differ from its duration by a
    // clock change (at most three hours anywhere).
    check(
      'appointments_duration_near_period_check',
      sql`${t.endsAt} >= ${t.startsAt} + (${t.duration} - 180) * interval '1 minute' and ${t.endsAt} <= ${t.startsAt} + (${t.duration} + 180) * interval '1 minute'`,
    ),
  ],
);

/**
 * Double-entry ledger (TigerBeetle-style). Balances are kept on the account row and moved only by
 * the ledger repository in the same transaction as the transfer row; transfers are never edited.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    // e.g. user_credit, credit_issuance, user_card, user_earnings, business_fees, platform_fees, offer_escrow
    kind: text('kind').notNull(),
    asset: text('asset').notNull(),
    userId: integer('user_id').references(() => users.id),
    businessId: integer('business_id').references(() => businesses.id),
    offerId: integer('offer_id'),
    // An appointment's own escrow account (a deposit, DESIGN section 11); null for every other account.
    appointmentId: integer('appointment_id'),
    // true for accounts that must never go below zero (a user's credit, earnings)
    noOverdraft: boolean('no_overdraft').notNull(),
    debitsPending: bigint('debits_pending', { mode: 'number' }).notNull().default(0),
    debitsPosted: bigint('debits_posted', { mode: 'number' }).notNull().default(0),
    creditsPending: bigint('credits_pending', { mode: 'number' }).notNull().default(0),
    creditsPosted: bigint('credits_posted', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_key').on(t.kind, t.asset, sql`coalesce(${t.userId}, 0)`, sql`coalesce(${t.businessId}, 0)`, sql`coalesce(${t.offerId}, 0)`, sql`coalesce(${t.appointmentId}, 0)`),
    // the target of ledger_transfers' (account, asset) foreign keys: a transfer moves its accounts' asset
    unique('ledger_accounts_id_asset_key').on(t.id, t.asset),
    check('ledger_accounts_asset_check', sql`${t.asset} in ('USD', 'CREDIT')`),
    check(
      'ledger_accounts_no_overdraft_check',
      sql`not ${t.noOverdraft} or ${t.creditsPosted} - ${t.debitsPosted} - ${t.debitsPending} >= 0`,
    ),
    check('ledger_accounts_nonnegative_check', sql`${t.debitsPending} >= 0 and ${t.creditsPending} >= 0 and ${t.debitsPosted} >= 0 and ${t.creditsPosted} >= 0`),
  ],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: serial('id').primaryKey(),
    debitAccountId: integer('debit_account_id').notNull().references(() => ledgerAccounts.id),
    creditAccountId: integer('credit_account_id').notNull().references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    asset: text('asset').notNull(),
    // single: posted at once; pending: a hold; post_pending / void_pending: resolve pendingId once.
    flags: text('flags').notNull(),
    pendingId: integer('pending_id'),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    appointmentId: integer('appointment_id').references(() => appointments.id),
    offerId: integer('offer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Both accounts hold the transfer's asset: dollars never move into a credit account or back.
    foreignKey({ name: 'ledger_transfers_debit_asset_fk', columns: [t.debitAccountId, t.asset], foreignColumns: [ledgerAccounts.id, ledgerAccounts.asset] }),
    foreignKey({ name: 'ledger_transfers_credit_asset_fk', columns: [t.creditAccountId, t.asset], foreignColumns: [ledgerAccounts.id, ledgerAccounts.asset] }),
    // An account's movements, newest first a page at a time (the credit history): each side in
    // (created_at, id) order, so a page reads its own rows however long the account's history.
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.createdAt, t.id),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.createdAt, t.id),
    index('ledger_transfers_appointment_idx').on(t.appointmentId),
    // A booking's transfer has neither: the NULLs stay out of these indexes.
    index('ledger_transfers_offer_idx').on(t.offerId).where(sql`${t.offerId} is not null`),
    // a pending transfer is resolved (posted or voided) exactly once
    uniqueIndex('ledger_transfers_pending_resolution_key').on(t.pendingId).where(sql`${t.pendingId} is not null`),
    check('ledger_transfers_amount_check', sql`${t.amount} > 0`),
    check('ledger_transfers_distinct_check', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check('ledger_transfers_flags_check', sql`${t.flags} in ('single', 'pending', 'post_pending', 'void_pending')`),
    check('ledger_transfers_pending_ref_check', sql`(${t.flags} in ('post_pending', 'void_pending')) = (${t.pendingId} is not null)`),
  ],
);

/**
 * A paid swap between two appointments (DESIGN section 6). The money is in the ledger (holds on
 * the payer's account into this offer's escrow account); this row is the negotiation's state.
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    fromUserId: integer('from_user_id').notNull().references(() => users.id),
    toUserId: integer('to_user_id').notNull().references(() => users.id),
    fromAppointmentId: integer('from_appointment_id').notNull().references(() => appointments.id),
    toAppointmentId: integer('to_appointment_id').notNull().references(() => appointments.id),
    offerType: text('offer_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    // 'service' or 'restaurant': the fee rule, fixed when the offer is made
    feeKind: text('fee_kind').notNull(),
    offerCents: integer('offer_cents').notNull(),
    counterCents: integer('counter_cents'),
    message: text('message').notNull().default(''),
    counterMessage: text('counter_message'),
    status: text('status').notNull().default('pending'),
    negotiationRound: integer('negotiation_round').notNull().default(0),
    lastNegotiationBy: integer('last_negotiation_by').references(() => users.id),
    // the sender had no reservation: from_appointment is their pending one, made with the offer
    temporaryReservation: boolean('temporary_reservation').notNull().default(false),
    paymentIntentId: text('payment_intent_id'),
    // the offer amount both agreed on (cents), set on acceptance
    agreedCents: integer('agreed_cents'),
    // The fee split recorded on acceptance (que_offer_split then); settlement pays exactly this.
    totalCents: integer('total_cents'),
    recipientCents: integer('recipient_cents'),
    businessFeeCents: integer('business_fee_cents'),
    platformFeeCents: integer('platform_fee_cents'),
    escrowStatus: text('escrow_status').notNull().default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The two starts the swap traded, recorded on acceptance (local wall-clock, like appointments):
    // the sender's and the recipient's as they were just before. Notifications about the deal after
    // that (paid out, refunded) name these, not wherever a later reschedule took the appointments.
    swapFromStartsAt: timestamp('swap_from_starts_at', { withTimezone: false, mode: 'string' }),
    swapToStartsAt: timestamp('swap_to_starts_at', { withTimezone: false, mode: 'string' }),
  },
  (t) => [
    index('offers_from_appointment_idx').on(t.fromAppointmentId),
    index('offers_to_appointment_idx').on(t.toAppointmentId),
    // A user's offers, newest first a page at a time: sent and received each in (created_at, id) order.
    index('offers_from_user_idx').on(t.fromUserId, t.createdAt, t.id),
    index('offers_to_user_idx').on(t.toUserId, t.createdAt, t.id),
    // The wallet (GET /api/wallet) reads only open offers: what a payer's live and unsettled offers
    // hold, and what unsettled offers will pay a recipient. Closed and settled history stays out.
    index('offers_open_payer_idx')
      .on(t.fromUserId)
      .where(sql`${t.status} in ('pending', 'negotiating') or (${t.status} = 'accepted' and ${t.escrowStatus} = 'held')`),
    index('offers_unsettled_recipient_idx').on(t.toUserId).where(sql`${t.status} = 'accepted' and ${t.escrowStatus} = 'held'`),
    index('offers_live_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('pending', 'negotiating')`),
    index('offers_unsettled_idx').on(t.id).where(sql`${t.status} = 'accepted' and ${t.escrowStatus} = 'held'`),
    // one live offer per sender on a target appointment (RULES.maxLiveOffersPerSenderPerTarget)
    uniqueIndex('offers_one_live_per_sender_target_key').on(t.toAppointmentId, t.fromUserId).where(sql`${t.status} in ('pending', 'negotiating')`),
    // one live offer per pair of appointments, whichever way round
    uniqueIndex('offers_one_live_per_pair_key')
      .on(sql`least(${t.fromAppointmentId}, ${t.toAppointmentId})`, sql`greatest(${t.fromAppointmentId}, ${t.toAppointmentId})`)
      .where(sql`${t.status} in ('pending', 'negotiating')`),
    check('offers_type_check', sql`${t.offerType} in ('queue_jump', 'move_back')`),
    check('offers_payment_method_check', sql`${t.paymentMethod} in ('cash', 'credits')`),
    check('offers_fee_kind_check', sql`${t.feeKind} in ('service', 'restaurant')`),
    check('offers_status_check', sql`${t.status} in ('pending', 'negotiating', 'accepted', 'declined', 'cancelled', 'expired')`),
    check('offers_escrow_status_check', sql`${t.escrowStatus} in ('held', 'released', 'refunded')`),
    check('offers_amount_check', sql`${t.offerCents} between 100 and 20000 and (${t.counterCents} is null or ${t.counterCents} between 100 and 20000)`),
    check('offers_distinct_check', sql`${t.fromAppointmentId} <> ${t.toAppointmentId} and ${t.fromUserId} <> ${t.toUserId}`),
    check('offers_settled_check', sql`(${t.escrowStatus} = 'held') = (${t.settledAt} is null)`),
    check(
      'offers_split_check',
      sql`(${t.status} = 'accepted') = (${t.totalCents} is not null) and (${t.totalCents} is null or (${t.recipientCents} >= 0 and ${t.businessFeeCents} >= 0 and ${t.platformFeeCents} >= 0 and ${t.totalCents} = ${t.recipientCents} + ${t.businessFeeCents} + ${t.platformFeeCents}))`,
    ),
  ],
);

/**
 * Card payments as the processor sees them. An authorized intent pays for at most one offer:
 * offer_id is claimed with one conditional UPDATE, and the unique index stops a second claim.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    userId: integer('user_id').notNull().references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    // requires_payment_method -> requires_capture (authorized) -> succeeded (captured) | canceled
    status: text('status').notNull().default('requires_payment_method'),
    processor: text('processor').notNull(),
    processorRef: text('processor_ref'),
    offerId: integer('offer_id').references(() => offers.id),
    // The appointment whose deposit it pays (DESIGN section 11), claimed at booking; null for an offer's.
    appointmentId: integer('appointment_id'),
    // when an offer claimed it: an offer's intents in this order match its holds one for one
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    capturedCents: integer('captured_cents'),
    cardLast4: text('card_last4'),
    // A fee's saved card (que_charge_saved_card): charged off-session when its capture action runs.
    paymentMethodId: text('payment_method_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_intents_client_secret_key').on(t.clientSecret),
    index('payment_intents_user_idx').on(t.userId),
    index('payment_intents_offer_idx').on(t.offerId),
    check('payment_intents_amount_check', sql`${t.amountCents} > 0`),
    check('payment_intents_status_check', sql`${t.status} in ('requires_payment_method', 'requires_capture', 'succeeded', 'canceled')`),
    check('payment_intents_captured_check', sql`${t.capturedCents} is null or ${t.capturedCents} between 0 and ${t.amountCents}`),
  ],
);

/**
 * Where a user's payouts (a swap's recipient) or a business's go: a Stripe Connect account, made
 * once per owner and reused (decision 0009). `ready` once Stripe says it may receive transfers and
 * pay them out; `pending` until then (onboarding started, not finished, or Stripe wants more).
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    businessId: integer('business_id').references(() => businesses.id),
    processorRef: text('processor_ref').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_accounts_user_key').on(t.userId),
    uniqueIndex('payout_accounts_business_key').on(t.businessId),
    uniqueIndex('payout_accounts_processor_ref_key').on(t.processorRef),
    check('payout_accounts_owner_check', sql`num_nonnulls(${t.userId}, ${t.businessId}) = 1`),
    check('payout_accounts_status_check', sql`${t.status} in ('pending', 'ready')`),
  ],
);

/**
 * Work for the payment processor (capture, cancel, payout), written in the same transaction as the
 * ledger change that needs it and carried out by a background worker, so a processor call never
 * runs inside a database transaction and is never lost or made twice.
 */
export const paymentActions = pgTable(
  'payment_actions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    paymentIntentId: text('payment_intent_id').references(() => paymentIntents.id),
    offerId: integer('offer_id').references(() => offers.id),
    userId: integer('user_id').references(() => users.id),
    // A payout to a business (a deposit or fee it earned: que_pay_business); user_id is a person's.
    businessId: integer('business_id').references(() => businesses.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    // The actions a payment job looks through (the few still pending), in order.
    index('payment_actions_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    uniqueIndex('payment_actions_once_key').on(t.kind, sql`coalesce(${t.paymentIntentId}, '')`, sql`coalesce(${t.offerId}, 0)`),
    check('payment_actions_kind_check', sql`${t.kind} in ('capture', 'cancel', 'payout', 'refund')`),
    check('payment_actions_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
    check('payment_actions_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Idempotency-Key records: the first response to a key is replayed for 24 hours, across processes.
 * A row is written in the transaction of the work it answers, so it only exists once both committed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The live queue (DESIGN section 7): one entry per confirmed appointment, kept in step with it in
 * the same transaction as each change. Position and wait are computed when read, so they are never stale.
 */
export const queueEntries = pgTable(
  'queue_entries',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id').notNull().references(() => appointments.id),
    // Copies of the appointment's (written with it); its foreign keys vouch for them.
    businessId: integer('business_id').notNull(),
    serviceId: integer('service_id').notNull(),
    customerId: integer('customer_id').notNull(),
    // the appointment's wall-clock start in the business's zone (date and time of the queue's day)
    startsAt: timestamp('starts_at', { withTimezone: false, mode: 'string' }).notNull(),
    // waiting -> called -> served; cancelled when the appointment is
    status: text('status').notNull().default('waiting'),
    calledAt: timestamp('called_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('queue_entries_appointment_key').on(t.appointmentId),
    index('queue_entries_business_day_idx').on(t.businessId, t.startsAt),
    index('queue_entries_customer_idx').on(t.customerId),
    check('queue_entries_status_check', sql`${t.status} in ('waiting', 'called', 'served', 'cancelled')`),
  ],
);

/**
 * The waitlist (DESIGN section 11): a customer waiting for a time to open at a business on a date,
 * between fromTime and toTime (wall clock, the business's zone). waiting -> offered (a held
 * appointment, appointment_id, until its held_until) -> claimed, or expired (the hold lapsed and
 * passed on), or cancelled by the customer. One active (waiting or offered) entry per customer,
 * business and date. The oldest waiting entry of a day is offered first.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => users.id),
    businessId: integer('business_id').notNull().references(() => businesses.id),
    serviceId: integer('service_id').notNull().references(() => services.id),
    staffId: integer('staff_id').references(() => staffMembers.id),
    partySize: integer('party_size').notNull().default(1),
    date: date('date', { mode: 'string' }).notNull(),
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
    status: text('status').notNull().default('waiting'),
    // The held appointment while offered, and after (claimed: the booking; expired: the lapsed hold).
    appointmentId: integer('appointment_id').references(() => appointments.id),
    // The released appointment whose slot this offer came from (its outcome follows the claim).
    releasedAppointmentId: integer('released_appointment_id').references(() => appointments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_one_active_key').on(t.customerId, t.businessId, t.date).where(sql`${t.status} in ('waiting', 'offered')`),
    // The day's waiting entries, oldest first: what a freed slot is offered to.
    index('waitlist_entries_waiting_idx').on(t.businessId, t.date, t.createdAt, t.id).where(sql`${t.status} = 'waiting'`),
    // The owner's view of a day, every status, oldest first (GET /api/businesses/{id}/waitlist).
    index('waitlist_entries_business_day_idx').on(t.businessId, t.date, t.createdAt, t.id),
    // A customer's list, newest first.
    index('waitlist_entries_customer_idx').on(t.customerId, t.createdAt, t.id),
    index('waitlist_entries_appointment_idx').on(t.appointmentId),
    check('waitlist_entries_status_check', sql`${t.status} in ('waiting', 'offered', 'claimed', 'expired', 'cancelled')`),
    check('waitlist_entries_window_check', sql`${t.fromTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.toTime} ~ '^([01][0-9]|2[0-4]):[0-5][0-9]$' and ${t.toTime} > ${t.fromTime}`),
    check('waitlist_entries_offer_check', sql`${t.status} <> 'offered' or ${t.appointmentId} is not null`),
    check('waitlist_entries_party_size_check', sql`${t.partySize} >= 1`),
  ],
);

/** In-app notifications (offer received, countered…, you were called, booking confirmed…). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    // where the notification points (e.g. /appointments), and the ids it is about
    link: text('link'),
    appointmentId: integer('appointment_id').references(() => appointments.id),
    offerId: integer('offer_id').references(() => offers.id),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // newest first a page at a time: the keyset (created_at, id) in index order
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * E-mail written in the same transaction as the change it reports, sent by a background worker
 * (claimed with SKIP LOCKED, so it is sent once by one process) and retried with backoff.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    // the calendar invite (text/calendar), with its event UID and SEQUENCE
    ics: text('ics'),
    icsUid: text('ics_uid'),
    icsSequence: integer('ics_sequence'),
    // what the invite says (InviteInput); the worker renders the .ics from it when ics is empty (0007)
    invite: jsonb('invite'),
    appointmentId: integer('appointment_id').references(() => appointments.id),
    status: text('status').notNull().default('pending'),
    // tries so far; when the next one runs is its job's business (decision 0028, migration 0019)
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_appointment_idx').on(t.appointmentId),
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Secrets the app generates for itself and every process on the database shares:
 * today only `session`, which signs session cookies when SESSION_SECRET is not set.
 */
export const appSecrets = pgTable(
  'app_secrets',
  {
    name: text('name').primaryKey(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('app_secrets_value_check', sql`length(${t.value}) >= 32`)],
);

/**
 * Each service's earliest free start in the coming week, remembered (docs/decisions/0015). `version`
 * is raised by triggers (availability/sql/earliest-invalidation.sql) whenever anything its free slots
 * depend on changes; `computed_version` is the version the stored answer was computed at (-1: never).
 * A reader uses a row as it is only while it is current and fresh (`fresh_until`: when its first
 * start begins, or the next midnight brings a new day into the week; 'infinity' for a deleted
 * service), and recomputes it otherwise (que_earliest_entry). Stored WITH (fillfactor = 70), which
 * drizzle cannot say: its rows are rewritten often, and room on the page keeps those updates HOT.
 */
export const earliestFreeStarts = pgTable(
  'earliest_free_starts',
  {
    serviceId: integer('service_id').primaryKey(),
    businessId: integer('business_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    computedVersion: bigint('computed_version', { mode: 'number' }).notNull().default(-1),
    computedFor: timestamp('computed_for', { withTimezone: true }),
    freshUntil: timestamp('fresh_until', { withTimezone: true }),
    // null: nothing free in the coming week (or nothing to list)
    day: date('day'),
    // the free starts ("HH:MM", ascending) of that day still ahead at computed_for
    starts: text('starts').array().notNull().default(sql`'{}'::text[]`),
    // the first of them as a wall clock (the listing's order), and the listing item as JSON text
    startLocal: timestamp('start_local', { withTimezone: false, mode: 'string' }),
    item: text('item'),
    // A restaurant's row (its service's business is one; a business never changes kind): quick
    // booking's restaurant-only filters (party size, cuisine, price) read their own listing index.
    restaurant: boolean('restaurant').notNull().default(false),
  },
  (t) => [
    foreignKey({ name: 'earliest_free_starts_service_id_fkey', columns: [t.serviceId], foreignColumns: [services.id] }).onDelete('cascade'),
    index('earliest_free_starts_business_id_idx').on(t.businessId),
    // the listing's order, so a read needs no sort
    index('earliest_free_starts_listing_idx').on(t.startLocal, t.businessId, t.serviceId).where(sql`${t.item} is not null`),
    // the same order for restaurants only: without it, a party-size search on a day whose first
    // hours are all service businesses' read 140,000 of them before the first table (0.6 s)
    index('earliest_free_starts_restaurant_listing_idx').on(t.startLocal, t.businessId, t.serviceId).where(sql`${t.item} is not null and ${t.restaurant}`),
    // the services with nothing free in the coming week, in (business, service) order: a search on a
    // later date goes on through them after the stored starts (decision 0024, addendum "a later date")
    index('earliest_free_starts_none_this_week_idx').on(t.businessId, t.serviceId).where(sql`${t.day} is null`),
    index('earliest_free_starts_restaurant_none_this_week_idx').on(t.businessId, t.serviceId).where(sql`${t.day} is null and ${t.restaurant}`),
    // a page's businesses' next free times: each one's soonest day and its rows (features/businesses)
    index('earliest_free_starts_business_day_idx').on(t.businessId, t.day).where(sql`${t.day} is not null`),
    // the stale rows (que_earliest_refresh, earliest.repository.ts), found without reading the rest:
    // no fresh_until (new, or its version moved), past it, or computed for a later "now"
    index('earliest_free_starts_fresh_until_idx').on(t.freshUntil),
    index('earliest_free_starts_computed_for_idx').on(t.computedFor),
    // a row whose version moved is stale until recomputed, and says so where the index sees it
    check('earliest_free_starts_stale_check', sql`${t.computedVersion} = ${t.version} or ${t.freshUntil} is null`),
  ],
);

/**
 * The job runners' workers that are alive (src/server/jobs/runner-liveness.ts): each beats every few
 * seconds; a job locked by a worker that stopped beating is freed for the others (decision 0028).
 */
export const jobRunnerBeats = pgTable('job_runner_beats', {
  workerId: text('worker_id').primaryKey(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull(),
});

/**
 * Which database function files (src/server/<feature>/sql/<name>.sql) are applied, and at which checksum: after
 * the versioned migrations, a file whose checksum differs is run again (db/function-files.ts).
 */
export const functionFiles = pgTable('function_files', {
  file: text('file').primaryKey(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The marketplace's rules (src/contract/rules.ts) as data, one row written at every start-up after
 * the migrations (db/app-rules.ts): the SQL functions read their numbers here (que_rule), so a fee
 * is never a literal copied into a function body.
 */
export const appRules = pgTable(
  'app_rules',
  {
    id: boolean('id').primaryKey().default(true),
    rules: jsonb('rules').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('app_rules_one_row_check', sql`${t.id}`)],
);

/**
 * The change log (decision 0029): one row per change to an appointment or an offer, written once
 * (que_record_change) by the feature that owns the change, in its transaction; what follows a change
 * (notifications, e-mail, live pushes, caches) reads it in a job added with it. Never updated; rows
 * older than the retention are purged (que_changes_purge). No foreign keys: it is history.
 */
export const changes = pgTable(
  'changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    appointmentId: integer('appointment_id'),
    offerId: integer('offer_id'),
    businessId: integer('business_id'),
    /** The user who made the change (null: the system, e.g. an expiry). */
    actorId: integer('actor_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** What followers need that the rows may no longer say (e.g. a move's old and new times). */
    data: jsonb('data').notNull().default({}),
  },
  (t) => [
    check('changes_kind_check', sql`${t.kind} IN ('booked', 'moved', 'swapped', 'cancelled', 'completed', 'reassigned',
		'offer_made', 'offer_countered', 'offer_accepted', 'offer_ended', 'offer_settled',
		'no_show', 'held', 'hold_lapsed', 'release_settled', 'capacity_opened', 'fee_declined')`),
    // A business-level change (capacity_opened: a day unblocked, hours widened, staff added) names only its business.
    check('changes_subject_check', sql`${t.appointmentId} IS NOT NULL OR ${t.offerId} IS NOT NULL OR (${t.kind} = 'capacity_opened' AND ${t.businessId} IS NOT NULL)`),
    index('changes_appointment_idx').on(t.appointmentId, t.id).where(sql`${t.appointmentId} IS NOT NULL`),
    index('changes_offer_idx').on(t.offerId, t.id).where(sql`${t.offerId} IS NOT NULL`),
  ],
);

/** Changes whose follow job has run (decision 0029): its first write, so a job run twice does nothing the second time. */
export const changesFollowed = pgTable('changes_followed', {
  changeId: bigint('change_id', { mode: 'number' }).primaryKey(),
  followedAt: timestamp('followed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The changes still to follow (decision 0039): one row per change from its recording until the follow
 * transaction that marks it followed. The follow job of a shard (coalesce(appointment, offer,
 * business) % 16) takes its due rows in id order; a change whose follower failed waits here for
 * retry_at, with the changes of its subject after it.
 */
export const changesUnfollowed = pgTable(
  'changes_unfollowed',
  {
    changeId: bigint('change_id', { mode: 'number' }).primaryKey(),
    shard: smallint('shard').notNull(),
    /** Whose changes keep their order: 'a<appointment>', else 'o<offer>'; a business-level change is its own ('c<change>'). */
    subject: text('subject').notNull(),
    attempts: integer('attempts').notNull().default(0),
    retryAt: timestamp('retry_at', { withTimezone: true }).notNull().default(sql`'-infinity'`),
    lastError: text('last_error'),
  },
  (t) => [
    index('changes_unfollowed_shard_idx').on(t.shard, t.changeId),
    check('changes_unfollowed_shard_check', sql`${t.shard} between 0 and 15`),
  ],
);

/**
 * Verified reviews (DESIGN section 10): one per completed appointment, by its customer, within 30 days
 * of completion; the owner's one reply beside it. Never deleted: a reported review stays until the
 * platform decides (review_reports).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id').notNull().references(() => appointments.id),
    businessId: integer('business_id').notNull().references(() => businesses.id),
    customerId: integer('customer_id').notNull().references(() => users.id),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    replyText: text('reply_text'),
    // when the reply was first written: it may be edited for 24 hours from then
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    replyEditedAt: timestamp('reply_edited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_appointment_id_key').on(t.appointmentId),
    index('reviews_business_newest_idx').on(t.businessId, t.createdAt.desc(), t.id.desc()),
    index('reviews_customer_id_idx').on(t.customerId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_text_check', sql`length(${t.text}) <= 2000`),
    check('reviews_reply_check', sql`(${t.replyText} is null) = (${t.repliedAt} is null) and length(${t.replyText}) between 1 and 2000`),
  ],
);

/** An owner's report of a review on their business; the review stays visible (no moderation screen yet). */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id').notNull().references(() => reviews.id),
    reporterId: integer('reporter_id').notNull().references(() => users.id),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_reports_review_reporter_key').on(t.reviewId, t.reporterId), check('review_reports_reason_check', sql`length(${t.reason}) <= 1000`)],
);

/**
 * A business's reminder rules (DESIGN section 11), the owner's whole list as the API carries it:
 * `[{offsetMinutes, channel, active}]`. No row: the defaults of RULES.defaultReminders.
 */
export const reminderSettings = pgTable('reminder_settings', {
  businessId: integer('business_id').primaryKey().references(() => businesses.id, { onDelete: 'cascade' }),
  rules: jsonb('rules').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each appointment's reminders (docs/decisions/0031-reminders.md): one row per appointment, offset and
 * start it reminds of, so a reminder is sent at most once for that time (the row moves from planned
 * to sent once, under its lock) and a move plans new rows beside the old ones. The planned ones are
 * sent by one keyed job (`reminders_send`, key `reminders:due`) that runs when the first of them is
 * due (decision 0038), found by reminders_planned_due_idx.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id').notNull().references(() => appointments.id, { onDelete: 'cascade' }),
    offsetMinutes: integer('offset_minutes').notNull(),
    channel: text('channel').notNull().default('email'),
    /** The start (business time) this reminder is for. */
    startsAt: timestamp('starts_at').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('planned'),
    /** Why it was skipped or cancelled, in words for the owner. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reminders_appointment_offset_start_key').on(t.appointmentId, t.offsetMinutes, t.startsAt),
    // The send job's look for what is due, and for when the next one is: planned rows only.
    index('reminders_planned_due_idx').on(t.dueAt).where(sql`${t.status} = 'planned'`),
    check('reminders_status_check', sql`${t.status} in ('planned', 'sent', 'skipped', 'cancelled')`),
    check('reminders_channel_check', sql`${t.channel} in ('email')`),
  ],
);

/**
 * Signed reminder links that have been used (DESIGN section 11): one row per appointment, purpose
 * and expiry (the start the link was made for), written in the transaction of what the link does.
 */
export const reminderLinkUses = pgTable(
  'reminder_link_uses',
  {
    appointmentId: integer('appointment_id').notNull().references(() => appointments.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appointmentId, t.purpose, t.expiresAt] }),
    check('reminder_link_uses_purpose_check', sql`${t.purpose} in ('confirm', 'cancel')`),
  ],
);

/**
 * A saved card (DESIGN section 11, card_on_file): on the test processor the card's brand and last
 * four digits (the number itself is never stored); on Stripe the SetupIntent's payment method.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id),
    processor: text('processor').notNull(),
    processorRef: text('processor_ref'),
    // Stripe: the Customer the card is attached to (fees are charged to it off-session) and the
    // SetupIntent that saved it (unique: the browser's confirmation and the webhook record one card).
    customerRef: text('customer_ref'),
    setupRef: text('setup_ref'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_methods_user_idx').on(t.userId), uniqueIndex('payment_methods_setup_ref_key').on(t.setupRef)],
);

/** A user's Stripe Customer, made once when they first save a card with Stripe, and reused. */
export const paymentCustomers = pgTable('payment_customers', {
  userId: integer('user_id').primaryKey().references(() => users.id),
  processorRef: text('processor_ref').notNull().unique('payment_customers_processor_ref_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stripe webhook events received (POST /api/stripe/webhook), once each: the event id is the key, so
 * Stripe's redelivery of an event changes nothing. The payload is kept for the job that handles it.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
}, (t) => [
  // The retention purge's look (stripe-events.ts purgeHandledStripeEvents): handled events by age.
  index('stripe_events_handled_received_idx').on(t.receivedAt).where(sql`${t.handledAt} is not null`),
]);

/**
 * What an appointment's booking agreed to pay (DESIGN section 11): the service's payment policy at
 * booking, the deposit's card payment or the saved card that fees are charged to. One row per
 * appointment booked under a policy other than none; written once, at booking.
 */
export const appointmentPayments = pgTable(
  'appointment_payments',
  {
    appointmentId: integer('appointment_id').primaryKey().references(() => appointments.id),
    policy: text('policy').notNull(),
    depositCents: integer('deposit_cents').notNull().default(0),
    noShowFeeCents: integer('no_show_fee_cents').notNull().default(0),
    lateCancelFeeCents: integer('late_cancel_fee_cents').notNull().default(0),
    paymentIntentId: text('payment_intent_id').references(() => paymentIntents.id),
    paymentMethodId: text('payment_method_id').references(() => paymentMethods.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('appointment_payments_policy_check', sql`${t.policy} in ('deposit', 'card_on_file')`),
    check('appointment_payments_deposit_check', sql`${t.policy} <> 'deposit' or (${t.depositCents} > 0 and ${t.paymentIntentId} is not null)`),
    check('appointment_payments_card_check', sql`${t.policy} <> 'card_on_file' or ${t.paymentMethodId} is not null`),
    check('appointment_payments_amounts_check', sql`${t.depositCents} >= 0 and ${t.noShowFeeCents} >= 0 and ${t.lateCancelFeeCents} >= 0`),
  ],
);

/**
 * Each settlement of an appointment's deposit and each fee charged, once (DESIGN section 11): the
 * unique (appointment, kind) makes a second no-show, a retried job or a racing request write nothing.
 * kind deposit: outcome posted (completed), refunded (cancelled on time) or kept (late cancel, no-show).
 */
export const appointmentCharges = pgTable(
  'appointment_charges',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id').notNull().references(() => appointments.id),
    kind: text('kind').notNull(),
    outcome: text('outcome').notNull(),
    amountCents: integer('amount_cents').notNull(),
    paymentIntentId: text('payment_intent_id').references(() => paymentIntents.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointment_charges_once_key').on(t.appointmentId, t.kind),
    check('appointment_charges_kind_check', sql`${t.kind} in ('deposit', 'no_show_fee', 'late_cancel_fee')`),
    check('appointment_charges_outcome_check', sql`${t.outcome} in ('posted', 'refunded', 'kept', 'charged', 'declined')`),
    check('appointment_charges_amount_check', sql`${t.amountCents} >= 0`),
  ],
);
