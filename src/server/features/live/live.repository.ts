import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications, sessions } from '../../db/schema.js';
import type { NotificationRow } from '../notifications/notifications.repository.js';

/** One notification by id (the notifications repository lists by user; delivery needs one row). */
export async function findNotification(db: Db, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

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
