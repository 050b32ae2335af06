import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../test/test-app.js';
import type { Database } from './client.js';
import { legacyDatabaseMigrated } from './legacy-database-test-support.js';

// Migration 0011_one_place (issue 19): a database from before may hold a customer's confirmed bookings
// that overlap in real time, at two businesses in two zones. The migration gives every row its
// instants and builds the constraint without cancelling anybody: the later-made booking is excused
// until it moves.

const DATE = '2031-03-04';

const LEGACY = `
  insert into users (id, username, email, password_hash, user_type) values
    (1, 'owner', 'owner@example.com', 'x', 'business'), (2, 'chef', 'chef@example.com', 'x', 'business'),
    (3, 'ann', 'ann@example.com', 'x', 'customer'), (4, 'ben', 'ben@example.com', 'x', 'customer');
  insert into businesses (id, owner_id, business_name, category, business_type, time_zone) values
    (1, 1, 'Dentist', 'Healthcare', 'service', 'America/New_York'),
    (2, 2, 'Barber', 'Beauty', 'service', 'America/Chicago');
  insert into services (id, business_id, name, duration, price_cents) values (1, 1, 'Cleaning', 60, 2000), (2, 2, 'Cut', 30, 2000);
  insert into appointments (id, business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive,
                            customer_name, customer_email, customer_phone) values
    -- ann: 10:00-11:00 New York, then 9:30-10:00 Chicago = 10:30-11:00 New York: overlapping
    (11, 1, 1, 3, '${DATE} 10:00', '${DATE} 11:00', 60, 2000, 'confirmed', true, 'Ann', 'ann@example.com', '555'),
    (12, 2, 2, 3, '${DATE} 09:30', '${DATE} 10:00', 30, 2000, 'confirmed', true, 'Ann', 'ann@example.com', '555'),
    -- ann: 10:00-10:30 Chicago = 11:00 New York, right after the cleaning: back to back, not overlapping
    (13, 2, 2, 3, '${DATE} 10:00', '${DATE} 10:30', 30, 2000, 'confirmed', true, 'Ann', 'ann@example.com', '555'),
    -- ben: a cancelled booking over a confirmed one does not count
    (21, 1, 1, 4, '${DATE} 14:00', '${DATE} 15:00', 60, 2000, 'cancelled', true, 'Ben', 'ben@example.com', '555'),
    (22, 2, 2, 4, '${DATE} 13:00', '${DATE} 13:30', 30, 2000, 'confirmed', true, 'Ben', 'ben@example.com', '555');
  select setval('users_id_seq', 10), setval('businesses_id_seq', 10), setval('services_id_seq', 10), setval('appointments_id_seq', 100);
`;

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await legacyDatabaseMigrated('0011', LEGACY)));
afterAll(() => drop?.());

describe('migration 0011 on a database holding a customer in two places at once', () => {
  it('gives every row its real period as instants, on its business’s clock', async () => {
    const rows = await queryRows<{ id: number; s: string; e: string }>(
      database,
      `select id, to_char(starts_instant at time zone 'UTC', 'HH24:MI') as s, to_char(ends_instant at time zone 'UTC', 'HH24:MI') as e from appointments order by id`,
    );
    // March 4 2031: New York is UTC-5, Chicago UTC-6
    expect(rows.map((r) => `${r.id} ${r.s}-${r.e}`)).toEqual(['11 15:00-16:00', '12 15:30-16:00', '13 16:00-16:30', '21 19:00-20:00', '22 19:00-19:30']);
  });

  it('cancels nobody, excuses only the later-made booking of the overlapping pair, and refuses a new overlap', async () => {
    const rows = await queryRows<{ id: number; status: string; legacy_overlap: boolean }>(database, 'select id, status, legacy_overlap from appointments order by id');
    expect(rows.filter((r) => r.status === 'confirmed').map((r) => r.id)).toEqual([11, 12, 13, 22]);
    expect(rows.filter((r) => r.legacy_overlap).map((r) => r.id)).toEqual([12]);
    const overlapping = database.db.execute(
      `insert into appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, customer_name, customer_email, customer_phone)
       values (1, 1, 4, '${DATE} 14:00', '${DATE} 15:00', 60, 2000, 'confirmed', true, 'Ben', 'ben@example.com', '555')`,
    );
    await expect(overlapping.then(() => 'inserted', (error: Error & { cause?: { message?: string } }) => error.cause?.message ?? error.message)).resolves.toMatch(
      /^ben already has a booking then: Cut at Barber, 1:00 PM, Tuesday, March 4 \(Chicago time\)/,
    );
  });

  it('holds an excused booking to the rule once it moves', async () => {
    // Moved within the cleaning: refused; moved clear of it: kept, and no longer excused.
    const into = database.db.execute(`update appointments set starts_at = '${DATE} 09:45', ends_at = '${DATE} 10:15' where id = 12`);
    await expect(into.then(() => 'moved', () => 'refused')).resolves.toBe('refused');
    await database.db.execute(`update appointments set starts_at = '${DATE} 11:00', ends_at = '${DATE} 11:30' where id = 12`);
    const [row] = await queryRows<{ legacy_overlap: boolean }>(database, 'select legacy_overlap from appointments where id = 12');
    expect(row.legacy_overlap).toBe(false);
  });
});
