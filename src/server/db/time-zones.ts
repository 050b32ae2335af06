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

/**
 * The zones one database knows, read once per database: pg_timezone_names scans the zone files on every
 * call (tens of milliseconds; 30 ms on PGlite, once per test file that builds an app on a worker's kept
 * database). Kept by the drizzle handle, which is one database's for its lifetime.
 */
const zonesByDatabase = new WeakMap<Db, Promise<ReadonlySet<string>>>();

function databaseZones(db: Db): Promise<ReadonlySet<string>> {
  let zones = zonesByDatabase.get(db);
  if (!zones) {
    zones = (db.execute(sql`select name from pg_timezone_names`) as unknown as Promise<{ rows: { name: string }[] }>)
      .then((result) => new Set(result.rows.map((r) => r.name)));
    // A failed read is not kept: the next app on this database reads again.
    zones.catch(() => zonesByDatabase.delete(db));
    zonesByDatabase.set(db, zones);
  }
  return zones;
}

export async function loadTimeZones(db: Db, defaultTimeZone: string): Promise<TimeZones> {
  const zones = await databaseZones(db);
  const fallback = new TimeZones(zones, defaultTimeZone).resolve(defaultTimeZone);
  if (fallback === null) {
    throw new ConfigError(`Invalid configuration:\n  DEFAULT_TIME_ZONE: "${defaultTimeZone}" is not a time zone the database knows (see pg_timezone_names)`);
  }
  return new TimeZones(zones, fallback);
}
