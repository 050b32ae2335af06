import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** src/server/db/schema.sql: the whole schema after migrating, as pg_dump prints it (DESIGN section 2). */
export const schemaSqlPath = fileURLToPath(new URL('./schema.sql', import.meta.url));

export const SCHEMA_SQL_HEADER = `-- The whole database schema after every migration and function file, as pg_dump --schema-only prints
-- it (tables, constraints, indexes, functions, triggers). Generated: npm run db:schema. CI fails when
-- it is stale (src/server/db/schema-files.test.ts). Read it; change the migrations and function files.
`;

/**
 * pg_dump of one database's schema, without what differs from run to run or machine to machine:
 * owners and privileges, drizzle's bookkeeping schema, the job queue's schema (graphile_worker: the
 * library's own migrations define it, decision 0028), the random \restrict key, and versions.
 */
export function dumpSchema(url: string): string {
  const text = execFileSync('pg_dump', ['--schema-only', '--no-owner', '--no-privileges', '--exclude-schema=drizzle', '--exclude-schema=graphile_worker', url], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = text.split('\n').filter((line) => !/^\\(un)?restrict /.test(line) && !/^-- Dumped (from|by) /.test(line));
  return SCHEMA_SQL_HEADER + lines.join('\n').replace(/\n{3,}/g, '\n\n');
}
