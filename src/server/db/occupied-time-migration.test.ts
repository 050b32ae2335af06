import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOfWeek } from '../../contract/time.js';
import { RULES } from '../../contract/rules.js';
import { listAvailableSlots, slotRules } from '../features/availability/available-slots.js';
import { queryRows } from '../test/test-app.js';
import type { Database } from './client.js';
import { legacyDatabaseMigrated } from './legacy-database-test-support.js';
import { SqlState, sqlStateOf } from './sql-state.js';

// Migration 0004_occupied_time (issue 17): completed visits hold their time from now on, and the overlap
// constraint covers them. A database from before may hold completed visits whose time was sold
// again (the soak left 1,877 confirmed bookings overlapping completed ones); the migration must
// build the constraint over them without cancelling anybody's booking.

const DATE = '2031-03-04';
const DAY_BEFORE = new Date('2031-03-03T17:00:00Z');
const rules = slotRules({ RESTAURANT_BOOKING_HORIZON_DAYS: RULES.restaurantHorizonDays });

/** The legacy rows: the name says what each stands for. */
const LEGACY = `
  insert into users (id, username, email, password_hash, user_type) values
    (1, 'owner', 'owner@example.com', 'x', 'business'), (2, 'diner', 'diner@example.com', 'x', 'business'),
    (3, 'ann', 'ann@example.com', 'x', 'customer'), (4, 'ben', 'ben@example.com', 'x', 'customer');
  insert into businesses (id, owner_id, business_name, category, business_type, time_zone, max_party_size, reservation_duration, seating_capacity) values
    (1, 1, 'Barber', 'Beauty', 'service', 'America/New_York', null, null, null),
    (2, 2, 'Bistro', 'Restaurant', 'restaurant', 'America/New_York', 8, 120, 10);
  insert into services (id, business_id, name, duration, price_cents) values (1, 1, 'Cut', 30, 2000), (2, 2, 'Table reservation', 120, 0);
  insert into business_hours (business_id, day_of_week, open_time, close_time) values (1, ${dayOfWeek(DATE)}, '09:00', '17:00');
  insert into restaurant_time_slots (business_id, day_of_week, start_time, end_time, interval_minutes) values (2, ${dayOfWeek(DATE)}, '17:00', '23:00', 30);
  insert into appointments (id, business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, party_size,
                            customer_name, customer_email, customer_phone) values
    -- 09:50: completed early three times, sold again each time; now confirmed for ben
    (11, 1, 1, 3, '${DATE} 09:50', '${DATE} 10:20', 30, 2000, 'completed', true, 1, 'Ann', 'ann@example.com', '555'),
    (12, 1, 1, 4, '${DATE} 09:50', '${DATE} 10:20', 30, 2000, 'completed', true, 1, 'Ben', 'ben@example.com', '555'),
    (13, 1, 1, 3, '${DATE} 10:00', '${DATE} 10:30', 30, 2000, 'completed', true, 1, 'Ann', 'ann@example.com', '555'),
    (14, 1, 1, 4, '${DATE} 09:50', '${DATE} 10:20', 30, 2000, 'confirmed', true, 1, 'Ben', 'ben@example.com', '555'),
    (15, 1, 1, 3, '${DATE} 09:50', '${DATE} 10:20', 30, 2000, 'cancelled', true, 1, 'Ann', 'ann@example.com', '555'),
    -- 11:00: completed early, sold again and completed again; nobody confirmed
    (21, 1, 1, 3, '${DATE} 11:00', '${DATE} 11:30', 30, 2000, 'completed', true, 1, 'Ann', 'ann@example.com', '555'),
    (22, 1, 1, 4, '${DATE} 11:00', '${DATE} 11:30', 30, 2000, 'completed', true, 1, 'Ben', 'ben@example.com', '555'),
    -- 13:00: completed, never sold again
    (31, 1, 1, 3, '${DATE} 13:00', '${DATE} 13:30', 30, 2000, 'completed', true, 1, 'Ann', 'ann@example.com', '555'),
    -- the restaurant: a completed table of 8 beside a confirmed one of 2 (seats, no overlap constraint)
    (41, 2, 2, 3, '${DATE} 19:00', '${DATE} 21:00', 120, 0, 'completed', false, 8, 'Ann', 'ann@example.com', '555'),
    (42, 2, 2, 4, '${DATE} 19:00', '${DATE} 21:00', 120, 0, 'confirmed', false, 2, 'Ben', 'ben@example.com', '555');
  select setval('users_id_seq', 10), setval('businesses_id_seq', 10), setval('services_id_seq', 10), setval('appointments_id_seq', 100);
`;

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await legacyDatabaseMigrated('0004', LEGACY)));
afterAll(() => drop?.());

describe('migration 0004 on a database holding completed visits whose time was sold again', () => {
  it('cancels nobody: every appointment keeps its status', async () => {
    const rows = await queryRows<{ id: number; status: string }>(database, 'select id, status from appointments order by id');
    expect(rows.map((r) => `${r.id} ${r.status}`)).toEqual([
      '11 completed', '12 completed', '13 completed', '14 confirmed', '15 cancelled', '21 completed', '22 completed', '31 completed', '41 completed', '42 confirmed',
    ]);
  });

  it('sets apart only the completed service visits overlapping a confirmed one or an earlier completed one; the rest hold their time', async () => {
    const rows = await queryRows<{ id: number; legacy_released: boolean; occupies: boolean }>(
      database,
      'select id, legacy_released, occupies from appointments order by id',
    );
    expect(rows.filter((r) => r.legacy_released).map((r) => r.id)).toEqual([11, 12, 13, 22]);
    expect(rows.filter((r) => r.occupies).map((r) => r.id)).toEqual([14, 21, 31, 41, 42]);
  });

  it('builds the overlap constraint over confirmed and completed visits', async () => {
    const [constraint] = await queryRows<{ def: string }>(
      database,
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'appointments_no_overlap'`,
    );
    expect(constraint.def).toMatch(/WHERE \(+occupies\)+/);
    // the completed 11:00 visit that kept its time refuses a confirmed booking over it
    const overlapping = database.db.execute(
      `insert into appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive,
                                 customer_name, customer_email, customer_phone)
       values (1, 1, 4, '${DATE} 11:15', '${DATE} 11:45', 30, 2000, 'confirmed', true, 'Ben', 'ben@example.com', '555')`,
    );
    await expect(overlapping.then(() => null, (error: unknown) => sqlStateOf(error))).resolves.toBe(SqlState.exclusionViolation);
  });

  it('offers none of the held times again, and the restaurant counts the completed table’s seats', async () => {
    const barber = await listAvailableSlots(database.db, { businessId: 1, serviceId: 1, date: DATE, now: DAY_BEFORE, rules });
    // 09:50 is ben's (confirmed), 11:00 and 13:00 the completed visits that kept their time; the
    // completed 10:00 visit was set apart, so 10:30 is free
    for (const free of ['09:00', '10:30', '11:30', '12:30', '13:30']) expect(barber).toContain(free);
    for (const held of ['09:30', '10:00', '11:00', '13:00']) expect(barber).not.toContain(held);
    // 10 seats: 8 at the completed table and 2 at the confirmed one from 19:00 to 21:00
    const bistro = await listAvailableSlots(database.db, { businessId: 2, date: DATE, partySize: 1, now: DAY_BEFORE, rules });
    expect(bistro.filter((t) => t > '17:00' && t < '21:00')).toEqual([]);
    expect(bistro).toContain('17:00');
    expect(bistro).toContain('21:00');
  });
});
