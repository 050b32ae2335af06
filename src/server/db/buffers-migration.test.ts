import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../test/test-app.js';
import type { Database } from './client.js';
import { legacyDatabaseMigrated } from './legacy-database-test-support.js';

// Migration 0013_buffers (issue 19): every appointment there is was booked without buffers. The
// migration gives each its blocked period (its visit) and rebuilds appointments_no_overlap over that
// period: back-to-back visits stand, a restaurant's shared tables stay shared, and from then on a
// service's buffers keep a new visit away.

const DATE = '2031-03-04';

const LEGACY = `
  insert into users (id, username, email, password_hash, user_type) values
    (1, 'owner', 'owner@example.com', 'x', 'business'), (2, 'chef', 'chef@example.com', 'x', 'business'),
    (3, 'ann', 'ann@example.com', 'x', 'customer'), (4, 'ben', 'ben@example.com', 'x', 'customer');
  insert into businesses (id, owner_id, business_name, category, business_type, time_zone) values
    (1, 1, 'Dentist', 'Healthcare', 'service', 'UTC'), (2, 2, 'Bistro', 'Restaurant', 'restaurant', 'UTC');
  insert into services (id, business_id, name, duration, price_cents) values (1, 1, 'Cleaning', 30, 2000), (2, 2, 'Table', 120, 0);
  insert into appointments (id, business_id, service_id, customer_id, starts_at, ends_at, starts_instant, ends_instant, duration, price_cents, status, exclusive,
                            customer_name, customer_email, customer_phone) values
    -- back to back at the dentist
    (11, 1, 1, 3, '${DATE} 10:00', '${DATE} 10:30', '${DATE} 10:00Z', '${DATE} 10:30Z', 30, 2000, 'confirmed', true, 'Ann', 'ann@example.com', '555'),
    (12, 1, 1, 4, '${DATE} 10:30', '${DATE} 11:00', '${DATE} 10:30Z', '${DATE} 11:00Z', 30, 2000, 'confirmed', true, 'Ben', 'ben@example.com', '555'),
    -- two tables at once at the bistro
    (21, 2, 2, 3, '${DATE} 19:00', '${DATE} 21:00', '${DATE} 19:00Z', '${DATE} 21:00Z', 120, 0, 'confirmed', false, 'Ann', 'ann@example.com', '555'),
    (22, 2, 2, 4, '${DATE} 19:00', '${DATE} 21:00', '${DATE} 19:00Z', '${DATE} 21:00Z', 120, 0, 'confirmed', false, 'Ben', 'ben@example.com', '555');
  select setval('users_id_seq', 10), setval('businesses_id_seq', 10), setval('services_id_seq', 10), setval('appointments_id_seq', 100);
`;

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await legacyDatabaseMigrated('0013', LEGACY)));
afterAll(() => drop?.());

const insert = (id: number, time: string, end: string) =>
  database.db.execute(
    `insert into appointments (id, business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, customer_name, customer_email, customer_phone)
     values (${id}, 1, 1, 3, '${DATE} ${time}', '${DATE} ${end}', 30, 2000, 'confirmed', true, 'Ann', 'ann@example.com', '555')`,
  );

describe('migration 0013 on a database booked before buffers', () => {
  it('gives every row its visit as its blocked period and rebuilds the constraint over it', async () => {
    const rows = await queryRows<{ id: number; same: boolean }>(database, 'select id, blocked_starts_at = starts_at and blocked_ends_at = ends_at as same from appointments order by id');
    expect(rows).toEqual([{ id: 11, same: true }, { id: 12, same: true }, { id: 21, same: true }, { id: 22, same: true }]);
    const [def] = await queryRows<{ def: string }>(database, `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'appointments_no_overlap'`);
    expect(def.def).toContain('tsrange(blocked_starts_at, blocked_ends_at');
    // Per staff member since migration 0014 (staff-migration.test.ts).
    expect(def.def).toMatch(/WHEN exclusive THEN staff_id\s+ELSE NULL::integer/);
    expect(def.def).toMatch(/WHERE \(+occupies\)+ DEFERRABLE/);
  });

  it('keeps the rows booked without buffers; a visit written once the service has a buffer blocks it', async () => {
    await database.db.execute(`update services set policies = '{"bufferAfterMinutes": 15}' where id = 1`);
    // 11:00 right after Ben's 10:30: his row keeps its period, so it fits; its buffer runs to 11:45.
    await insert(31, '11:00', '11:30');
    const [row] = await queryRows<{ b: string }>(database, `select to_char(blocked_ends_at, 'HH24:MI') as b from appointments where id = 31`);
    expect(row.b).toBe('11:45');
    await expect(insert(32, '11:30', '12:00').then(() => 'inserted', (e: { cause?: { code?: string } }) => e.cause?.code)).resolves.toBe('23P01');
    await insert(33, '11:45', '12:15');
  });
});
