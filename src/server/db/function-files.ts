import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Database functions as source files (DESIGN section 2; docs/decisions/0016-function-files.md).
 * Each function, or small family, is one file `src/server/<feature dir>/sql/<name>.sql` written as
 * CREATE OR REPLACE, and is run again after the versioned migrations whenever its checksum differs
 * from the one recorded in `function_files`: a repeatable step, as Flyway's R__ scripts. A function
 * dropped or given another signature is dropped by a versioned migration (CREATE OR REPLACE cannot
 * change a return type, and a new argument list would leave the old function beside the new one).
 */

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

export interface FunctionFile {
  /** Path from src/server, with forward slashes: the key in function_files. */
  file: string;
  sql: string;
  checksum: string;
}

/** Every function file, in path order (order does not matter: bodies are checked when run). */
export function readFunctionFiles(root = serverRoot): FunctionFile[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'migrations') walk(full);
      } else if (entry.name.endsWith('.sql') && path.basename(dir) === 'sql') {
        found.push(full);
      }
    }
  };
  walk(root);
  return found.sort().map((full) => {
    const sql = readFileSync(full, 'utf8');
    return { file: path.relative(root, full).split(path.sep).join('/'), sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

/** One connection's way to run SQL text (several statements allowed) and read rows. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  rows<T>(sql: string, params: unknown[]): Promise<T[]>;
}

/**
 * Runs, in one transaction, every file whose checksum is new, and records it. Callers hold the
 * migration lock, so two processes starting together take turns. With check_function_bodies off
 * (as pg_dump restores), a SQL-language function may name one created later in the same run.
 */
export async function applyFunctionFiles(runner: SqlRunner, files = readFunctionFiles()): Promise<string[]> {
  const applied = new Map(
    (await runner.rows<{ file: string; checksum: string }>('select file, checksum from function_files', [])).map((r) => [r.file, r.checksum]),
  );
  const changed = files.filter((f) => applied.get(f.file) !== f.checksum);
  const gone = [...applied.keys()].filter((file) => !files.some((f) => f.file === file));
  if (changed.length === 0 && gone.length === 0) return [];
  await runner.exec('begin');
  try {
    await runner.exec('set local check_function_bodies = off');
    for (const f of changed) {
      try {
        await runner.exec(f.sql);
      } catch (error) {
        throw new Error(`database function file ${f.file} failed: ${(error as Error).message}`, { cause: error });
      }
      await runner.rows(
        `insert into function_files (file, checksum) values ($1, $2)
         on conflict (file) do update set checksum = excluded.checksum, applied_at = now()`,
        [f.file, f.checksum],
      );
    }
    // A file removed from the tree: its functions were dropped by a versioned migration.
    if (gone.length > 0) await runner.rows('delete from function_files where file = any($1::text[])', [gone]);
    await runner.exec('commit');
  } catch (error) {
    await runner.exec('rollback').catch(() => {});
    throw error;
  }
  return changed.map((f) => f.file);
}
