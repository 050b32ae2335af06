import { eq, sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Db } from '../../db/client.js';
import { businesses, users } from '../../db/schema.js';

/** What a signed-in user is told about their own account (User), read with the session and at login. */
export const userColumns = {
  id: users.id, username: users.username, email: users.email, userType: users.userType, businessId: businesses.id, fullName: users.fullName, phone: users.phone,
};

export async function insertUser(db: Db, values: { username: string; email: string; passwordHash: string; userType: string }) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row.id;
}

export async function findByUsernameWithHash(db: Db, username: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(businesses, eq(businesses.ownerId, users.id))
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row ? { ...row, userType: row.userType as User['userType'] } : null;
}

export async function findTaken(db: Db, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`);
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

/** Case-insensitive, like the unique index and registration's own check. */
export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
  return row !== undefined;
}

/** Sets the profile fields given (undefined leaves one as it is); false when the user is gone. */
export async function updateProfileFields(db: Db, userId: number, fields: { fullName?: string | null; phone?: string | null }): Promise<boolean> {
  const rows = await db.update(users).set(fields).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

export async function findUserById(db: Db, userId: number): Promise<User | null> {
  const [row] = await db.select(userColumns).from(users).leftJoin(businesses, eq(businesses.ownerId, users.id)).where(eq(users.id, userId)).limit(1);
  return row ? { ...row, userType: row.userType as User['userType'] } : null;
}
