import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { RULES } from '../../contract/rules.js';
import { migrationsFolder, openDatabase } from '../db/client.js';
import { readFunctionFiles } from '../db/function-files.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * One migrated template per run: a PGlite data-dir dump (a plain tar) that each test file loads, kept
 * for the next run of the same tree (pgliteTemplate), or a PostgreSQL database each test file copies
 * with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  if (project.name === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `que_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 2 });
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      // The files' clones (test-app.ts names them after the template), the ones made ahead and never used too.
      const dropClones = async () => {
        const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [`${name}_`]);
        for (const clone of rows) await admin.query(`drop database if exists ${clone.datname} with (force)`);
      };
      await dropClones();
      // Waits for a clone still being made from the template (its lock), which the second look then finds.
      await admin.query(`drop database if exists ${name} with (force)`);
      await dropClones();
      await admin.end();
    };
  }
  project.provide('pgliteTemplate', await pgliteTemplate());
  project.provide('postgresTemplate', '');
}

const root = path.resolve(import.meta.dirname, '../../..');
const cacheDir = path.join(root, 'node_modules', '.cache', 'que-test-templates');

/**
 * The PGlite template's file, made once for what the migrations make: its name is a digest of
 * everything that decides what a migrated database holds (the migrations, the function files, the
 * rules, this file and the database client, the database libraries' versions), so a run reuses a
 * template an earlier run made from the same tree and a change to any of them makes a new one. CI
 * runs Vitest three times (the suite, then at two fake clocks), and each migrated a PGlite of its own
 * first, one core busy and the other idle, before any test file started. Written under another name
 * and renamed, so runs side by side never read half a file.
 */
export async function pgliteTemplate(): Promise<string> {
  const file = path.join(cacheDir, `pglite-${templateDigest()}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  // Uncompressed (43 MB against 5 MB): each test file loads it, and not gunzipping saves about 0.3 s of
  // CPU per file (a PGlite opened in 0.74 s instead of 1.03 s, medians of 6, measured 2026-11-26).
  const dump = Buffer.from(await (await database.dumpDataDir!('none')).arrayBuffer());
  await database.close();
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, dump);
  renameSync(partial, file);
  // Templates of earlier trees (43 MB each), unless another run may still be starting from one.
  for (const old of readdirSync(cacheDir).map((f) => path.join(cacheDir, f))) {
    if (old !== file && Date.now() - statSync(old).mtimeMs > 3_600_000) rmSync(old, { force: true });
  }
  return file;
}

function templateDigest(): string {
  const hash = createHash('sha256');
  const migrations = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? migrations(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of migrations(migrationsFolder).sort()) hash.update(path.relative(migrationsFolder, file)).update(readFileSync(file));
  for (const f of readFunctionFiles()) hash.update(f.file).update(f.checksum);
  hash.update(JSON.stringify(RULES));
  for (const source of ['../db/client.ts', './global-setup.ts']) hash.update(readFileSync(path.resolve(import.meta.dirname, source)));
  for (const lib of ['@electric-sql/pglite', 'drizzle-orm', 'graphile-worker']) {
    hash.update(`${lib}@${(JSON.parse(readFileSync(path.join(root, 'node_modules', lib, 'package.json'), 'utf8')) as { version: string }).version}`);
  }
  return hash.digest('hex').slice(0, 16);
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
