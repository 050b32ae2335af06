import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, queryRows, signUp, TestClient, testConfig } from '../../test/test-app.js';
import { LEGACY_SECRET_FILE, sharedSessionSecret } from './session-secret.js';

// Two processes behind a load balancer share one database: a session made on one must work on the other.
describe('the generated session secret is shared through the database', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => testDb.drop());

  const appWithout = async (dataDir: string, secret?: string) => {
    const app = await buildApp({ config: testConfig({ SESSION_SECRET: secret, DATA_DIR: dataDir }), database: testDb.database, logger: false, serveWeb: false });
    await app.ready();
    return app;
  };

  it('signs a session on one process that the other process accepts, and adopts a secret an earlier version kept in DATA_DIR', async () => {
    const firstDir = mkdtempSync(path.join(tmpdir(), 'que-secret-a-'));
    const legacy = 'a'.repeat(24) + 'legacy-secret-from-data-dir';
    writeFileSync(path.join(firstDir, LEGACY_SECRET_FILE), `${legacy}\n`);
    const first = await appWithout(firstDir);
    const second = await appWithout(mkdtempSync(path.join(tmpdir(), 'que-secret-b-')));
    try {
      expect(await queryRows(testDb.database, "select value from app_secrets where name = 'session'")).toEqual([{ value: legacy }]);
      const alice = await signUp(first);
      const onSecond = new TestClient(second);
      onSecond.cookie = alice.cookie;
      const session = await onSecond.get('/api/session');
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({ user: { id: alice.user.id } });
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('keeps the first secret written: later processes and other legacy files do not replace it', async () => {
    const otherDir = mkdtempSync(path.join(tmpdir(), 'que-secret-c-'));
    writeFileSync(path.join(otherDir, LEGACY_SECRET_FILE), 'b'.repeat(64));
    const values = await Promise.all([0, 1, 2].map(() => sharedSessionSecret(testDb.database.db, otherDir)));
    expect(new Set(values).size).toBe(1);
    expect(values[0]).not.toBe('b'.repeat(64));
    expect(await queryRows(testDb.database, 'select count(*)::int as n from app_secrets')).toEqual([{ n: 1 }]);
  });

  it('uses SESSION_SECRET when it is set: a cookie signed with the database secret is refused', async () => {
    const shared = await appWithout(mkdtempSync(path.join(tmpdir(), 'que-secret-d-')));
    const configured = await appWithout(mkdtempSync(path.join(tmpdir(), 'que-secret-e-')), 'configured-secret-configured-secret-0001');
    try {
      const bob = await signUp(shared);
      const onConfigured = new TestClient(configured);
      onConfigured.cookie = bob.cookie;
      expect((await onConfigured.get('/api/session')).json()).toMatchObject({ user: null });
    } finally {
      await shared.close();
      await configured.close();
    }
  });
});
