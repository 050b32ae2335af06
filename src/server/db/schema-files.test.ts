import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { withDatabase } from '../test/global-setup.js';
import { createTestDatabase, queryRows } from '../test/test-app.js';
import type { Database } from './client.js';
import { pgliteExtensions } from './client.js';
import { readFunctionFiles } from './function-files.js';
import { preBaselineDatabaseMigrated } from './legacy-database-test-support.js';
import { dumpSchema, schemaSqlPath } from './schema-dump.js';
import * as schema from './schema.js';

// One home for every rule (DESIGN section 2): each database function is one file, the schema is one
// file (schema.sql), and schema.ts says what the migrations make. These tests keep the three true.

const onPostgres = process.env.TEST_DB === 'postgres';
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await createTestDatabase()));
afterAll(() => drop());

/** The functions a file defines: the names after CREATE OR REPLACE FUNCTION. */
const definedIn = (sql: string) => [...sql.matchAll(/^CREATE OR REPLACE FUNCTION (\w+)\(/gm)].map((m) => m[1]);

/** Tables, columns, constraints and indexes of the public schema, one line each, sorted. */
const CATALOG = `
  select 'column ' || c.relname || '.' || a.attname || ': ' || format_type(a.atttypid, a.atttypmod)
         || case when a.attnotnull then ' not null' else '' end || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') as line
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace s on s.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
   where s.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
  union all
  select 'constraint ' || c.relname || '.' || con.conname || ': ' || pg_get_constraintdef(con.oid)
    from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace s on s.oid = c.relnamespace
   where s.nspname = 'public'
  union all
  select 'index ' || indexname || ': ' || indexdef from pg_indexes where schemaname = 'public'
  order by 1`;

/** Deparsed expressions group AND/OR by how they were written; compare the words, not the brackets. */
const normalize = (lines: string[]) => lines.map((l) => l.replace(/[()]/g, '').replace(/\s+/g, ' ').trim());

// What drizzle cannot express: the exclusion constraints (and their indexes), made by the baseline
// migration (a business's overlaps) and migration 0011 (a customer's).
const NOT_IN_SCHEMA_TS = /appointments_no_overlap|appointments_one_place/;

describe('database functions as source files', () => {
  it('every function in the database is defined in exactly one file, and every file is applied at its checksum', async () => {
    const files = readFunctionFiles();
    const where = new Map<string, string[]>();
    for (const f of files) for (const name of definedIn(f.sql)) where.set(name, [...(where.get(name) ?? []), f.file]);
    for (const [name, inFiles] of where) expect(inFiles, `${name} is defined in more than one file`).toHaveLength(1);

    // Functions of extensions (btree_gist) live in public too; they are not ours.
    const inDatabase = await queryRows<{ name: string; overloads: number }>(
      database,
      `select p.proname as name, count(*)::int as overloads from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        group by p.proname order by 1`,
    );
    expect(inDatabase.filter((f) => f.overloads > 1), 'a function with an old signature left beside the new one').toEqual([]);
    expect(inDatabase.map((f) => f.name)).toEqual([...where.keys()].sort());

    const recorded = await queryRows<{ file: string; checksum: string }>(database, 'select file, checksum from function_files order by file');
    expect(recorded).toEqual(files.map((f) => ({ file: f.file, checksum: f.checksum })));
  });

  it('schema.ts creates the tables, columns, constraints and indexes the migrations create', async () => {
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema as Record<string, unknown>));
    const fromSchemaTs = await catalogOfFreshDatabase(statements);
    const migrated = (await queryRows<{ line: string }>(database, CATALOG)).map((r) => r.line).filter((l) => !NOT_IN_SCHEMA_TS.test(l));
    expect(normalize(fromSchemaTs)).toEqual(normalize(migrated));
  }, 120_000); // a new embedded database takes a while on a busy machine

  it('drizzle-kit generate on this tree writes no migration (schema.ts and the migrations agree)', () => {
    // In a copy of the migrations folder, so the test never changes the tree.
    const dir = mkdtempSync(path.join(tmpdir(), 'que-generate-'));
    try {
      cpSync(fileURLToPath(new URL('./migrations', import.meta.url)), path.join(dir, 'migrations'), { recursive: true });
      const schemaPath = fileURLToPath(new URL('./schema.ts', import.meta.url));
      writeFileSync(path.join(dir, 'drizzle.config.mjs'), `export default ${JSON.stringify({ dialect: 'postgresql', schema: schemaPath, out: './migrations' })};`);
      const bin = fileURLToPath(new URL('../../../node_modules/.bin/drizzle-kit', import.meta.url));
      const before = readdirSync(path.join(dir, 'migrations')).sort();
      const output = execFileSync(bin, ['generate', '--config', 'drizzle.config.mjs'], { cwd: dir, encoding: 'utf8' });
      expect(readdirSync(path.join(dir, 'migrations')).sort(), output).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(onPostgres)('schema.sql (PostgreSQL)', () => {
  it('is what pg_dump prints after migrating: run `npm run db:schema` when this fails', () => {
    const url = withDatabase(process.env.TEST_DATABASE_URL!, inject('postgresTemplate'));
    expect(dumpSchema(url) === readFileSync(schemaSqlPath, 'utf8'), 'src/server/db/schema.sql is stale: run npm run db:schema').toBe(true);
  });

  it('a database migrated before the baseline (0000-0017) upgrades to exactly the schema a new one gets', async () => {
    const upgraded = await preBaselineDatabaseMigrated();
    try {
      // Deparsed AND/OR grouping differs between the old migrations' text and the baseline's.
      const canonical = (text: string) => normalize(text.split('\n')).join('\n');
      expect(canonical(dumpSchema(upgraded.url))).toBe(canonical(readFileSync(schemaSqlPath, 'utf8')));
    } finally {
      await upgraded.drop();
    }
  });
});

/** The catalog of a new, empty database after running only these statements (and the extensions). */
const EXTENSIONS = ['btree_gist', 'pg_trgm', 'unaccent', 'cube', 'earthdistance'];
async function catalogOfFreshDatabase(statements: string[]): Promise<string[]> {
  if (onPostgres) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `que_schema_ts_${process.pid}_${Date.now()}`;
    await admin.query(`create database ${name}`);
    const client = new pg.Client({ connectionString: withDatabase(process.env.TEST_DATABASE_URL!, name) });
    try {
      await client.connect();
      for (const name of EXTENSIONS) await client.query(`create extension ${name}`);
      for (const statement of statements) await client.query(statement);
      return (await client.query<{ line: string }>(CATALOG)).rows.map((r) => r.line);
    } finally {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    for (const name of EXTENSIONS) await client.exec(`create extension ${name}`);
    for (const statement of statements) await client.exec(statement);
    return (await client.query<{ line: string }>(CATALOG)).rows.map((r) => r.line);
  } finally {
    await client.close();
  }
}
