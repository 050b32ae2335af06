import { sql } from 'drizzle-orm';
import {
  bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, time, timestamp, uniqueIndex,
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
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_user_type_check', sql`${t.userType} in ('customer', 'business')`),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('businesses_owner_id_key').on(t.ownerId),
    check('businesses_type_check', sql`${t.businessType} in ('service', 'restaurant')`),
    check(
      'businesses_restaurant_fields_check',
      sql`${t.businessType} <> 'restaurant' or (${t.maxPartySize} between 1 and 20 and ${t.reservationDuration} between 60 and 300 and ${t.seatingCapacity} > 0)`,
    ),
  ],
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_business_starts_idx').on(t.businessId, t.startsAt),
    index('appointments_customer_idx').on(t.customerId),
    // Slot reads (appointments holding a slot or seats over a period, exclusive or not: restaurants
    // share seats; only 'confirmed' holds one) use the GiST index of the exclusion constraint
    // appointments_no_overlap (migration 0011: business_id, the period, then 0 when exclusive).
    check('appointments_status_check', sql`${t.status} in ('confirmed', 'pending', 'cancelled', 'completed')`),
    check('appointments_period_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('appointments_party_size_check', sql`${t.partySize} >= 1`),
    check('appointments_price_check', sql`${t.priceCents} >= 0`),
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
    // true for accounts that must never go below zero (a user's credit, earnings)
    noOverdraft: boolean('no_overdraft').notNull(),
    debitsPending: bigint('debits_pending', { mode: 'number' }).notNull().default(0),
    debitsPosted: bigint('debits_posted', { mode: 'number' }).notNull().default(0),
    creditsPending: bigint('credits_pending', { mode: 'number' }).notNull().default(0),
    creditsPosted: bigint('credits_posted', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_key').on(t.kind, t.asset, sql`coalesce(${t.userId}, 0)`, sql`coalesce(${t.businessId}, 0)`, sql`coalesce(${t.offerId}, 0)`),
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
    index('ledger_transfers_debit_idx').on(t.debitAccountId),
    index('ledger_transfers_credit_idx').on(t.creditAccountId),
    index('ledger_transfers_appointment_idx').on(t.appointmentId),
    // A booking's transfer has neither: the NULLs stay out of these indexes (migration 0011).
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
    escrowStatus: text('escrow_status').notNull().default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offers_from_appointment_idx').on(t.fromAppointmentId),
    index('offers_to_appointment_idx').on(t.toAppointmentId),
    index('offers_from_user_idx').on(t.fromUserId),
    index('offers_to_user_idx').on(t.toUserId),
    index('offers_live_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('pending', 'negotiating')`),
    index('offers_unsettled_idx').on(t.id).where(sql`${t.status} = 'accepted' and ${t.escrowStatus} = 'held'`),
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
    // when an offer claimed it: an offer's intents in this order match its holds one for one
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    capturedCents: integer('captured_cents'),
    cardLast4: text('card_last4'),
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
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_actions_due_idx').on(t.runAfter).where(sql`${t.status} = 'pending'`),
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
    // Copies of the appointment's (written with it); its foreign keys vouch for them (migration 0011).
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
    index('notifications_user_idx').on(t.userId, t.createdAt),
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
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.runAfter).where(sql`${t.status} = 'pending'`),
    index('email_outbox_appointment_idx').on(t.appointmentId),
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Secrets the app generates for itself and every process on the database shares (migration 0014):
 * today only `session`, which signs session cookies when SESSION_SECRET is not set.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
