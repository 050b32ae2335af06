import { vi } from 'vitest';

// API tests register and sign in hundreds of users. At the production cost (argon2id, 19 MiB, 2 passes;
// features/auth/register-user.ts) each hash is tens of milliseconds of CPU, repeated for every sign-up on
// both databases. Tests hash with the same algorithm at the lowest memory and one pass: verify() reads the
// cost from the stored hash, so logins, wrong passwords and the unknown-user dummy hash behave as in
// production, only quicker. The production options are still what the app passes; only the cost changes.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    hash: (password: Parameters<typeof argon2.hash>[0], options?: Parameters<typeof argon2.hash>[1]) =>
      argon2.hash(password, { ...options, memoryCost: 1024, timeCost: 1 }),
  };
});
