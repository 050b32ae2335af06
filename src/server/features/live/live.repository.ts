import { createHash } from 'node:crypto';
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';

/** The hash sessions are stored under (as features/auth/sessions.ts stores them). */
export const sessionHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Which of these session hashes still belong to an unexpired session: one query for all sockets. */
export async function liveSessionHashes(db: Db, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(inArray(sessions.tokenHash, hashes), gt(sessions.expiresAt, sql`now()`)));
  return new Set(rows.map((row) => row.tokenHash));
}
