import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Db } from '../../db/client.js';
import { cachedQuery } from '../../db/prepared.js';
import { businesses, sessions, users } from '../../db/schema.js';
import { userColumns } from './users.repository.js';

export async function createSession(db: Db, tokenHash: string, userId: number, expiresAt: Date) {
  await db.insert(sessions).values({ tokenHash, userId, expiresAt });
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteUserSessions(db: Db, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lte(sessions.expiresAt, sql`now()`));
}

// Every signed-in request runs this, against the database each time (a logout acts at once).
const selectUserBySession = cachedQuery('sessions_find_user', (db) =>
  db
    .select(userColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(businesses, eq(businesses.ownerId, users.id))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1),
);

export async function findUserBySession(db: Db, tokenHash: string): Promise<User | null> {
  const [row] = await selectUserBySession(db, { tokenHash, now: new Date().toISOString() });
  return row ? { ...row, userType: row.userType as User['userType'] } : null;
}
