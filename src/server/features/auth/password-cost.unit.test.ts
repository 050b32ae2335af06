import { hash, verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { argon2Options } from './register-user.js';

// API tests hash at the lowest cost (test/cheap-password-hashing.ts); this unit test runs without that
// mock and holds the production cost to decision 3: argon2id, 19 MiB, 2 passes.
describe('password hashing cost', () => {
  it('stores argon2id hashes at 19 MiB and 2 passes', async () => {
    const stored = await hash('plum-orchard-42', argon2Options);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(stored, 'plum-orchard-42')).toBe(true);
    expect(await verify(stored, 'plum-orchard-43')).toBe(false);
  });
});
