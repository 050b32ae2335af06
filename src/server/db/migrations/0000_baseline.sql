-- The schema as migrations 0000-0017 left it (tables, sequences, constraints, indexes), taken from
-- pg_dump in one baseline (issue 17). Its journal time is 0017's, so a database migrated before it
-- skips it. Database functions and triggers are not here: each lives in one file with its feature
-- (src/server/features/<feature>/sql/*.sql), applied after the migrations (db/function-files.ts).
-- The earlier migrations are in git history (git log -- src/server/db/migrations).
CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public;
--> statement-breakpoint
CREATE TABLE appointments (
    id integer NOT NULL,
    business_id integer NOT NULL,
    service_id integer NOT NULL,
    customer_id integer NOT NULL,
    starts_at timestamp without time zone NOT NULL,
    ends_at timestamp without time zone NOT NULL,
    duration integer NOT NULL,
    price_cents integer NOT NULL,
    status text DEFAULT 'confirmed'::text NOT NULL,
    exclusive boolean NOT NULL,
    party_size integer DEFAULT 1 NOT NULL,
    notes text DEFAULT ''::text NOT NULL,
    block_offers boolean DEFAULT false NOT NULL,
    customer_name text NOT NULL,
    customer_email text NOT NULL,
    customer_phone text NOT NULL,
    seating_preference text,
    occasion_type text,
    dietary_restrictions text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT appointments_duration_near_period_check CHECK (((ends_at >= (starts_at + (((duration - 180))::double precision * '00:01:00'::interval))) AND (ends_at <= (starts_at + (((duration + 180))::double precision * '00:01:00'::interval))))),
    CONSTRAINT appointments_party_size_check CHECK ((party_size >= 1)),
    CONSTRAINT appointments_period_check CHECK ((ends_at > starts_at)),
    CONSTRAINT appointments_price_check CHECK ((price_cents >= 0)),
    CONSTRAINT appointments_status_check CHECK ((status = ANY (ARRAY['confirmed'::text, 'pending'::text, 'cancelled'::text, 'completed'::text])))
);
--> statement-breakpoint
CREATE TABLE businesses (
    id integer NOT NULL,
    owner_id integer NOT NULL,
    business_name text NOT NULL,
    category text NOT NULL,
    business_type text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    address text DEFAULT ''::text NOT NULL,
    phone text DEFAULT ''::text NOT NULL,
    email text DEFAULT ''::text NOT NULL,
    website text DEFAULT ''::text NOT NULL,
    operating_hours text DEFAULT ''::text NOT NULL,
    cuisine_type text,
    price_range text,
    max_party_size integer,
    reservation_duration integer,
    seating_capacity integer,
    time_zone text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT businesses_restaurant_fields_check CHECK (((business_type <> 'restaurant'::text) OR (((max_party_size >= 1) AND (max_party_size <= 20)) AND ((reservation_duration >= 60) AND (reservation_duration <= 300)) AND (seating_capacity > 0)))),
    CONSTRAINT businesses_type_check CHECK ((business_type = ANY (ARRAY['service'::text, 'restaurant'::text])))
);
--> statement-breakpoint
CREATE TABLE app_secrets (
    name text NOT NULL,
    value text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT app_secrets_value_check CHECK ((length(value) >= 32))
);
--> statement-breakpoint
CREATE SEQUENCE appointments_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE appointments_id_seq OWNED BY appointments.id;
--> statement-breakpoint
CREATE TABLE blocked_dates (
    id integer NOT NULL,
    business_id integer NOT NULL,
    date date NOT NULL,
    reason text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE blocked_dates_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE blocked_dates_id_seq OWNED BY blocked_dates.id;
--> statement-breakpoint
CREATE TABLE business_hours (
    id integer NOT NULL,
    business_id integer NOT NULL,
    day_of_week smallint NOT NULL,
    open_time time without time zone NOT NULL,
    close_time time without time zone NOT NULL,
    CONSTRAINT business_hours_day_check CHECK (((day_of_week >= 0) AND (day_of_week <= 6))),
    CONSTRAINT business_hours_order_check CHECK ((close_time > open_time))
);
--> statement-breakpoint
CREATE SEQUENCE business_hours_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE business_hours_id_seq OWNED BY business_hours.id;
--> statement-breakpoint
CREATE SEQUENCE businesses_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE businesses_id_seq OWNED BY businesses.id;
--> statement-breakpoint
CREATE TABLE earliest_free_starts (
    service_id integer NOT NULL,
    business_id integer NOT NULL,
    version bigint DEFAULT 0 NOT NULL,
    computed_version bigint DEFAULT '-1'::integer NOT NULL,
    computed_for timestamp with time zone,
    fresh_until timestamp with time zone,
    day date,
    starts text[] DEFAULT '{}'::text[] NOT NULL,
    start_local timestamp without time zone,
    item text
)
WITH (fillfactor='70');
--> statement-breakpoint
CREATE TABLE email_outbox (
    id integer NOT NULL,
    kind text NOT NULL,
    to_email text NOT NULL,
    subject text NOT NULL,
    text text NOT NULL,
    ics text,
    ics_uid text,
    ics_sequence integer,
    appointment_id integer,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    invite jsonb,
    CONSTRAINT email_outbox_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text, 'failed'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE email_outbox_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE email_outbox_id_seq OWNED BY email_outbox.id;
--> statement-breakpoint
CREATE TABLE idempotency_keys (
    user_id integer NOT NULL,
    key text NOT NULL,
    method text NOT NULL,
    path text NOT NULL,
    request_hash text NOT NULL,
    response_status integer NOT NULL,
    response_body text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE ledger_accounts (
    id integer NOT NULL,
    kind text NOT NULL,
    asset text NOT NULL,
    user_id integer,
    business_id integer,
    offer_id integer,
    no_overdraft boolean NOT NULL,
    debits_pending bigint DEFAULT 0 NOT NULL,
    debits_posted bigint DEFAULT 0 NOT NULL,
    credits_pending bigint DEFAULT 0 NOT NULL,
    credits_posted bigint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT ledger_accounts_asset_check CHECK ((asset = ANY (ARRAY['USD'::text, 'CREDIT'::text]))),
    CONSTRAINT ledger_accounts_no_overdraft_check CHECK (((NOT no_overdraft) OR (((credits_posted - debits_posted) - debits_pending) >= 0))),
    CONSTRAINT ledger_accounts_nonnegative_check CHECK (((debits_pending >= 0) AND (credits_pending >= 0) AND (debits_posted >= 0) AND (credits_posted >= 0)))
);
--> statement-breakpoint
CREATE SEQUENCE ledger_accounts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE ledger_accounts_id_seq OWNED BY ledger_accounts.id;
--> statement-breakpoint
CREATE TABLE ledger_transfers (
    id integer NOT NULL,
    debit_account_id integer NOT NULL,
    credit_account_id integer NOT NULL,
    amount bigint NOT NULL,
    asset text NOT NULL,
    flags text NOT NULL,
    pending_id integer,
    code text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    appointment_id integer,
    offer_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT ledger_transfers_amount_check CHECK ((amount > 0)),
    CONSTRAINT ledger_transfers_distinct_check CHECK ((debit_account_id <> credit_account_id)),
    CONSTRAINT ledger_transfers_flags_check CHECK ((flags = ANY (ARRAY['single'::text, 'pending'::text, 'post_pending'::text, 'void_pending'::text]))),
    CONSTRAINT ledger_transfers_pending_ref_check CHECK (((flags = ANY (ARRAY['post_pending'::text, 'void_pending'::text])) = (pending_id IS NOT NULL)))
);
--> statement-breakpoint
CREATE SEQUENCE ledger_transfers_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE ledger_transfers_id_seq OWNED BY ledger_transfers.id;
--> statement-breakpoint
CREATE TABLE login_attempts (
    key text NOT NULL,
    count integer NOT NULL,
    window_ends_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE notifications (
    id integer NOT NULL,
    user_id integer NOT NULL,
    kind text NOT NULL,
    title text NOT NULL,
    body text DEFAULT ''::text NOT NULL,
    link text,
    appointment_id integer,
    offer_id integer,
    read_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE notifications_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE notifications_id_seq OWNED BY notifications.id;
--> statement-breakpoint
CREATE TABLE offers (
    id integer NOT NULL,
    from_user_id integer NOT NULL,
    to_user_id integer NOT NULL,
    from_appointment_id integer NOT NULL,
    to_appointment_id integer NOT NULL,
    offer_type text NOT NULL,
    payment_method text NOT NULL,
    fee_kind text NOT NULL,
    offer_cents integer NOT NULL,
    counter_cents integer,
    message text DEFAULT ''::text NOT NULL,
    counter_message text,
    status text DEFAULT 'pending'::text NOT NULL,
    negotiation_round integer DEFAULT 0 NOT NULL,
    last_negotiation_by integer,
    temporary_reservation boolean DEFAULT false NOT NULL,
    payment_intent_id text,
    agreed_cents integer,
    escrow_status text DEFAULT 'held'::text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    accepted_at timestamp with time zone,
    settled_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT offers_amount_check CHECK ((((offer_cents >= 100) AND (offer_cents <= 20000)) AND ((counter_cents IS NULL) OR ((counter_cents >= 100) AND (counter_cents <= 20000))))),
    CONSTRAINT offers_distinct_check CHECK (((from_appointment_id <> to_appointment_id) AND (from_user_id <> to_user_id))),
    CONSTRAINT offers_escrow_status_check CHECK ((escrow_status = ANY (ARRAY['held'::text, 'released'::text, 'refunded'::text]))),
    CONSTRAINT offers_fee_kind_check CHECK ((fee_kind = ANY (ARRAY['service'::text, 'restaurant'::text]))),
    CONSTRAINT offers_payment_method_check CHECK ((payment_method = ANY (ARRAY['cash'::text, 'credits'::text]))),
    CONSTRAINT offers_settled_check CHECK (((escrow_status = 'held'::text) = (settled_at IS NULL))),
    CONSTRAINT offers_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'negotiating'::text, 'accepted'::text, 'declined'::text, 'cancelled'::text, 'expired'::text]))),
    CONSTRAINT offers_type_check CHECK ((offer_type = ANY (ARRAY['queue_jump'::text, 'move_back'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE offers_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE offers_id_seq OWNED BY offers.id;
--> statement-breakpoint
CREATE TABLE payment_actions (
    id integer NOT NULL,
    kind text NOT NULL,
    payment_intent_id text,
    offer_id integer,
    user_id integer,
    amount_cents integer NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    done_at timestamp with time zone,
    CONSTRAINT payment_actions_amount_check CHECK ((amount_cents >= 0)),
    CONSTRAINT payment_actions_kind_check CHECK ((kind = ANY (ARRAY['capture'::text, 'cancel'::text, 'payout'::text, 'refund'::text]))),
    CONSTRAINT payment_actions_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'done'::text, 'failed'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE payment_actions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE payment_actions_id_seq OWNED BY payment_actions.id;
--> statement-breakpoint
CREATE TABLE payment_intents (
    id text NOT NULL,
    client_secret text NOT NULL,
    user_id integer NOT NULL,
    amount_cents integer NOT NULL,
    status text DEFAULT 'requires_payment_method'::text NOT NULL,
    processor text NOT NULL,
    processor_ref text,
    offer_id integer,
    claimed_at timestamp with time zone,
    captured_cents integer,
    card_last4 text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payment_intents_amount_check CHECK ((amount_cents > 0)),
    CONSTRAINT payment_intents_captured_check CHECK (((captured_cents IS NULL) OR ((captured_cents >= 0) AND (captured_cents <= amount_cents)))),
    CONSTRAINT payment_intents_status_check CHECK ((status = ANY (ARRAY['requires_payment_method'::text, 'requires_capture'::text, 'succeeded'::text, 'canceled'::text])))
);
--> statement-breakpoint
CREATE TABLE queue_entries (
    id integer NOT NULL,
    appointment_id integer NOT NULL,
    business_id integer NOT NULL,
    service_id integer NOT NULL,
    customer_id integer NOT NULL,
    starts_at timestamp without time zone NOT NULL,
    status text DEFAULT 'waiting'::text NOT NULL,
    called_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT queue_entries_status_check CHECK ((status = ANY (ARRAY['waiting'::text, 'called'::text, 'served'::text, 'cancelled'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE queue_entries_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE queue_entries_id_seq OWNED BY queue_entries.id;
--> statement-breakpoint
CREATE TABLE restaurant_time_slots (
    id integer NOT NULL,
    business_id integer NOT NULL,
    day_of_week smallint NOT NULL,
    start_time time without time zone NOT NULL,
    end_time time without time zone NOT NULL,
    interval_minutes smallint NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    CONSTRAINT restaurant_time_slots_day_check CHECK (((day_of_week >= 0) AND (day_of_week <= 6))),
    CONSTRAINT restaurant_time_slots_interval_check CHECK ((interval_minutes = ANY (ARRAY[15, 30, 60]))),
    CONSTRAINT restaurant_time_slots_order_check CHECK ((end_time > start_time))
);
--> statement-breakpoint
CREATE SEQUENCE restaurant_time_slots_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE restaurant_time_slots_id_seq OWNED BY restaurant_time_slots.id;
--> statement-breakpoint
CREATE TABLE services (
    id integer NOT NULL,
    business_id integer NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    duration integer NOT NULL,
    price_cents integer NOT NULL,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT services_duration_check CHECK (((duration >= 5) AND (duration <= 720))),
    CONSTRAINT services_price_check CHECK ((price_cents >= 0))
);
--> statement-breakpoint
CREATE SEQUENCE services_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE services_id_seq OWNED BY services.id;
--> statement-breakpoint
CREATE TABLE sessions (
    token_hash text NOT NULL,
    user_id integer NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE users (
    id integer NOT NULL,
    username text NOT NULL,
    email text NOT NULL,
    password_hash text NOT NULL,
    user_type text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT users_user_type_check CHECK ((user_type = ANY (ARRAY['customer'::text, 'business'::text])))
);
--> statement-breakpoint
CREATE SEQUENCE users_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE users_id_seq OWNED BY users.id;
--> statement-breakpoint
ALTER TABLE ONLY appointments ALTER COLUMN id SET DEFAULT nextval('appointments_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY blocked_dates ALTER COLUMN id SET DEFAULT nextval('blocked_dates_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY business_hours ALTER COLUMN id SET DEFAULT nextval('business_hours_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY businesses ALTER COLUMN id SET DEFAULT nextval('businesses_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY email_outbox ALTER COLUMN id SET DEFAULT nextval('email_outbox_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY ledger_accounts ALTER COLUMN id SET DEFAULT nextval('ledger_accounts_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY ledger_transfers ALTER COLUMN id SET DEFAULT nextval('ledger_transfers_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY notifications ALTER COLUMN id SET DEFAULT nextval('notifications_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY offers ALTER COLUMN id SET DEFAULT nextval('offers_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY payment_actions ALTER COLUMN id SET DEFAULT nextval('payment_actions_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY queue_entries ALTER COLUMN id SET DEFAULT nextval('queue_entries_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY restaurant_time_slots ALTER COLUMN id SET DEFAULT nextval('restaurant_time_slots_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY services ALTER COLUMN id SET DEFAULT nextval('services_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY users ALTER COLUMN id SET DEFAULT nextval('users_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY app_secrets
    ADD CONSTRAINT app_secrets_pkey PRIMARY KEY (name);
--> statement-breakpoint
ALTER TABLE ONLY appointments
    ADD CONSTRAINT appointments_no_overlap EXCLUDE USING gist (business_id WITH =, tsrange(starts_at, ends_at, '[)'::text) WITH &&, (
CASE
    WHEN exclusive THEN 0
    ELSE NULL::integer
END) WITH =) WHERE ((status = 'confirmed'::text)) DEFERRABLE;
--> statement-breakpoint
ALTER TABLE ONLY appointments
    ADD CONSTRAINT appointments_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY blocked_dates
    ADD CONSTRAINT blocked_dates_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY business_hours
    ADD CONSTRAINT business_hours_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY businesses
    ADD CONSTRAINT businesses_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY earliest_free_starts
    ADD CONSTRAINT earliest_free_starts_pkey PRIMARY KEY (service_id);
--> statement-breakpoint
ALTER TABLE ONLY email_outbox
    ADD CONSTRAINT email_outbox_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY idempotency_keys
    ADD CONSTRAINT idempotency_keys_user_id_key_pk PRIMARY KEY (user_id, key);
--> statement-breakpoint
ALTER TABLE ONLY ledger_accounts
    ADD CONSTRAINT ledger_accounts_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY ledger_transfers
    ADD CONSTRAINT ledger_transfers_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY login_attempts
    ADD CONSTRAINT login_attempts_pkey PRIMARY KEY (key);
--> statement-breakpoint
ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY offers
    ADD CONSTRAINT offers_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY payment_actions
    ADD CONSTRAINT payment_actions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY payment_intents
    ADD CONSTRAINT payment_intents_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY queue_entries
    ADD CONSTRAINT queue_entries_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY restaurant_time_slots
    ADD CONSTRAINT restaurant_time_slots_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY services
    ADD CONSTRAINT services_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (token_hash);
--> statement-breakpoint
ALTER TABLE ONLY users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);
--> statement-breakpoint
CREATE INDEX appointments_business_starts_idx ON appointments USING btree (business_id, starts_at);
--> statement-breakpoint
CREATE INDEX appointments_customer_idx ON appointments USING btree (customer_id);
--> statement-breakpoint
CREATE UNIQUE INDEX blocked_dates_business_date_key ON blocked_dates USING btree (business_id, date);
--> statement-breakpoint
CREATE UNIQUE INDEX business_hours_day_key ON business_hours USING btree (business_id, day_of_week);
--> statement-breakpoint
CREATE UNIQUE INDEX businesses_owner_id_key ON businesses USING btree (owner_id);
--> statement-breakpoint
CREATE INDEX earliest_free_starts_business_id_idx ON earliest_free_starts USING btree (business_id);
--> statement-breakpoint
CREATE INDEX earliest_free_starts_listing_idx ON earliest_free_starts USING btree (start_local, business_id, service_id) WHERE (item IS NOT NULL);
--> statement-breakpoint
CREATE INDEX email_outbox_appointment_idx ON email_outbox USING btree (appointment_id);
--> statement-breakpoint
CREATE INDEX email_outbox_due_idx ON email_outbox USING btree (run_after) WHERE (status = 'pending'::text);
--> statement-breakpoint
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys USING btree (created_at);
--> statement-breakpoint
CREATE UNIQUE INDEX ledger_accounts_owner_key ON ledger_accounts USING btree (kind, asset, COALESCE(user_id, 0), COALESCE(business_id, 0), COALESCE(offer_id, 0));
--> statement-breakpoint
CREATE INDEX ledger_transfers_appointment_idx ON ledger_transfers USING btree (appointment_id);
--> statement-breakpoint
CREATE INDEX ledger_transfers_credit_idx ON ledger_transfers USING btree (credit_account_id);
--> statement-breakpoint
CREATE INDEX ledger_transfers_debit_idx ON ledger_transfers USING btree (debit_account_id);
--> statement-breakpoint
CREATE INDEX ledger_transfers_offer_idx ON ledger_transfers USING btree (offer_id) WHERE (offer_id IS NOT NULL);
--> statement-breakpoint
CREATE UNIQUE INDEX ledger_transfers_pending_resolution_key ON ledger_transfers USING btree (pending_id) WHERE (pending_id IS NOT NULL);
--> statement-breakpoint
CREATE INDEX login_attempts_window_ends_at_idx ON login_attempts USING btree (window_ends_at);
--> statement-breakpoint
CREATE INDEX notifications_unread_idx ON notifications USING btree (user_id) WHERE (read_at IS NULL);
--> statement-breakpoint
CREATE INDEX notifications_user_idx ON notifications USING btree (user_id, created_at);
--> statement-breakpoint
CREATE INDEX offers_from_appointment_idx ON offers USING btree (from_appointment_id);
--> statement-breakpoint
CREATE INDEX offers_from_user_idx ON offers USING btree (from_user_id);
--> statement-breakpoint
CREATE INDEX offers_live_expiry_idx ON offers USING btree (expires_at) WHERE (status = ANY (ARRAY['pending'::text, 'negotiating'::text]));
--> statement-breakpoint
CREATE UNIQUE INDEX offers_one_live_per_pair_key ON offers USING btree (LEAST(from_appointment_id, to_appointment_id), GREATEST(from_appointment_id, to_appointment_id)) WHERE (status = ANY (ARRAY['pending'::text, 'negotiating'::text]));
--> statement-breakpoint
CREATE INDEX offers_to_appointment_idx ON offers USING btree (to_appointment_id);
--> statement-breakpoint
CREATE INDEX offers_to_user_idx ON offers USING btree (to_user_id);
--> statement-breakpoint
CREATE INDEX offers_unsettled_idx ON offers USING btree (id) WHERE ((status = 'accepted'::text) AND (escrow_status = 'held'::text));
--> statement-breakpoint
CREATE INDEX payment_actions_due_idx ON payment_actions USING btree (run_after) WHERE (status = 'pending'::text);
--> statement-breakpoint
CREATE UNIQUE INDEX payment_actions_once_key ON payment_actions USING btree (kind, COALESCE(payment_intent_id, ''::text), COALESCE(offer_id, 0));
--> statement-breakpoint
CREATE UNIQUE INDEX payment_intents_client_secret_key ON payment_intents USING btree (client_secret);
--> statement-breakpoint
CREATE INDEX payment_intents_offer_idx ON payment_intents USING btree (offer_id);
--> statement-breakpoint
CREATE INDEX payment_intents_user_idx ON payment_intents USING btree (user_id);
--> statement-breakpoint
CREATE UNIQUE INDEX queue_entries_appointment_key ON queue_entries USING btree (appointment_id);
--> statement-breakpoint
CREATE INDEX queue_entries_business_day_idx ON queue_entries USING btree (business_id, starts_at);
--> statement-breakpoint
CREATE INDEX queue_entries_customer_idx ON queue_entries USING btree (customer_id);
--> statement-breakpoint
CREATE INDEX restaurant_time_slots_business_idx ON restaurant_time_slots USING btree (business_id, day_of_week);
--> statement-breakpoint
CREATE INDEX services_business_id_idx ON services USING btree (business_id);
--> statement-breakpoint
CREATE INDEX sessions_user_id_idx ON sessions USING btree (user_id);
--> statement-breakpoint
CREATE UNIQUE INDEX users_email_lower_key ON users USING btree (lower(email));
--> statement-breakpoint
CREATE UNIQUE INDEX users_username_lower_key ON users USING btree (lower(username));
--> statement-breakpoint
ALTER TABLE ONLY appointments
    ADD CONSTRAINT appointments_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES businesses(id);
--> statement-breakpoint
ALTER TABLE ONLY appointments
    ADD CONSTRAINT appointments_customer_id_users_id_fk FOREIGN KEY (customer_id) REFERENCES users(id);
--> statement-breakpoint
ALTER TABLE ONLY appointments
    ADD CONSTRAINT appointments_service_id_services_id_fk FOREIGN KEY (service_id) REFERENCES services(id);
--> statement-breakpoint
ALTER TABLE ONLY blocked_dates
    ADD CONSTRAINT blocked_dates_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES businesses(id);
--> statement-breakpoint
ALTER TABLE ONLY business_hours
    ADD CONSTRAINT business_hours_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES businesses(id);
--> statement-breakpoint
ALTER TABLE ONLY businesses
    ADD CONSTRAINT businesses_owner_id_users_id_fk FOREIGN KEY (owner_id) REFERENCES users(id);
--> statement-breakpoint
ALTER TABLE ONLY earliest_free_starts
    ADD CONSTRAINT earliest_free_starts_service_id_fkey FOREIGN KEY (service_id) REFERENCES services(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY email_outbox
    ADD CONSTRAINT email_outbox_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES appointments(id);
--> statement-breakpoint
ALTER TABLE ONLY idempotency_keys
    ADD CONSTRAINT idempotency_keys_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY ledger_accounts
    ADD CONSTRAINT ledger_accounts_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES businesses(id);
--> statement-breakpoint
ALTER TABLE ONLY ledger_accounts
    ADD CONSTRAINT ledger_accounts_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id);
--> statement-breakpoint
ALTER TABLE ONLY ledger_transfers
    ADD CONSTRAINT ledger_transfers_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES appointments(id);
--> statement-breakpoint
ALTER TABLE ONLY ledger_transfers
    ADD CONSTRAINT ledger_transfers_credit_account_id_ledger_accounts_id_fk FOREIGN KEY (credit_account_id) REFERENCES ledger_accounts(id);
--> statement-breakpoint
ALTER TABLE ONLY ledger_transfers
    ADD CONSTRAINT ledger_transfers_debit_account_id_ledger_accounts_id_fk FOREIGN KEY (debit_account_id) REFERENCES ledger_accounts(id);
--> statement-breakpoint
ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES appointments(id);
--> statement-breakpoint
ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_offer_id_offers_id_fk FOREIGN KEY (offer_id) REFERENCES offers(id);
--> statement-breakpoint
ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY offers
    ADD CONSTRAINT offers_from_appointment_id_appointments_id_fk FOREIGN KEY (from_appointment_id) REFERENCES appointments(id);
--> statement-breakpoint
ALTER TABLE ONLY offers
    ADD CONSTRAINT offers_from_user_id_users_id_fk FOREIGN KEY (from_user_id) REFERENCES users(id);
--> statement-breakpoint
ALTER TABLE ONLY offers
    ADD CONSTRAINT offers_last_negotiation_by_users_id_fk FOREIGN KEY (last_negotiation_by) REFERENCES users(id);
--> statement-breakpoint
ALTER TABLE ONLY offers
    ADD CONSTRAINT offers_to_appointment_id_appointments_id_fk FOREIGN KEY (to_appointment_id) REFERENCES appointments(id);
--> statement-breakpoint
ALTER TABLE ONLY offers
    ADD CONSTRAINT offers_to_user_id_users_id_fk FOREIGN KEY (to_user_id) REFERENCES users(id);
--> statement-breakpoint
ALTER TABLE ONLY payment_actions
    ADD CONSTRAINT payment_actions_offer_id_offers_id_fk FOREIGN KEY (offer_id) REFERENCES offers(id);
--> statement-breakpoint
ALTER TABLE ONLY payment_actions
    ADD CONSTRAINT payment_actions_payment_intent_id_payment_intents_id_fk FOREIGN KEY (payment_intent_id) REFERENCES payment_intents(id);
--> statement-breakpoint
ALTER TABLE ONLY payment_actions
    ADD CONSTRAINT payment_actions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id);
--> statement-breakpoint
ALTER TABLE ONLY payment_intents
    ADD CONSTRAINT payment_intents_offer_id_offers_id_fk FOREIGN KEY (offer_id) REFERENCES offers(id);
--> statement-breakpoint
ALTER TABLE ONLY payment_intents
    ADD CONSTRAINT payment_intents_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id);
--> statement-breakpoint
ALTER TABLE ONLY queue_entries
    ADD CONSTRAINT queue_entries_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES appointments(id);
--> statement-breakpoint
ALTER TABLE ONLY restaurant_time_slots
    ADD CONSTRAINT restaurant_time_slots_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES businesses(id);
--> statement-breakpoint
ALTER TABLE ONLY services
    ADD CONSTRAINT services_business_id_businesses_id_fk FOREIGN KEY (business_id) REFERENCES businesses(id);
--> statement-breakpoint
ALTER TABLE ONLY sessions
    ADD CONSTRAINT sessions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
