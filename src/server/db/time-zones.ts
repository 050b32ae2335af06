import { sql } from 'drizzle-orm';
import { ConfigError } from '../config.js';
import type { Db } from './client.js';

/** The name Node's Intl resolves a zone to (its canonical one), or null when Intl does not know it. */
export function intlCanonical(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The IANA zones a business may use. Node's Intl and PostgreSQL ship different zone lists
 * (Intl takes "US/Pacific-New", PostgreSQL refuses it), and a zone either side cannot use breaks
 * slot lists (Intl) or every listing that computes "open today" (PostgreSQL).
 */
export class TimeZones {
  constructor(
    private readonly databaseZones: ReadonlySet<string>,
    /** DEFAULT_TIME_ZONE, already resolved. */
    readonly fallback: string,
  ) {}

  /** The name to store for `input`: itself when both sides know it, else Intl's canonical name if the database knows that; null otherwise. */
  resolve(input: string): string | null {
    const canonical = intlCanonical(input);
    if (canonical === null) return null;
    if (this.databaseZones.has(input)) return input;
    return this.databaseZones.has(canonical) ? canonical : null;
  }
}

/** Reads pg_timezone_names once: it scans the zone files on every call (tens of milliseconds). */
export async function loadTimeZones(db: Db, defaultTimeZone: string): Promise<TimeZones> {
  const result = (await db.execute(sql`select name from pg_timezone_names`)) as unknown as { rows: { name: string }[] };
  const databaseZones = new Set(result.rows.map((r) => r.name));
  const fallback = new TimeZones(databaseZones, defaultTimeZone).resolve(defaultTimeZone);
  if (fallback === null) {
    throw new ConfigError(`Invalid configuration:\n  DEFAULT_TIME_ZONE: "${defaultTimeZone}" is not a time zone the database knows (see pg_timezone_names)`);
  }
  return new TimeZones(databaseZones, fallback);
}
