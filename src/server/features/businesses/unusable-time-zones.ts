import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export interface WarnLog {
  warn(details: object, message: string): void;
}

/** invalid_parameter_value: what `at time zone` raises for a name PostgreSQL does not know (among other causes). */
export function isInvalidParameterError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++, e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '22023') return true;
  }
  return false;
}

async function databaseCanUse(db: Db, timeZone: string): Promise<boolean> {
  try {
    await db.execute(sql`select now() at time zone ${timeZone}`);
    return true;
  } catch (error) {
    if (isInvalidParameterError(error)) return false;
    throw error;
  }
}

/** Businesses whose stored zone PostgreSQL cannot use: written before zones were checked, or dropped by a tzdata update. */
export async function findUnusableTimeZones(db: Db): Promise<{ businessIds: number[]; timeZones: string[] }> {
  // pg_timezone_names narrows the candidates cheaply; `at time zone` also takes spellings it does not list ("utc").
  const result = (await db.execute(
    sql`select b.id, b.time_zone from businesses b where not exists (select 1 from pg_timezone_names n where n.name = b.time_zone)`,
  )) as unknown as { rows: { id: number; time_zone: string }[] };
  const timeZones: string[] = [];
  for (const zone of new Set(result.rows.map((r) => r.time_zone))) if (!(await databaseCanUse(db, zone))) timeZones.push(zone);
  const businessIds = result.rows.filter((r) => timeZones.includes(r.time_zone)).map((r) => Number(r.id));
  return { businessIds, timeZones };
}

/**
 * Runs a query over many businesses so that one row with an unusable zone cannot fail it for every
 * visitor: on PostgreSQL's error, those rows are logged and the query runs again without their zones.
 * Costs nothing until a query fails.
 */
export async function skippingUnusableTimeZones<T>(db: Db, log: WarnLog | undefined, query: (skipTimeZones: string[]) => Promise<T>): Promise<T> {
  try {
    return await query([]);
  } catch (error) {
    if (!isInvalidParameterError(error)) throw error;
    const unusable = await findUnusableTimeZones(db);
    if (unusable.timeZones.length === 0) throw error;
    log?.warn(unusable, 'skipped businesses whose time zone the database cannot use');
    return query(unusable.timeZones);
  }
}
