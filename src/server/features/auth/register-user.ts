import { hash } from '@node-rs/argon2';
import type { z } from 'zod';
import type { registerSchema, User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError, fromDatabaseError } from '../../errors.js';
import * as usersRepository from './users.repository.js';

// argon2id with OWASP's minimum recommended cost: 19 MiB, 2 passes.
export const argon2Options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export async function registerUser(db: Db, input: z.infer<typeof registerSchema>): Promise<User> {
  const taken = await usersRepository.findTaken(db, input.username, input.email);
  if (taken.username) throw new AppError(ErrorCode.DUPLICATE, 'That username is already taken');
  if (taken.email) throw new AppError(ErrorCode.DUPLICATE, 'An account with that email already exists');
  const passwordHash = await hash(input.password, argon2Options);
  try {
    const id = await usersRepository.insertUser(db, { ...input, passwordHash });
    return { id, username: input.username, email: input.email, userType: input.userType, businessId: null, fullName: null, phone: null };
  } catch (error) {
    // two registrations racing for the same name: the unique index decides
    if (fromDatabaseError(error)?.code === ErrorCode.DUPLICATE) throw new AppError(ErrorCode.DUPLICATE, 'That username or email is already taken');
    throw error;
  }
}
