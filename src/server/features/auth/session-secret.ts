import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSecrets } from '../../db/schema.js';

const SESSION = 'session';
/** Where versions before the shared secret (November 2026) kept the generated secret. */
export const LEGACY_SECRET_FILE = 'session-secret';

/**
 * The secret that signs session cookies when SESSION_SECRET is not set: generated once and kept in
 * the database, so every process on one database signs and reads the same cookies (DESIGN section 3).
 * The first process to start writes it; the others read what it wrote. A secret an earlier version
 * kept in DATA_DIR is adopted, so an upgrade signs nobody out.
 */
export async function sharedSessionSecret(db: Db, dataDir: string): Promise<string> {
  const candidate = legacySecret(dataDir) ?? randomBytes(32).toString('hex');
  await db.insert(appSecrets).values({ name: SESSION, value: candidate }).onConflictDoNothing();
  // A second statement, so a row another process committed while this insert waited is seen.
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SESSION));
  return row.value;
}

function legacySecret(dataDir: string): string | null {
  const file = path.join(dataDir, LEGACY_SECRET_FILE);
  if (!existsSync(file)) return null;
  const secret = readFileSync(file, 'utf8').trim();
  return secret.length >= 32 ? secret : null;
}
