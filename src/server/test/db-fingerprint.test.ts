import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { fingerprint } from './db-fingerprint.js';
import { createTestDatabase, queryRows } from './test-app.js';

// The fingerprint keeps its last hashes while the database's snapshot is unchanged (db-fingerprint.ts).
// The route fuzzing and the authorization matrix only ever see equal fingerprints pass, so this file
// shows that a kept answer never hides a write.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

const addUser = (name: string) =>
  queryRows(database, `insert into users (username, email, password_hash, user_type) values ('${name}', '${name}@example.com', 'x', 'customer')`);

describe('database fingerprint', () => {
  it('is the same while nothing is written, and changes with every committed write', async () => {
    const first = await fingerprint(database);
    expect(await fingerprint(database)).toEqual(first);

    await addUser('fp1');
    const second = await fingerprint(database);
    expect(second.users).not.toBe(first.users);
    expect(await fingerprint(database)).toEqual(second);

    await queryRows(database, `update users set email = 'fp1@example.org' where username = 'fp1'`);
    const third = await fingerprint(database);
    expect(third.users).not.toBe(second.users);

    await queryRows(database, `delete from users where username = 'fp1'`);
    expect((await fingerprint(database)).users).not.toBe(third.users);
  });

  it('does not change for a rolled-back write, nor for the tables written by design', async () => {
    await addUser('fp2');
    const before = await fingerprint(database);
    await database.db
      .transaction(async (tx) => {
        await tx.execute(`insert into users (username, email, password_hash, user_type) values ('fp3', 'fp3@example.com', 'x', 'customer')`);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await fingerprint(database)).toEqual(before);
    await queryRows(database, `insert into login_attempts (key, count, window_ends_at) values ('ip:fp', 1, now())`);
    expect(await fingerprint(database)).toEqual(before);
    // A write after those is still seen.
    await queryRows(database, `update users set email = 'fp2@example.org' where username = 'fp2'`);
    expect((await fingerprint(database)).users).not.toBe(before.users);
  });
});
