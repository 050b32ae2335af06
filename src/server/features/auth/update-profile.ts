import type { z } from 'zod';
import type { User } from '../../../contract/auth.js';
import type { updateProfileSchema } from '../../../contract/profile.js';
import type { Db } from '../../db/client.js';
import { forbidden, unauthenticated } from '../../errors.js';
import * as usersRepository from './users.repository.js';

type ProfileChange = z.output<typeof updateProfileSchema>;

/**
 * PATCH /api/user: the signed-in user changes their own full name and phone (already checked and in
 * E.164, contract/auth.ts). Nobody changes another's profile: a `userId` naming someone else is 403.
 */
export async function updateProfile(db: Db, user: User, change: ProfileChange): Promise<User> {
  if (change.userId !== undefined && change.userId !== user.id) throw forbidden('You can change only your own profile');
  const fields = { fullName: change.fullName, phone: change.phone };
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  // An account deleted since the session was read has no profile to change: signed out.
  if (Object.keys(given).length > 0 && !(await usersRepository.updateProfileFields(db, user.id, given))) throw unauthenticated();
  const updated = await usersRepository.findUserById(db, user.id);
  if (!updated) throw unauthenticated();
  return updated;
}
