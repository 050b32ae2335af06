import { hash, verify } from '@node-rs/argon2';
import type { LoginInput, User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { reserveLoginAttempt } from './login-limiter.js';
import { argon2Options } from './register-user.js';
import * as usersRepository from './users.repository.js';

// Verifying against a real hash when the user does not exist keeps timing from revealing usernames.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash('not-a-real-password', argon2Options));

export async function loginUser(db: Db, limit: number, input: LoginInput, ip: string): Promise<User> {
  // Reserved before the slow verify; a failure is counted, a success counts nothing.
  const reservation = await reserveLoginAttempt(db, limit, input.username, ip);
  let found: Awaited<ReturnType<typeof usersRepository.findByUsernameWithHash>>;
  let ok: boolean;
  try {
    found = await usersRepository.findByUsernameWithHash(db, input.username);
    ok = await verify(found?.passwordHash ?? (await getDummyHash()), input.password).catch(() => false);
  } catch (error) {
    // Nothing was verified (the database failed): hand the reservation back, count nothing.
    await reservation.release().catch(() => {});
    throw error;
  }
  if (!found || !ok) {
    await reservation.failed();
    throw new AppError(ErrorCode.UNAUTHENTICATED, 'Invalid username or password');
  }
  await reservation.release();
  const { passwordHash: _ignored, ...user } = found;
  return user;
}
