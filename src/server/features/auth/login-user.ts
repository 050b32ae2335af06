import { hash, verify } from '@node-rs/argon2';
import type { LoginInput, User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { LoginLimiter } from './login-limiter.js';
import { argon2Options } from './register-user.js';
import * as usersRepository from './users.repository.js';

// Verifying against a real hash when the user does not exist keeps timing from revealing usernames.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash('not-a-real-password', argon2Options));

export async function loginUser(db: Db, limiter: LoginLimiter, input: LoginInput, ip: string): Promise<User> {
  const keys = [`user:${input.username.toLowerCase()}`, `ip:${ip}`];
  const wait = limiter.retryAfter(keys);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60000);
    throw new AppError(ErrorCode.RATE_LIMITED, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
  const found = await usersRepository.findByUsernameWithHash(db, input.username);
  const ok = await verify(found?.passwordHash ?? (await getDummyHash()), input.password).catch(() => false);
  if (!found || !ok) {
    limiter.recordFailure(keys);
    throw new AppError(ErrorCode.UNAUTHENTICATED, 'Invalid username or password');
  }
  limiter.reset(keys[0]);
  const { passwordHash: _ignored, ...user } = found;
  return user;
}
