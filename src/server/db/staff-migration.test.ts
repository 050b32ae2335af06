import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../test/test-app.js';
import type { Database } from './client.js';
import { legacyDatabaseMigrated } from './legacy-database-test-support.js';

// Migration 0014_staff (issue 19): every service business there is gets one staff member named
// after it, and every one of its appointments becomes that member's; a restaurant gets none and its
// tables none. The overlap constraint is then per member: what it held before, it holds still.

const DATE = '2031-03-04';

const LEGACY = `
  insert into users (id, username, email, password_hash, user_type) values
    (1, 'owner', 'owner@example.com', 'x', 'business'), (2, 'chef', 'chef@example.com', 'x', 'business'),
    (3, 'ann', 'ann@example.com', 'x', 'customer'), (4, 'ben', 'ben@example.com', 'x', 'customer');
  insert into businesses (id, owner_id, business_name, category, business_type, time_zone) values
    (1, 1, 'Dentist', 'Healthcare', 'service', 'UTC'), (2, 2, 'Bistro', 'Restaurant', 'restaurant', 'UTC');
  insert into services (id, business_id, name, duration, price_cents) values (1, 1, 'Cleaning', 30, 2000), (2, 2, 'Table', 120, 0);
  insert into appointments (id, business_id, service_id, customer_id, starts_at, ends_at, starts_instant, ends_instant, blocked_starts_at, blocked_ends_at,
                            duration, price_cents, status, exclusive, customer_name, customer_email, customer_phone) values
    (11, 1, 1, 3, '${DATE} 10:00', '${DATE} 10:30', '${DATE} 10:00Z', '${DATE} 10:30Z', '${DATE} 10:00', '${DATE} 10:30', 30, 2000, 'confirmed', true, 'Ann', 'ann@example.com', '555'),
    (12, 1, 1, 4, '${DATE} 10:30', '${DATE} 11:00', '${DATE} 10:30Z', '${DATE} 11:00Z', '${DATE} 10:30', '${DATE} 11:00', 30, 2000, 'cancelled', true, 'Ben', 'ben@example.com', '555'),
    (21, 2, 2, 3, '${DATE} 19:00', '${DATE} 21:00', '${DATE} 19:00Z', '${DATE} 21:00Z', '${DATE} 19:00', '${DATE} 21:00', 120, 0, 'confirmed', false, 'Ann', 'ann@example.com', '555');
  select setval('users_id_seq', 10), setval('businesses_id_seq', 10), setval('services_id_seq', 10), setval('appointments_id_seq', 100);
`;

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await legacyDatabaseMigrated('0014', LEGACY)));
afterAll(() => drop?.());

describe('migration 0014 on a database booked before staff', () => {
  it('gives each service business one member named after it, and it every appointment there', async () => {
    const staff = await queryRows<{ business_id: number; name: string; active: boolean; position: number; own_hours: boolean; service_ids: number[] }>(
      database, 'select business_id, name, active, position, own_hours, service_ids from staff_members order by id');
    expect(staff).toEqual([{ business_id: 1, name: 'Dentist', active: true, position: 1, own_hours: false, service_ids: [] }]);
    const rows = await queryRows<{ id: number; staff: string | null; staff_requested: boolean }>(
      database, 'select a.id, m.name as staff, a.staff_requested from appointments a left join staff_members m on m.id = a.staff_id order by a.id');
    expect(rows).toEqual([
      { id: 11, staff: 'Dentist', staff_requested: false },
      { id: 12, staff: 'Dentist', staff_requested: false },
      { id: 21, staff: null, staff_requested: false },
    ]);
  });

  it('keeps one customer at a time with that one member, as before', async () => {
    const insert = database.db.execute(
      `insert into appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, customer_name, customer_email, customer_phone)
       values (1, 1, 4, '${DATE} 10:15', '${DATE} 10:45', 30, 2000, 'confirmed', true, 'Ben', 'ben@example.com', '555')`,
    );
    await expect(insert).rejects.toMatchObject({ cause: { code: '23P01' } });
    const [def] = await queryRows<{ def: string }>(database, `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'appointments_no_overlap'`);
    expect(def.def).toMatch(/WHEN exclusive THEN staff_id\s+ELSE NULL::integer/);
  });

  it('a business registered afterwards gets its first member from the trigger; a restaurant none', async () => {
    await database.db.execute(`insert into users (id, username, email, password_hash, user_type) values
      (5, 'five', 'five@example.com', 'x', 'business'), (6, 'cafe', 'cafe@example.com', 'x', 'business')`);
    await database.db.execute(`insert into businesses (id, owner_id, business_name, category, business_type, time_zone) values
      (5, 5, '  Studio Five ', 'Healthcare', 'service', 'UTC'), (6, 6, 'Cafe', 'Restaurant', 'restaurant', 'UTC')`);
    const staff = await queryRows<{ business_id: number; name: string }>(database, 'select business_id, name from staff_members where business_id in (5, 6)');
    expect(staff).toEqual([{ business_id: 5, name: 'Studio Five' }]);
  });
});
