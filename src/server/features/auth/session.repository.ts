import { and, eq, gt } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Db } from '../../db/client.js';
import { businesses, sessions, users } from '../../db/schema.js';

export async function createSession(db: Db, tokenHash: string, userId: number, expiresAt: Date) {
  await db.insert(sessions).values({ tokenHash, userId, expiresAt });
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function findUserBySession(db: Db, tokenHash: string): Promise<User | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email, userType: users.userType, businessId: businesses.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(businesses, eq(businesses.ownerId, users.id))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ? { ...row, userType: row.userType as User['userType'] } : null;
}
