import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from './client.js';
import { cachedSql } from './prepared.js';

/**
 * The one typed way TypeScript calls a database function (DESIGN section 2: each function has one
 * wrapper beside its use case). `statement` selects the function's answer as one row (sql.placeholder
 * for every value, sent as a named prepared statement: cachedSql); `row` is the zod schema of that
 * row, so a function whose answer changed shape fails loudly here instead of being cast and trusted.
 */
export function sqlFunction<V extends Record<string, unknown>, S extends z.ZodType>(name: string, statement: SQL, row: S) {
  const query = cachedSql<V>(name, statement);
  return async (db: Db, values: V): Promise<z.infer<S>> => {
    const result = (await query(db, values)) as { rows: unknown[] };
    const parsed = row.safeParse(result.rows[0]);
    if (!parsed.success) throw new Error(`${name} answered a row this app does not expect: ${parsed.error.message}`);
    return parsed.data;
  };
}
