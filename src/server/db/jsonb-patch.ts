import { type AnyColumn, sql, type SQL } from 'drizzle-orm';

/**
 * A jsonb column with some keys changed in one statement (no read-modify-write race): the values
 * given are merged in, the keys given as null removed, the others kept (booking policies, where a
 * missing key means the default).
 */
export function jsonbPatch(column: AnyColumn, patch: Record<string, unknown> | undefined): SQL {
  const entries = Object.entries(patch ?? {}).filter(([, v]) => v !== undefined);
  const set = Object.fromEntries(entries.filter(([, v]) => v !== null));
  const removed = entries.filter(([, v]) => v === null).map(([k]) => k);
  // The removed keys travel as one JSON text: drizzle spreads a JS array into a parameter list.
  return sql`(${column} || ${JSON.stringify(set)}::jsonb) - array(select jsonb_array_elements_text(${JSON.stringify(removed)}::jsonb))`;
}
