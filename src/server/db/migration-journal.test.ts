import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows } from '../test/test-app.js';
import { migrationsFolder } from './client.js';
import { legacyDatabaseMigrated } from './legacy-database-test-support.js';

/** Every migration of this tree: a database migrated by it has them all. */
const ALL = (JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] }).entries.length;

// The journal's order as drizzle's migrator reads it: an entry runs only when its "when" is later than
// the created_at of the latest migration the database has (migration-journal.unit.test.ts checks the
// file). 0012_policies used to be dated before 0011_one_place: a database stopped at 0011 skipped it.

const applied = (database: Parameters<typeof queryRows>[0]) =>
  queryRows<{ n: number }>(database, 'select count(*)::int as n from drizzle.__drizzle_migrations').then((r) => r[0].n);

describe('the migration journal on databases migrated before', () => {
  it('a database stopped at 0011 runs 0012 and every later one', async () => {
    const { database, drop } = await legacyDatabaseMigrated('0012', 'select 1');
    try {
      const columns = await queryRows<{ name: string }>(
        database,
        `select table_name || '.' || column_name as name from information_schema.columns
          where (table_name, column_name) in (('appointments', 'booked_policies'), ('businesses', 'policies'), ('services', 'policies')) order by 1`,
      );
      expect(columns.map((c) => c.name)).toEqual(['appointments.booked_policies', 'businesses.policies', 'services.policies']);
      expect(await applied(database)).toBe(ALL);
    } finally {
      await drop();
    }
  }, 180_000);

  it('a database that has every migration, recorded at the old journal times, runs none again', async () => {
    // A database this tree migrated (the tests' template: every migration and the function files), with
    // 0012 recorded as the old journal dated it; the rest keep their times.
    const { database, drop } = await createTestDatabase();
    await queryRows(database, 'update drizzle.__drizzle_migrations set created_at = 1795670718575 where created_at = 1795675000000');
    try {
      expect(await queryRows(database, 'select 1 as found from drizzle.__drizzle_migrations where created_at = 1795670718575')).toEqual([{ found: 1 }]);
      expect(await applied(database)).toBe(ALL);
      await database.migrate();
      expect(await applied(database)).toBe(ALL);
    } finally {
      // The worker may hand this PGlite to its next file (test-app.ts), which must find the journal's own times.
      await queryRows(database, 'update drizzle.__drizzle_migrations set created_at = 1795675000000 where created_at = 1795670718575');
      await drop();
    }
  }, 180_000);
});
