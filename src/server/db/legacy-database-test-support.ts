import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { withDatabase } from '../test/global-setup.js';
import { type Database, migrationsFolder, openDatabase, pgliteExtensions } from './client.js';

// For tests of a data migration: a database as it was before one versioned migration, holding rows
// that only a database from before its rule can hold, then migrated by this tree.

/** A copy of the migrations that stops before the one tagged `beforeTag` (e.g. '0004'). */
function migrationsBefore(beforeTag: string): { folder: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), `que-before-${beforeTag}-`));
  const folder = path.join(dir, 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < beforeTag);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A database migrated up to just before `beforeTag`, holding `legacySql`, then migrated by this tree
 * (that migration, the later ones and the function files): on PostgreSQL when the tests run there.
 */
export async function legacyDatabaseMigrated(beforeTag: string, legacySql: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const before = migrationsBefore(beforeTag);
  try {
    if (process.env.TEST_DB === 'postgres') {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `que_legacy_${process.pid}_${Date.now()}`;
      await admin.query(`create database ${name}`);
      const url = withDatabase(process.env.TEST_DATABASE_URL!, name);
      const old = new pg.Client({ connectionString: url });
      await old.connect();
      await migratePg(drizzlePg(old), { migrationsFolder: before.folder });
      await old.query(legacySql);
      await old.end();
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
      await database.migrate();
      return {
        database,
        drop: async () => {
          await database.close();
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        },
      };
    }
    const old = await PGlite.create({ extensions: pgliteExtensions });
    await migratePglite(drizzlePglite(old), { migrationsFolder: before.folder });
    await old.exec(legacySql);
    const dump = await old.dumpDataDir('gzip');
    await old.close();
    const database = await openDatabase({ kind: 'pglite', loadDataDir: dump });
    await database.migrate();
    return { database, drop: () => database.close() };
  } finally {
    before.remove();
  }
}

/**
 * A database as the migrations before the baseline left it (test-fixtures/schema-at-0017.sql: their
 * tables and their functions), holding `legacySql`, then migrated by this tree: PostgreSQL only, as
 * the fixture is pg_dump's text. Skips the baseline, as such a database does, and runs 0001 on.
 */
export async function preBaselineDatabaseMigrated(legacySql: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `que_pre_baseline_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = withDatabase(process.env.TEST_DATABASE_URL!, name);
  const old = new pg.Client({ connectionString: url });
  await old.connect();
  await old.query(readFileSync(new URL('./test-fixtures/schema-at-0017.sql', import.meta.url), 'utf8'));
  await old.query(`create schema drizzle; create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);
                   insert into drizzle.__drizzle_migrations (hash, created_at) values ('0017', 1795400900000)`);
  // pg_dump's text empties the search path for the rest of the session
  await old.query('set search_path to public');
  await old.query(legacySql);
  await old.end();
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
