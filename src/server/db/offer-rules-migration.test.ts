import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../test/test-app.js';
import type { Database } from './client.js';
import { legacyDatabaseMigrated, preBaselineDatabaseMigrated } from './legacy-database-test-support.js';

// Migration 0003_offer_rules: one live offer per sender on a target appointment. A sender's older
// live offers on the same appointment end as cancelled, as que_offer_end ended an offer when the
// migration was written: holds back to the payer, card authorizations released, both told, a
// restaurant offer's pending table cancelled. In plain SQL, so it runs the same on a database whose
// function files are not applied yet (a new one, or one stopped before 0003) and on one from before
// the baseline, whose functions the old migrations made.

const DATE = '2031-03-04';
const at = (time: string) => `'${DATE} ${time}'`;
const appointment = (id: number, business: number, service: number, customer: number, from: string, to: string, minutes: number, status = 'confirmed') =>
  `(${id}, ${business}, ${service}, ${customer}, ${at(from)}, ${at(to)}, ${minutes}, 0, '${status}', ${business === 1}, 'Someone', 'someone@example.com', '555')`;
const offer = (id: number, from: number, to: number, method: string, status: string, counter: number | null, temporary: boolean, sender = 3) =>
  `(${id}, ${sender}, 4, ${from}, ${to}, 'queue_jump', '${method}', '${to === 20 ? 'restaurant' : 'service'}', 1500, ${counter ?? 'null'}, '${status}', ${temporary}, now() + interval '1 day')`;

const LEGACY = `
  insert into users (id, username, email, password_hash, user_type) values
    (1, 'owner', 'owner@example.com', 'x', 'business'), (2, 'chef', 'chef@example.com', 'x', 'business'),
    (3, 'ann', 'ann@example.com', 'x', 'customer'), (4, 'ben', 'ben@example.com', 'x', 'customer'), (5, 'cal', 'cal@example.com', 'x', 'customer');
  insert into businesses (id, owner_id, business_name, category, business_type, time_zone, max_party_size, reservation_duration, seating_capacity) values
    (1, 1, 'Dentist', 'Healthcare', 'service', 'UTC', null, null, null), (2, 2, 'Bistro', 'Restaurant', 'restaurant', 'UTC', 6, 120, 40);
  insert into services (id, business_id, name, duration, price_cents) values (1, 1, 'Cleaning', 30, 0), (2, 2, 'Table', 120, 0);
  insert into appointments (id, business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, customer_name, customer_email, customer_phone) values
    ${appointment(10, 1, 1, 4, '09:00', '09:30', 30)}, ${appointment(11, 1, 1, 3, '10:00', '10:30', 30)},
    ${appointment(12, 1, 1, 3, '11:00', '11:30', 30)}, ${appointment(13, 1, 1, 3, '12:00', '12:30', 30)},
    ${appointment(14, 1, 1, 5, '13:00', '13:30', 30)},
    ${appointment(20, 2, 2, 4, '19:00', '21:00', 120)}, ${appointment(21, 2, 2, 3, '17:00', '19:00', 120, 'pending')},
    ${appointment(22, 2, 2, 3, '21:00', '23:00', 120, 'pending')};
  -- ann has three live offers on ben's 9:00 (a card one, one with credits held, the newest) and two
  -- on his table (each with a pending table of her own); cal one on the 9:00.
  insert into offers (id, from_user_id, to_user_id, from_appointment_id, to_appointment_id, offer_type, payment_method, fee_kind,
                      offer_cents, counter_cents, status, temporary_reservation, expires_at) values
    ${offer(1, 11, 10, 'cash', 'pending', null, false)}, ${offer(2, 12, 10, 'credits', 'negotiating', 2000, false)},
    ${offer(3, 13, 10, 'credits', 'pending', null, false)}, ${offer(4, 14, 10, 'cash', 'pending', null, false, 5)},
    ${offer(5, 21, 20, 'cash', 'pending', null, true)}, ${offer(6, 22, 20, 'cash', 'pending', null, true)};
  insert into payment_intents (id, client_secret, user_id, amount_cents, status, processor, offer_id, claimed_at) values
    ('pi_1', 'secret_1', 3, 2000, 'requires_capture', 'test', 1, now()), ('pi_4', 'secret_4', 5, 2000, 'requires_capture', 'test', 4, now());
  insert into ledger_accounts (id, kind, asset, user_id, offer_id, no_overdraft, credits_posted, debits_pending, credits_pending) values
    (1, 'user_credits', 'CREDIT', 3, null, true, 10000, 3500, 0), (3, 'offer_escrow', 'CREDIT', null, 2, false, 0, 0, 2000),
    (4, 'offer_escrow', 'CREDIT', null, 3, false, 0, 0, 1500);
  -- offer 2: an open hold of 2,000 and one of 500 returned before; offer 3: an open hold of 1,500
  insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, asset, flags, pending_id, code, description, offer_id) values
    (101, 1, 3, 2000, 'CREDIT', 'pending', null, 'offer_hold', 'Held', 2), (102, 1, 3, 500, 'CREDIT', 'pending', null, 'offer_hold', 'Held', 2),
    (103, 1, 3, 500, 'CREDIT', 'void_pending', 102, 'offer_refund', 'Returned', 2), (104, 1, 4, 1500, 'CREDIT', 'pending', null, 'offer_hold', 'Held', 3);
  select setval('users_id_seq', 10), setval('businesses_id_seq', 10), setval('services_id_seq', 10), setval('appointments_id_seq', 100),
         setval('offers_id_seq', 10), setval('ledger_accounts_id_seq', 10), setval('ledger_transfers_id_seq', 200);
`;

const told = (offerId: number, price: string, slot: string, business: string) => [
  { user_id: 3, offer_id: offerId, kind: 'offer_cancelled', title: 'Offer cancelled', link: '/appointments',
    body: `The ${price} offer for the ${slot} slot on ${DATE} at ${business} was cancelled. Everything it held has been returned to you.` },
  { user_id: 4, offer_id: offerId, kind: 'offer_cancelled', title: 'Offer cancelled', link: '/appointments', body: `The ${price} offer for the ${slot} slot on ${DATE} at ${business} was cancelled.` },
];

function endsOlderOffers(migrated: () => Promise<{ database: Database; drop(): Promise<void> }>) {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ database, drop } = await migrated()), 120_000);
  afterAll(() => drop?.());

  it("ends all but each sender's newest live offer on an appointment, as cancelled", async () => {
    expect(await queryRows(database, 'select id, status from offers order by id')).toEqual([
      { id: 1, status: 'cancelled' }, { id: 2, status: 'cancelled' }, { id: 3, status: 'pending' },
      { id: 4, status: 'pending' }, { id: 5, status: 'cancelled' }, { id: 6, status: 'pending' },
    ]);
    const second = database.db.execute(`update offers set status = 'pending' where id = 2`);
    await expect(second).rejects.toMatchObject({ cause: { code: '23505' } });
  });

  it('returns their open holds to the payer, once, and releases their card authorizations', async () => {
    expect(await queryRows(database, 'select debit_account_id, credit_account_id, amount::int, asset, flags, pending_id, code, description, appointment_id, offer_id from ledger_transfers where id > 104')).toEqual([
      { debit_account_id: 1, credit_account_id: 3, amount: 2000, asset: 'CREDIT', flags: 'void_pending', pending_id: 101, code: 'offer_refund', description: 'Returned: offer #2 was cancelled', appointment_id: null, offer_id: 2 },
    ]);
    expect(await queryRows(database, 'select id, debits_pending::int, credits_pending::int, debits_posted::int, credits_posted::int from ledger_accounts order by id')).toEqual([
      { id: 1, debits_pending: 1500, credits_pending: 0, debits_posted: 0, credits_posted: 10000 },
      { id: 3, debits_pending: 0, credits_pending: 0, debits_posted: 0, credits_posted: 0 },
      { id: 4, debits_pending: 0, credits_pending: 1500, debits_posted: 0, credits_posted: 0 },
    ]);
    expect(await queryRows(database, 'select kind, payment_intent_id, offer_id, amount_cents, status from payment_actions order by id')).toEqual([
      { kind: 'cancel', payment_intent_id: 'pi_1', offer_id: null, amount_cents: 0, status: 'pending' },
    ]);
  });

  it('tells both parties, the sender first, and cancels the pending table a restaurant offer held', async () => {
    expect(await queryRows(database, 'select user_id, offer_id, kind, title, link, body from notifications order by id')).toEqual([
      ...told(1, '$15.00', '09:00', 'Dentist'), ...told(2, '$20.00', '09:00', 'Dentist'), ...told(5, '$15.00', '19:00', 'Bistro'),
    ]);
    expect(await queryRows(database, 'select id, status from appointments where id in (21, 22) order by id')).toEqual([
      { id: 21, status: 'cancelled' }, { id: 22, status: 'pending' },
    ]);
  });
}

describe('migration 0003 on a database stopped before it, no function file applied', () => {
  endsOlderOffers(() => legacyDatabaseMigrated('0003', LEGACY));
});

describe.runIf(process.env.TEST_DB === 'postgres')('migration 0003 on a database from before the baseline, with its old functions', () => {
  endsOlderOffers(() => preBaselineDatabaseMigrated(LEGACY));
});
