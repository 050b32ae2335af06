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

/** A new, empty database on the tests' PostgreSQL server; drop() removes it, whoever is still connected. */
async function scratchPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  return {
    url: withDatabase(process.env.TEST_DATABASE_URL!, name),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Opens the scratch database as the app does and migrates it by this tree; drop() closes and removes it. */
async function migratedByThisTree(scratch: { url: string; drop(): Promise<void> }) {
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
  await database.migrate();
  return {
    database,
    url: scratch.url,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * A database migrated up to just before `beforeTag`, holding `legacySql`, then migrated by this tree
 * (that migration, the later ones and the function files): on PostgreSQL when the tests run there.
 */
export async function legacyDatabaseMigrated(beforeTag: string, legacySql: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const before = migrationsBefore(beforeTag);
  try {
    if (process.env.TEST_DB === 'postgres') {
      const scratch = await scratchPostgresDatabase('que_legacy');
      const old = new pg.Client({ connectionString: scratch.url });
      await old.connect();
      await migratePg(drizzlePg(old), { migrationsFolder: before.folder });
      await old.query(legacySql);
      await old.end();
      return migratedByThisTree(scratch);
    }
    const old = await PGlite.create({ extensions: pgliteExtensions });
    await migratePglite(drizzlePglite(old), { migrationsFolder: before.folder });
    await old.exec(legacySql);
    // Uncompressed: gzipping 43 MB and reading it back cost about 1.2 s of CPU per database (test-app.ts's template is too).
    const dump = await old.dumpDataDir('none');
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
 * tables and their functions), holding `legacySql` if given, then migrated by this tree: PostgreSQL
 * only, as the fixture is pg_dump's text. Skips the baseline, as such a database does, and runs 0001 on.
 */
export async function preBaselineDatabaseMigrated(legacySql = ''): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const scratch = await scratchPostgresDatabase('que_pre_baseline');
  const old = new pg.Client({ connectionString: scratch.url });
  await old.connect();
  await old.query(readFileSync(new URL('./test-fixtures/schema-at-0017.sql', import.meta.url), 'utf8'));
  await old.query(`create schema drizzle; create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);
                   insert into drizzle.__drizzle_migrations (hash, created_at) values ('0017', 1795400900000)`);
  // pg_dump's text empties the search path for the rest of the session
  await old.query('set search_path to public');
  if (legacySql) await old.query(legacySql);
  await old.end();
  return migratedByThisTree(scratch);
}
